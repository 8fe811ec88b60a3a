import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { messages } from '@reproute/contracts';
import { api, claimsOf, identity, identityDb, messageOf, outboxEventTypes, password, register, uniqueEmail } from './support.ts';

describe('POST /api/auth/register', () => {
  it('creates a traveller and answers 201 with a token and the public user', async () => {
    const email = uniqueEmail('Register').replace('register', 'ReGiStEr');
    const res = await api('POST', '/api/auth/register', { body: { email: `  ${email}  `, password, firstName: '  Ivy ', lastName: 'Tester' } });
    expect(res.status).toBe(201);
    const { token, user } = res.body;
    expect(user).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Ivy',
      lastName: 'Tester',
      isAdmin: false,
      isTraveler: true,
      isProvider: false,
      companyName: null,
      countryCode: '+1',
      phoneNumber: null,
      bio: null,
      profileSetupComplete: false,
      rewardPoints: 0,
      preferredEquipment: [],
      accessibilityNeeds: [],
      createdAt: expect.any(String),
      emailVerified: false,
      pendingEmail: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2|resetToken/i);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ sub: user.id, email: user.email, roles: ['traveller'], iss: 'reproute-identity' });
    expect(claims.exp - claims.iat).toBe(12 * 3600);

    const stored = await identityDb.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);

    // user.registered goes out through the outbox, with the address's verification link (the emails are in the integration tests).
    expect(await outboxEventTypes(user.id)).toContainEqual({ type: 'user.registered', sent: true });
    const [event] = (await (await identity()).events('user.registered')).filter((e) => e.data.userId === user.id);
    expect(event?.data).toEqual({ userId: user.id, email: user.email, firstName: 'Ivy', lastName: 'Tester' });
    expect(await outboxEventTypes(user.id)).toContainEqual({ type: 'user.email_verification_requested', sent: true });
  });

  it('answers 409 "already exists" for a taken email in any letter case', async () => {
    const { email } = await register('dup');
    for (const again of [email, email.toUpperCase()]) {
      const res = await api('POST', '/api/auth/register', { body: { email: again, password, firstName: 'A', lastName: 'B' } });
      expect(res.status).toBe(409);
      expect(messageOf(res)).toContain('already exists');
    }
  });

  it.each(['Hash#Only123', 'Dash-0nly-pass', 'Under_score9', 'Euro€Sign9x'])('accepts %s: any non-alphanumeric character is the special one (document 2)', async (strong) => {
    const res = await api('POST', '/api/auth/register', { body: { email: uniqueEmail('special'), password: strong, firstName: 'Ivy', lastName: 'Tester' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it.each([
    [{ email: 'not-an-email' }, messages.email],
    [{ email: undefined }, messages.email],
    [{ password: 'Sh0rt!' }, messages.passwordMin],
    [{ password: 'alllowercase1!' }, messages.passwordStrength],
    [{ password: 'NoDigits!!' }, messages.passwordStrength],
    [{ password: 'NoSpecial123' }, messages.passwordStrength],
    [{ password: 'NoSpecial#' }, messages.passwordStrength],
    [{ firstName: '   ' }, messages.firstNameRequired],
    [{ firstName: undefined }, messages.firstNameRequired],
    [{ firstName: 'x'.repeat(51) }, messages.firstNameMax],
    [{ lastName: '' }, messages.lastNameRequired],
    [{ lastName: 'y'.repeat(51) }, messages.lastNameMax],
  ])('refuses %j with "%s"', async (override, message) => {
    const body = { email: uniqueEmail('invalid'), password, firstName: 'Ivy', lastName: 'Tester', ...override };
    const res = await api('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(message);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the email in any case and answers a token and the user', async () => {
    const { email, user } = await register('login');
    const res = await api('POST', '/api/auth/login', { body: { email: email.toUpperCase(), password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email });
    expect(claimsOf(res.body.token)).toMatchObject({ sub: user.id, roles: ['traveller'] });
  });

  it('answers a wrong password and an unknown email the same way, at the same cost', async () => {
    const { email } = await register('wrongpw');
    const wrong = await api('POST', '/api/auth/login', { body: { email, password: 'Wr0ng!Pass' } });
    const unknown = await api('POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(messageOf(res)).toBe(messages.invalidCredentials);
    }
    const { requestId: _a, ...wrongBody } = wrong.body;
    const { requestId: _b, ...unknownBody } = unknown.body;
    expect(unknownBody).toEqual(wrongBody);

    // No shortcut for unknown accounts: each sign-in runs exactly one argon2 verification, against a hash of the
    // same parameters (a wrong password against the account's, an unknown email against the dummy one), which is
    // what makes their cost the same. Counted, not timed: timings on two shared cores say little.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      // `$argon2id$v=19$m=8192,p=1,t=1$salt$digest`: the parameters, in a fixed order.
      const paramsOf = (hash: unknown) => {
        const params = /^\$argon2id\$v=\d+\$([^$]+)\$/.exec(String(hash))?.[1];
        return params && Object.fromEntries(params.split(',').map((p) => p.split('=')));
      };
      const verificationsFor = async (body: object) => {
        verify.mockClear();
        expect((await api('POST', '/api/auth/login', { body })).status).toBe(401);
        await Promise.all(verify.mock.results.map((r) => r.value));
        return verify.mock.calls.map(([hash]) => paramsOf(hash));
      };
      const { config } = (await identity()).ctx;
      const expected = { m: String(config.ARGON2_MEMORY_KIB), t: String(config.ARGON2_TIME_COST), p: String(config.ARGON2_PARALLELISM) };
      expect(await verificationsFor({ email, password: 'Wr0ng!Pass' })).toEqual([expected]);
      expect(await verificationsFor({ email: uniqueEmail('nobody'), password: 'Wr0ng!Pass' })).toEqual([expected]);
    } finally {
      verify.mockRestore();
    }
  });

  it('checks the email and requires a password', async () => {
    const noPassword = await api('POST', '/api/auth/login', { body: { email: 'someone@example.com' } });
    expect(noPassword.status).toBe(400);
    expect(messageOf(noPassword)).toBe(messages.passwordRequired);
    const empty = await api('POST', '/api/auth/login', { body: { email: 'someone@example.com', password: '' } });
    expect(messageOf(empty)).toBe(messages.passwordRequired);
    const badEmail = await api('POST', '/api/auth/login', { body: { email: 'someone', password } });
    expect(badEmail.status).toBe(400);
    expect(messageOf(badEmail)).toBe(messages.email);
  });
});

describe('current user and logout', () => {
  it('GET /api/auth/me and /api/auth/user answer the user with a token and 401 without one', async () => {
    const { token, user } = await register('me');
    for (const path of ['/api/auth/me', '/api/auth/user']) {
      const res = await api('GET', path, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, email: user.email, isTraveler: true });
      expect(JSON.stringify(res.body)).not.toMatch(/password|reset/i);
      const anonymous = await api('GET', path);
      expect(anonymous.status).toBe(401);
      expect(messageOf(anonymous)).toBe(messages.authRequired);
      expect((await api('GET', path, { token: `${token}x` })).status).toBe(401);
      expect((await api('GET', path, { token: 'not.a.jwt' })).status).toBe(401);
    }
  });

  it('POST /api/auth/logout revokes the token at once at identity, recorded in Postgres', async () => {
    const { email, token } = await register('logout');
    expect((await api('POST', '/api/auth/logout')).status).toBe(401);
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(204);
    const { jti } = claimsOf(token);
    const stored = await identityDb.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti]);
    expect(stored.rowCount).toBe(1);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await api('POST', '/api/auth/setup-profile', { token, body: {} })).status).toBe(401);
    // A new sign-in gets a new, working token.
    const again = await api('POST', '/api/auth/login', { body: { email, password } });
    expect((await api('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
  });

  it('logout accepts a JSON content type with an empty body', async () => {
    const { token } = await register('logout-empty');
    const res = await api('POST', '/api/auth/logout', { token, headers: { 'content-type': 'application/json' }, rawBody: '' });
    expect(res.status).toBe(204);
  });
});

describe('authorization', () => {
  it('an admin-only route refuses a traveller (403) and anonymous callers (401), and serves an admin', async () => {
    const traveller = await register('plain');
    const admin = await register('admin');
    await identityDb.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.user.id]);
    const adminToken = (await api('POST', '/api/auth/login', { body: { email: admin.email, password } })).body.token;
    expect((await api('GET', '/api/auth/admin/users')).status).toBe(401);
    const refused = await api('GET', '/api/auth/admin/users', { token: traveller.token });
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe(messages.forbidden);
    const listed = await api('GET', `/api/auth/admin/users?q=${encodeURIComponent('example.com')}&pageSize=10`, { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([traveller.email, admin.email]));
    expect(JSON.stringify(listed.body)).not.toMatch(/password|argon2/i);
    expect((await api('GET', '/api/auth/admin/users?pageSize=1000', { token: adminToken })).status).toBe(400);
  });
});

describe('keys and robustness', () => {
  it('publishes the JWKS (public key only) and tokens verify against it', async () => {
    const res = await api('GET', '/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(res.body.keys[0]).not.toHaveProperty('d');
    const { token } = await register('jwks');
    const { payload } = await jwtVerify(token, createLocalJWKSet(res.body), { issuer: 'reproute-identity' });
    expect(payload.roles).toEqual(['traveller']);
  });

  it('answers bad input with 400, never 500', async () => {
    const cases: { path: string; rawBody?: string; body?: unknown }[] = [
      { path: '/api/auth/register', rawBody: '{"email":' },
      { path: '/api/auth/register', body: [] },
      { path: '/api/auth/register', body: { email: 42, password: {}, firstName: [], lastName: null } },
      { path: '/api/auth/register', rawBody: 'null' },
      { path: '/api/auth/login', body: { email: 'a@b.co', password: 'x'.repeat(10_000) } },
      { path: '/api/auth/login', rawBody: '' },
      { path: '/api/forgot-password', body: { email: { $ne: null } } },
      { path: '/api/reset-password', body: { token: 'x'.repeat(500), password: '123456' } },
      { path: '/api/reset-password', body: { token: 123, password: 123456 } },
    ];
    for (const c of cases) {
      const res = await api('POST', c.path, { body: c.body, rawBody: c.rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${c.path} ${c.rawBody ?? JSON.stringify(c.body)}`).toBe(400);
      expect(typeof messageOf(res)).toBe('string');
    }
  });
});
