import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailVerificationSealContext, messages, type EventData } from '@reproute/contracts';
import { unseal } from '@reproute/platform/sealing';
import { api, claimsOf, identity, identityDb, linkKey, messageOf, password, register, uniqueEmail } from './support.ts';

type VerificationEvent = EventData<'user.email_verification_requested'>;

/** The verification events identity published for an account (to `email`, when given), oldest first. */
async function verificationEvents(userId: string, email?: string): Promise<VerificationEvent[]> {
  const events = await (await identity()).events('user.email_verification_requested');
  return events.map((e) => e.data as VerificationEvent).filter((d) => d.userId === userId && (!email || d.email === email));
}

/** The newest link token sent to `email` for the account, opened as the notifier opens it. */
async function linkToken(userId: string, email: string): Promise<string> {
  const latest = (await verificationEvents(userId, email)).at(-1);
  if (!latest) throw new Error(`no verification link for ${email}`);
  return unseal(linkKey, latest.sealedToken, emailVerificationSealContext(userId, email));
}

const verify = (token: string, callerToken?: string) => api('POST', '/api/auth/verify-email', { body: { token }, token: callerToken });
const claimsVerified = (token: string) => (claimsOf(token) as { email_verified?: boolean }).email_verified;

describe('a new account and its verification link', () => {
  it('starts unverified, with a token that does not claim the address, and a link emailed without the name', async () => {
    const { user, token, email } = await register('verify-new');
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null });
    expect(claimsVerified(token)).toBe(false);
    const [event, ...more] = await verificationEvents(user.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ email, reason: 'registration' });
    // Nothing the registrant typed travels to an address that has not been proved.
    expect(JSON.stringify(event)).not.toMatch(/Ivy|Tester/);
    const expiresIn = Date.parse(event!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('stores only the hash of the token: no column of its row, and no outbox row, holds the token', async () => {
    const { user, email } = await register('verify-hash');
    const token = await linkToken(user.id, email);
    const { rows } = await identityDb.query('SELECT * FROM email_verification_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].token_hash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    const { rows: outbox } = await identityDb.query('SELECT payload FROM outbox WHERE message_key = $1', [user.id]);
    expect(JSON.stringify(outbox)).not.toContain(token);
    const { rows: users } = await identityDb.query('SELECT * FROM users WHERE id = $1', [user.id]);
    expect(JSON.stringify(users)).not.toContain(token);
  });

  it('verifies the address once: a signed-in owner gets a fresh token that claims it; the old token never does', async () => {
    const { user, token: before, email } = await register('verify-once');
    const link = await linkToken(user.id, email);
    const res = await verify(link, before);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: messages.emailVerified, email, user: { id: user.id, emailVerified: true } });
    expect(claimsVerified(res.body.token)).toBe(true);
    expect(claimsVerified(before)).toBe(false);
    expect((await api('GET', '/api/auth/me', { token: before })).body).toMatchObject({ emailVerified: true });
    // A second use, by anyone, is refused.
    for (const caller of [undefined, before]) {
      const again = await verify(link, caller);
      expect(again.status).toBe(400);
      expect(messageOf(again)).toBe(messages.verificationTokenInvalid);
      expect(again.body.errors).toEqual([{ path: 'token', message: messages.verificationTokenInvalid }]);
    }
    // A later sign-in claims it too.
    const login = await api('POST', '/api/auth/login', { body: { email, password } });
    expect(claimsVerified(login.body.token)).toBe(true);
    expect(login.body.user.emailVerified).toBe(true);
    // One welcome-making event, for the first address.
    const verified = (await (await identity()).events('user.email_verified')).filter((e) => e.data.userId === user.id);
    expect(verified.map((e) => e.data)).toEqual([{ userId: user.id, email, firstName: 'Ivy', previousEmail: null, isProvider: false }]);
  });

  it('signs nobody in by a link: a caller who is not the account gets no token', async () => {
    const { user, email } = await register('verify-anon');
    const other = await register('verify-other');
    const anonymous = await verify(await linkToken(user.id, email));
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ message: messages.emailVerified, email });
    const { user: second, email: secondEmail } = await register('verify-other-link');
    const asOther = await verify(await linkToken(second.id, secondEmail), other.token);
    expect(asOther.status).toBe(200);
    expect(asOther.body).not.toHaveProperty('token');
    expect((await api('GET', '/api/auth/me', { token: other.token })).body.emailVerified).toBe(false);
  });

  it('refuses an expired link, and writes nothing', async () => {
    const { user, email, token } = await register('verify-expired');
    const link = await linkToken(user.id, email);
    await identityDb.query(`UPDATE email_verification_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const res = await verify(link, token);
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(messages.verificationTokenInvalid);
    const { rows } = await identityDb.query('SELECT email_verified_at FROM users WHERE id = $1', [user.id]);
    expect(rows[0].email_verified_at).toBeNull();
    const { rows: tokens } = await identityDb.query('SELECT used_at FROM email_verification_tokens WHERE user_id = $1', [user.id]);
    expect(tokens[0].used_at).toBeNull();
  });

  it('refuses unknown and malformed tokens with clear messages', async () => {
    const unknown = await verify('not-a-token-anyone-was-sent');
    expect(unknown.status).toBe(400);
    expect(messageOf(unknown)).toBe(messages.verificationTokenInvalid);
    const missing = await api('POST', '/api/auth/verify-email', { body: {} });
    expect(missing.status).toBe(400);
    expect(messageOf(missing)).toBe(messages.verificationTokenMissing);
  });

  it('lets one of two concurrent uses of a link through', async () => {
    const { user, email } = await register('verify-race');
    const link = await linkToken(user.id, email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(link)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect((await (await identity()).events('user.email_verified')).filter((e) => e.data.userId === user.id)).toHaveLength(1);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('sends a new link (the earlier one stops working), at most 3 an hour, then 429 with Retry-After', async () => {
    const { user, email, token } = await register('verify-resend');
    const first = await linkToken(user.id, email);
    for (let i = 0; i < 3; i += 1) {
      const res = await api('POST', '/api/auth/verify-email/resend', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: messages.verificationSent });
    }
    const limited = await api('POST', '/api/auth/verify-email/resend', { token });
    expect(limited.status).toBe(429);
    expect(messageOf(limited)).toContain(messages.tooManyVerificationEmails);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.body.retryAfterSeconds).toBe(retryAfter);
    expect((await verificationEvents(user.id)).map((e) => e.reason)).toEqual(['registration', 'resend', 'resend', 'resend']);
    // Only the newest link opens.
    expect((await verify(first)).status).toBe(400);
    expect((await verify(await linkToken(user.id, email), token)).status).toBe(200);
    // Verified: nothing more to send.
    const done = await api('POST', '/api/auth/verify-email/resend', { token });
    expect(done.status).toBe(409);
    expect(messageOf(done)).toBe(messages.emailAlreadyVerified);
  });

  it('counts the limit per account, also when resends arrive together', async () => {
    const { token } = await register('verify-resend-race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/auth/verify-email/resend', { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const other = await register('verify-resend-other');
    expect((await api('POST', '/api/auth/verify-email/resend', { token: other.token })).status).toBe(200);
  });

  it('needs a signed-in account', async () => {
    expect((await api('POST', '/api/auth/verify-email/resend')).status).toBe(401);
  });
});

describe('POST /api/auth/email-change', () => {
  const change = (token: string, body: Record<string, unknown>) => api('POST', '/api/auth/email-change', { token, body });

  it('checks the current password and the new address, with clear messages and nothing written', async () => {
    const { token, email, user } = await register('change-checks');
    const wrong = await change(token, { currentPassword: 'Wr0ng!Pass', newEmail: uniqueEmail('new') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'currentPassword', message: messages.currentPasswordWrong }]);
    const same = await change(token, { currentPassword: password, newEmail: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(messageOf(same)).toBe(messages.newEmailSame);
    const taken = await register('change-taken');
    const conflict = await change(token, { currentPassword: password, newEmail: taken.email });
    expect(conflict.status).toBe(409);
    expect(messageOf(conflict)).toBe(messages.emailExists);
    const invalid = await change(token, { currentPassword: password, newEmail: 'not an email' });
    expect(invalid.status).toBe(400);
    expect(messageOf(invalid)).toBe(messages.email);
    const noPassword = await change(token, { newEmail: uniqueEmail('new') });
    expect(messageOf(noPassword)).toBe(messages.currentPasswordRequired);
    expect((await api('POST', '/api/auth/email-change', { body: { currentPassword: password, newEmail: uniqueEmail('x') } })).status).toBe(401);
    const { rows } = await identityDb.query('SELECT email, pending_email FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ email, pending_email: null });
    expect(await verificationEvents(user.id)).toHaveLength(1);
  });

  it('changes the email only when the link sent to the new address is opened; until then sign-in keeps the old one', async () => {
    const { token, email, user } = await register('change-flow');
    await verify(await linkToken(user.id, email));
    const newEmail = uniqueEmail('changed');
    const res = await change(token, { currentPassword: password, newEmail: newEmail.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.emailChangeSent, pendingEmail: newEmail });

    // The link went to the new address, the notice to the current one (naming the account's first name, not the new address).
    expect((await verificationEvents(user.id, newEmail)).map((e) => e.reason)).toEqual(['change']);
    const notices = (await (await identity()).events('user.email_change_requested')).filter((e) => e.data.userId === user.id);
    expect(notices.map((e) => e.data)).toEqual([{ userId: user.id, email, firstName: 'Ivy' }]);

    // Nothing has changed yet.
    expect((await api('GET', '/api/auth/me', { token })).body).toMatchObject({ email, pendingEmail: newEmail, emailVerified: true });
    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    expect((await api('POST', '/api/auth/login', { body: { email: newEmail, password } })).status).toBe(401);

    // A reset link asked for before the change went to the old address: it ends with the change.
    await api('POST', '/api/forgot-password', { body: { email } });
    const opened = await verify(await linkToken(user.id, newEmail), token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ email: newEmail, user: { email: newEmail, pendingEmail: null, emailVerified: true } });
    expect(claimsOf(opened.body.token).email).toBe(newEmail);
    expect(claimsVerified(opened.body.token)).toBe(true);
    expect((await api('POST', '/api/auth/login', { body: { email: newEmail, password } })).status).toBe(200);
    expect((await api('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    const { rows: resets } = await identityDb.query('SELECT count(*)::int AS open FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    expect(resets[0].open).toBe(0);
    const changed = (await (await identity()).events('user.email_verified')).filter((e) => e.data.userId === user.id && e.data.previousEmail === email);
    expect(changed.map((e) => e.data.email)).toEqual([newEmail]);
  });

  it('a newer request replaces an older one, whose link stops working', async () => {
    const { token, user } = await register('change-twice');
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    expect((await change(token, { currentPassword: password, newEmail: first })).status).toBe(200);
    const firstLink = await linkToken(user.id, first);
    expect((await change(token, { currentPassword: password, newEmail: second })).status).toBe(200);
    expect((await verify(firstLink)).status).toBe(400);
    expect((await api('GET', '/api/auth/me', { token })).body).toMatchObject({ pendingEmail: second });
    expect((await verify(await linkToken(user.id, second))).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token })).body).toMatchObject({ email: second, pendingEmail: null, emailVerified: true });
  });

  it('refuses the link when the new address was taken meanwhile, and changes nothing', async () => {
    const { token, email, user } = await register('change-race');
    const wanted = uniqueEmail('wanted');
    expect((await change(token, { currentPassword: password, newEmail: wanted })).status).toBe(200);
    await api('POST', '/api/auth/register', { body: { email: wanted, password, firstName: 'Other', lastName: 'Person' } });
    const res = await verify(await linkToken(user.id, wanted));
    expect(res.status).toBe(409);
    expect(messageOf(res)).toBe(messages.emailExists);
    const { rows } = await identityDb.query('SELECT email, pending_email FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ email, pending_email: wanted });
  });

  it('sends at most 3 change links an hour per account, then 429 with Retry-After', async () => {
    const { token } = await register('change-limit');
    for (let i = 0; i < 3; i += 1) expect((await change(token, { currentPassword: password, newEmail: uniqueEmail(`limit${i}`) })).status).toBe(200);
    const limited = await change(token, { currentPassword: password, newEmail: uniqueEmail('limit3') });
    expect(limited.status).toBe(429);
    expect(messageOf(limited)).toContain(messages.tooManyEmailChanges);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('POST /api/auth/refresh', () => {
  it('answers a token with what the account is now: a token from before verification is swapped for one that claims it', async () => {
    const { user, email, token } = await register('refresh');
    const unverified = await api('POST', '/api/auth/refresh', { token });
    expect(unverified.status).toBe(200);
    expect(claimsVerified(unverified.body.token)).toBe(false);
    await verify(await linkToken(user.id, email));
    const refreshed = await api('POST', '/api/auth/refresh', { token });
    expect(claimsVerified(refreshed.body.token)).toBe(true);
    expect(refreshed.body.user).toMatchObject({ id: user.id, emailVerified: true });
    expect((await api('POST', '/api/auth/refresh')).status).toBe(401);
  });
});
