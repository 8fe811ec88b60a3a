import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { revokedTokensKey } from '@reproute/platform';
import { api, apiFrom, emailsTo, eventually, seedAccounts, sleep, waitForEmail, stack, uniqueClientAddress } from '@reproute/platform/testing';
import { claimsOf, identityDb, messageOf, outboxEventTypes, password, redis, register } from './helpers.ts';

// What crosses services, Redis or the gateway: the verification and welcome emails, sign-in limits (counted in Redis), logout
// at the gateway, the seeded accounts. Identity's own answers (register, login, me, validation) are in test/routes.
const identityUrl = process.env.IDENTITY_URL ?? stack.serviceUrl('identity');

afterAll(async () => {
  await identityDb.end();
  redis.disconnect();
});

describe('POST /api/auth/register', () => {
  it('emails the verification link (greeting no one by name), and the welcome only once the link is opened', async () => {
    const { user, token } = await register('welcome');
    await eventually(async () => (await outboxEventTypes(user.id)).some((e) => e.type === 'user.registered' && e.sent), 20_000, 'user.registered published');
    const verification = await waitForEmail((e) => e.to.some((t) => t.address === user.email) && e.subject === 'Confirm your email address for RepRoute');
    expect(verification.text).toMatch(/^Hi,\n/);
    expect(verification.text).not.toContain('Ivy');
    expect((await emailsTo(user.email)).map((e) => e.subject)).not.toContain('Welcome to RepRoute');
    const link = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(verification.text ?? '')?.[1];
    expect((await api('POST', '/api/auth/verify-email', { token, body: { token: link } })).status).toBe(200);
    const welcome = await waitForEmail((e) => e.to.some((t) => t.address === user.email) && e.subject === 'Welcome to RepRoute');
    expect(welcome.text).toContain('Hi Ivy,');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in the seeded accounts with their roles', async () => {
    const roles: Record<string, string[]> = { admin: ['traveller', 'admin'], provider: ['traveller', 'provider'], traveller: ['traveller'] };
    for (const [name, account] of Object.entries(seedAccounts)) {
      const res = await api('POST', '/api/auth/login', { body: account });
      expect(res.status, name).toBe(200);
      expect(claimsOf(res.body.token).roles).toEqual(roles[name]);
    }
  });

  it('slows an address failing on an account (429, growing Retry-After) but never the owner signing in from elsewhere', async () => {
    const { email } = await register('throttle');
    // The attacker's own address (a loopback address of its own), straight to identity.
    const from = uniqueClientAddress();
    const attacker = { base: identityUrl, from };
    for (let i = 0; i < 5; i += 1) {
      const res = await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email, password: `Wr0ng!Pass${i}` } });
      expect(res.status).toBe(401);
    }
    const limited = await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email, password: 'Wr0ng!Pass' } });
    expect(limited.status).toBe(429);
    expect(messageOf(limited)).toBe(messages.tooManyLogins);
    expect(Number(limited.headers.get('retry-after'))).toBe(1);
    // Even the right password waits at the attacker's address...
    expect((await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email: email.toUpperCase(), password } })).status).toBe(429);
    // ...while the owner, from another address (through the gateway), signs in at once.
    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    // Once the wait has passed the attacker may try once more, then waits twice as long.
    await sleep(1_100);
    const triedAgainAt = Date.now();
    expect((await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email, password: 'Wr0ng!Pass6' } })).status).toBe(401);
    const longer = await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email, password: 'Wr0ng!Pass7' } });
    const refusedAt = Date.now();
    expect(longer.status).toBe(429);
    // The header gives the wait still left: 2 s from the failure just counted, less the time the
    // refused request took to arrive, which a busy machine can stretch past a second.
    const retryAfter = Number(longer.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(retryAfter * 1000).toBeGreaterThanOrEqual(2_000 - (refusedAt - triedAgainAt));
  });

  it("failing on purpose cannot lock the admin out: the admin's sign-in from another address works", async () => {
    const from = uniqueClientAddress();
    const attacker = { base: identityUrl, from };
    for (let i = 0; i < 8; i += 1) await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: { email: seedAccounts.admin.email, password: `Wr0ng!Pass${i}` } });
    expect((await apiFrom(attacker.from, 'POST', '/api/auth/login', { base: attacker.base, body: seedAccounts.admin })).status).toBe(429);
    expect((await api('POST', '/api/auth/login', { body: seedAccounts.admin })).status).toBe(200);
  });
});

describe('current user, logout and revocation', () => {
  it('POST /api/auth/logout revokes the token at once, at the gateway and at identity itself', async () => {
    const { email, token } = await register('logout');
    expect((await api('POST', '/api/auth/logout')).status).toBe(401);
    const res = await api('POST', '/api/auth/logout', { token });
    expect(res.status).toBe(204);

    const { jti, exp } = claimsOf(token);
    // Announced to every process with the token's expiry, after which the entry no longer matters.
    expect(Number(await redis.zscore(revokedTokensKey, jti))).toBe(exp);
    const stored = await identityDb.query('SELECT 1 FROM identity.revoked_tokens WHERE jti = $1', [jti]);
    expect(stored.rowCount).toBe(1);

    expect((await api('GET', '/api/auth/me', { token, base: identityUrl })).status).toBe(401);
    await eventually(async () => (await api('GET', '/api/auth/me', { token })).status === 401 || undefined, 1_000, 'refused at the gateway');
    expect((await api('POST', '/api/auth/setup-profile', { token, body: {} })).status).toBe(401);

    // A new sign-in gets a new, working token.
    const again = await api('POST', '/api/auth/login', { body: { email, password } });
    expect((await api('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
  });
});

describe('the shared revocation list', () => {
  it('is kept by every process that checks tokens; identity (its own, from Postgres) and the notifier (no users) open no connection for it', async () => {
    const names = String(await redis.client('LIST'))
      .split('\n')
      .map((line) => /(?:^| )name=(\S+)/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    for (const process of ['gateway', 'catalog', 'engagement', 'referral', 'analytics']) {
      expect(names).toContain(`${process}:revocations`);
      expect(names).toContain(`${process}:revocation-notices`);
    }
    expect(names.filter((name) => /^(identity|notifier):revocation/.test(name))).toEqual([]);
  });
});

describe('authorization across services', () => {
  it("the catalog's provider route refuses a traveller's token", async () => {
    const traveller = await api('POST', '/api/auth/login', { body: seedAccounts.traveller });
    const res = await api('GET', '/api/provider/hotels', { token: traveller.body.token });
    // 503 only while the catalog service is not running.
    if (res.status === 503) return;
    expect([401, 403]).toContain(res.status);
    const provider = await api('POST', '/api/auth/login', { body: seedAccounts.provider });
    expect((await api('GET', '/api/provider/hotels', { token: provider.body.token })).status).toBe(200);
  });
});
