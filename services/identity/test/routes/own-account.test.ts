import { describe, expect, it } from 'vitest';
import { erasingServices, identityExport, messages } from '@reproute/contracts';
import { api, claimsOf, identity, identityDb, messageOf, password, register } from './support.ts';
import { deletionState, republishWaitingDeletions } from '../../src/store/account-deletion.ts';

const newPassword = 'N3w!Password';
const me = (token: string) => api('GET', '/api/auth/me', { token });
const login = (email: string, pw: string) => api('POST', '/api/auth/login', { body: { email, password: pw } });

/** A token issued a second later than the account's earlier ones (a session's end is counted in whole seconds). */
async function laterSecond(): Promise<void> {
  const start = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === start) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('POST /api/auth/change-password', () => {
  it('needs the current password, ends every other session and keeps this device signed in', async () => {
    const { email, token } = await register('chpw');
    const other = (await login(email, password)).body.token as string;
    await laterSecond();

    const wrong = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: 'Wr0ng!Pass', newPassword } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'currentPassword', message: messages.currentPasswordWrong }]);
    const same = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: password, newPassword: password } });
    expect(same.status).toBe(400);
    expect(same.body.errors?.[0]?.path).toBe('newPassword');
    const weak = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: password, newPassword: 'short' } });
    expect(weak.status).toBe(400);

    const changed = await api('POST', '/api/auth/change-password', { token, body: { currentPassword: password, newPassword } });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(messages.passwordChanged);
    expect((await me(changed.body.token)).status).toBe(200);
    // Every token issued before the change has ended: this device's old one and the other device's.
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, newPassword)).status).toBe(200);
  });
});

describe('POST /api/auth/sign-out-everywhere', () => {
  it('ends every token of the account issued until now, this one too', async () => {
    const { email, token } = await register('everywhere');
    const other = (await login(email, password)).body.token as string;
    const res = await api('POST', '/api/auth/sign-out-everywhere', { token });
    expect(res.status).toBe(204);
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    await laterSecond();
    // Signing in again starts a session of its own.
    const again = await login(email, password);
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).status).toBe(200);
    expect((await api('POST', '/api/auth/sign-out-everywhere')).status).toBe(401);
  });
});

describe('GET /api/auth/me/export', () => {
  it('answers what identity keeps of the caller, never a hash or a token', async () => {
    const { email, token, user } = await register('export');
    await api('POST', '/api/forgot-password', { body: { email } });
    const res = await api('GET', '/api/auth/me/export', { token });
    expect(res.status).toBe(200);
    const part = identityExport.parse(res.body);
    expect(part.profile).toMatchObject({ id: user.id, email, firstName: 'Ivy', lastName: 'Tester', emailVerified: false });
    expect(part.emailVerificationLinks).toEqual([expect.objectContaining({ email, purpose: 'verify', reason: 'registration', usedAt: null })]);
    expect(part.passwordResetRequests).toHaveLength(1);
    const { rows } = await identityDb.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(rows[0].password_hash);
    expect(text).not.toMatch(/token_?hash|tokenHash|password_?hash/i);
    expect((await api('GET', '/api/auth/me/export')).status).toBe(401);
  });
});

