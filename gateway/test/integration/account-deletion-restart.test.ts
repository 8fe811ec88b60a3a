import { describe, expect, it } from 'vitest';
import { erasingServices, messages } from '@reproute/contracts';
import { api, eventually, runScript, sleep, stack } from '@reproute/platform/testing';
import { accountThatDidEverything, deletionFinished, deletionOf, isNamedLeftover, tracesInSchemas } from './account-support.ts';

/**
 * A deletion waits for every service: with referral stopped while it is asked for, the other services erase their
 * parts and report, the account stays "being deleted" (sign-in refused with that message, its tokens refused), and
 * once referral starts again it reads the request from Kafka, erases its part, and identity finishes.
 */
describe('deleting an account while a service is down', () => {
  it('waits for the service, then finishes', async () => {
    const account = await accountThatDidEverything();
    const referralOps = stack.serviceOpsUrl('referral');
    try {
      runScript('services.sh', ['stop', 'referral']);
      const asked = await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: account.password } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      const others = erasingServices.filter((s) => s !== 'referral');
      await eventually(async () => {
        const state = await deletionOf(account.id);
        return state && others.every((s) => state.erased_by.includes(s));
      }, 60_000, 'every other service reported');
      await sleep(3_000);
      const waiting = await deletionOf(account.id);
      expect(waiting?.finished_at).toBeNull();
      expect(waiting?.erased_by).not.toContain('referral');
      const signIn = await api('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
      expect([signIn.status, signIn.body.message]).toEqual([403, messages.accountBeingDeleted]);
      expect((await api('GET', '/api/favorites', { token: account.token })).status).toBe(401);
      // What the others held is gone already; referral's part waits in its schema.
      const meanwhile = (await tracesInSchemas(account.needles)).filter((t) => !isNamedLeftover(t));
      expect([...new Set(meanwhile.map((t) => t.place.split('.')[0]))]).toEqual(expect.arrayContaining(['identity', 'referral']));
      expect(meanwhile.filter((t) => !['identity', 'referral'].includes(t.place.split('.')[0]!))).toEqual([]);
    } finally {
      runScript('services.sh', ['start', 'referral']);
    }
    await eventually(async () => (await fetch(`${referralOps}/health/ready`)).ok, 60_000, 'referral ready');
    await deletionFinished(account.id, 90_000);
    let left = await tracesInSchemas(account.needles);
    await eventually(async () => (left = await tracesInSchemas(account.needles)).every(isNamedLeftover), 15_000, 'nothing left').catch(() => undefined);
    expect(left.filter((t) => !isNamedLeftover(t))).toEqual([]);
    const after = await api('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    expect(after.status).toBe(401);
  }, 240_000);
});
