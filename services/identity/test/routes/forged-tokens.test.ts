import { describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { api, register } from './support.ts';

// Identity verifies with its own public key (no JWKS to fetch), so nothing it is sent can be a key outage.
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function forgeries(sub: string, email: string) {
  const es = (await generateKeyPair('ES256')).privateKey as CryptoKey;
  const attacker = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey as CryptoKey;
  const now = Math.floor(Date.now() / 1000);
  const claims = { email, roles: ['traveller', 'admin'], jti: 'forged' };
  const sign = (alg: string, key: CryptoKey, kid?: string) =>
    new SignJWT(claims).setProtectedHeader({ alg, ...(kid ? { kid } : {}) }).setSubject(sub).setIssuer('reproute-identity').setIssuedAt().setExpirationTime('1h').sign(key);
  return {
    es256: await sign('ES256', es),
    none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub, iss: 'reproute-identity', iat: now, exp: now + 3600 })}.`,
    unknownKid: await sign('EdDSA', attacker, 'no-such-key'),
  };
}

describe('forged tokens sent straight to identity', () => {
  it('answer 401 on /api/auth/me and leave login to the credentials (never 503)', async () => {
    const { email, user, token } = await register('forged');
    for (const [name, forged] of Object.entries(await forgeries(user.id, email))) {
      const me = await api('GET', '/api/auth/me', { token: forged });
      expect([name, me.status, me.body.message]).toEqual([name, 401, 'Authentication required']);
      const wrong = await api('POST', '/api/auth/login', { token: forged, body: { email, password: 'Wrong-password-1' } });
      expect([name, wrong.status]).toEqual([name, 401]);
    }
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
  });
});