describe('POST /api/auth/delete-account', () => {
  it('needs the current password, ends the tokens at once, refuses sign-in and asks every service to erase', async () => {
    const { email, token, user } = await register('delete');
    const sut = await identity();
    const wrong = await api('POST', '/api/auth/delete-account', { token, body: { currentPassword: 'Wr0ng!Pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'currentPassword', message: messages.currentPasswordWrong }]);
    expect((await me(token)).status).toBe(200);

    const res = await api('POST', '/api/auth/delete-account', { token, body: { currentPassword: password } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'deleting', message: messages.accountDeletionStarted });
    expect((await me(token)).status).toBe(401);
    const signIn = await login(email, password);
    expect(signIn.status).toBe(403);
    expect(messageOf(signIn)).toBe(messages.accountBeingDeleted);
    // A wrong password says nothing of the deletion.
    expect(messageOf(await login(email, 'Wr0ng!Pass'))).toBe(messages.invalidCredentials);
    // No reset link goes to an account being deleted.
    await api('POST', '/api/forgot-password', { body: { email } });

    const requested = (await sut.events('user.deletion-requested')).filter((e) => e.data.userId === user.id);
    expect(requested).toHaveLength(1);
    expect(requested[0]!.data).toMatchObject({ userId: user.id, emails: [email], isProvider: false });
    expect((await sut.events('user.password_reset_requested')).some((e) => e.data.userId === user.id)).toBe(false);
  });

  it('asks again while a service has not reported, and removes the account once every service has', async () => {
    const { email, token, user } = await register('finish');
    const sut = await identity();
    expect((await api('POST', '/api/auth/delete-account', { token, body: { currentPassword: password } })).status).toBe(202);
    const report = (service: (typeof erasingServices)[number]) => sut.bus.publishEvent('user.data-erased', { userId: user.id, service }, { key: user.id });

    const [last, ...others] = [...erasingServices].reverse();
    for (const service of others) await report(service);
    // A report delivered twice counts once.
    await report(others[0]!);
    await sut.settled();
    expect((await deletionState(sut.pool, user.id))?.erasedBy.sort()).toEqual([...others].sort());
    expect((await identityDb.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rows).toHaveLength(1);
    expect(messageOf(await login(email, password))).toBe(messages.accountBeingDeleted);

    // The one that has not reported is asked again (every service erases idempotently, so all are).
    await identityDb.query(`UPDATE account_deletions SET last_requested_at = now() - interval '11 minutes' WHERE user_id = $1`, [user.id]);
    expect(await republishWaitingDeletions(sut.pool)).toBe(1);
    expect(await republishWaitingDeletions(sut.pool)).toBe(0);
    expect((await sut.events('user.deletion-requested')).filter((e) => e.data.userId === user.id)).toHaveLength(2);

    await report(last!);
    await sut.settled();
    const state = await deletionState(sut.pool, user.id);
    expect(state?.finishedAt).not.toBeNull();
    expect(state?.requests).toBe(2);
    expect((await identityDb.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rows).toHaveLength(0);
    expect((await identityDb.query('SELECT 1 FROM email_verification_tokens WHERE user_id = $1', [user.id])).rows).toHaveLength(0);
    // Identity's published events of the account go with it; nothing in its schema names the address.
    expect((await identityDb.query(`SELECT event_type FROM outbox WHERE payload::text LIKE '%' || $1 || '%'`, [email])).rows).toEqual([]);
    expect((await login(email, password)).status).toBe(401);
    // Its tokens stay refused though the row is gone (the deletion keeps their end for a token's lifetime).
    expect((await me(token)).status).toBe(401);
    const { rows } = await identityDb.query(
      `SELECT EXISTS (SELECT 1 FROM account_deletions WHERE user_id = $1 AND tokens_not_before > to_timestamp($2)) AS refused`,
      [user.id, claimsOf(token).iat],
    );
    expect(rows[0].refused).toBe(true);

    // A report replayed after the end changes nothing; the address is free for a new account.
    await report(last!);
    await sut.settled();
    const again = await api('POST', '/api/auth/register', { body: { email, password, firstName: 'New', lastName: 'Person' } });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(user.id);
  });

  it('a sign-in whose password check ends after the deletion finished is refused as an unknown account, never signed in', async () => {
    // The moment between reading the account's row and checking its deletion: the deletion is recorded as finished
    // while the row read for the password is still in hand (as a sign-in that started just before sees it).
    const { email, user } = await register('racing');
    await identityDb.query('INSERT INTO account_deletions (user_id, tokens_not_before, finished_at) VALUES ($1, now(), now())', [user.id]);
    const signIn = await login(email, password);
    expect(signIn.status).toBe(401);
    expect(messageOf(signIn)).toBe(messages.invalidCredentials);
  });
});
