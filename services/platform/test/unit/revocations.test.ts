import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { authPlugin, remoteKeySet, requireUser } from '../../src/auth.ts';
import { createLogger } from '../../src/logger.ts';
import { RevocationSet, parseRevocationNotice, type RevocationCheck } from '../../src/revocations.ts';

const user = '00000000-0000-4000-8000-000000000003';

describe('RevocationSet', () => {
  it('refuses a revoked token id, and tokens of an account issued before its not-before time', () => {
    const set = new RevocationSet();
    set.apply({ kind: 'token', jti: 'a', expiresAt: 2_000 });
    set.apply({ kind: 'user', userId: user, notBefore: 1_500 });
    expect(set.isRevoked({ jti: 'a', sub: 'someone', iat: 1_900 })).toBe(true);
    expect(set.isRevoked({ jti: 'b', sub: user, iat: 1_499 })).toBe(true);
    expect(set.isRevoked({ jti: 'b', sub: user, iat: 1_500 })).toBe(false);
    expect(set.isRevoked({ jti: 'b', sub: 'someone', iat: 0 })).toBe(false);
  });

  it('only ever moves a not-before time forward, and forgets what can no longer match', () => {
    const set = new RevocationSet();
    set.apply({ kind: 'user', userId: user, notBefore: 1_500 });
    set.apply({ kind: 'user', userId: user, notBefore: 1_000 });
    expect(set.isRevoked({ jti: 'x', sub: user, iat: 1_200 })).toBe(true);
    set.apply({ kind: 'token', jti: 'old', expiresAt: 100 });
    set.apply({ kind: 'token', jti: 'live', expiresAt: 5_000 });
    set.prune(1_000);
    expect(set.size.tokens).toBe(1);
    expect(set.isRevoked({ jti: 'live', sub: 'someone', iat: 0 })).toBe(true);
  });

  it('reads notices and ignores anything else', () => {
    expect(parseRevocationNotice('{"kind":"token","jti":"a","expiresAt":5}')).toEqual({ kind: 'token', jti: 'a', expiresAt: 5 });
    expect(parseRevocationNotice('{"kind":"user","userId":"u","notBefore":5}')).toEqual({ kind: 'user', userId: 'u', notBefore: 5 });
    expect(parseRevocationNotice('{"kind":"resync"}')).toEqual({ kind: 'resync' });
    expect(parseRevocationNotice('{"kind":"token","jti":5}')).toBeUndefined();
    expect(parseRevocationNotice('not json')).toBeUndefined();
  });
});

describe('authPlugin with a revocation list', () => {
  const issuer = 'reproute-identity';
  let app: FastifyInstance;
  let privateKey: CryptoKey;
  const list = { ready: true, set: new RevocationSet(), isRevoked(token: Parameters<RevocationCheck['isRevoked']>[0]) { return this.set.isRevoked(token); } };
  const token = (jti: string) =>
    new SignJWT({ email: 'a@example.com', roles: ['traveller'], jti }).setProtectedHeader({ alg: 'EdDSA' }).setSubject(user).setIssuer(issuer).setIssuedAt().setExpirationTime('1h').sign(privateKey);

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    privateKey = pair.privateKey as CryptoKey;
    app = createHttpApp({ logger: createLogger('test', 'silent') });
    await app.register(authPlugin, { key: pair.publicKey, issuer, revocations: list });
    app.get('/me', async (request) => requireUser(request));
    app.get('/anyone', async (request) => ({ user: request.user?.id ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a valid token, treats a revoked one as absent', async () => {
    const good = await token('good');
    expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${good}` } })).statusCode).toBe(200);
    list.set.apply({ kind: 'token', jti: 'good', expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${good}` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/anyone', headers: { authorization: `Bearer ${good}` } })).json()).toEqual({ user: null });
  });

  it('answers 503 rather than anonymous while the list has never loaded', async () => {
    list.ready = false;
    try {
      const res = await app.inject({ url: '/anyone', headers: { authorization: `Bearer ${await token('other')}` } });
      expect(res.statusCode).toBe(503);
      expect((await app.inject({ url: '/anyone' })).json()).toEqual({ user: null });
    } finally {
      list.ready = true;
    }
  });

  it('answers 503 rather than anonymous when the signing keys cannot be fetched', async () => {
    const unreachable = createHttpApp({ logger: createLogger('test', 'silent') });
    await unreachable.register(authPlugin, { key: async () => { throw new TypeError('fetch failed'); }, issuer, revocations: list });
    unreachable.get('/anyone', async (request) => ({ user: request.user?.id ?? null }));
    const res = await unreachable.inject({ url: '/anyone', headers: { authorization: `Bearer ${await token('x')}` } });
    expect(res.statusCode).toBe(503);
    await unreachable.close();

    // The key set answering an error page is the same: the keys are unavailable, the token is not bad.
    const failing = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const erroring = createHttpApp({ logger: createLogger('test', 'silent') });
    await erroring.register(authPlugin, { key: remoteKeySet(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/jwks.json`), issuer, revocations: list });
    erroring.get('/anyone', async (request) => ({ user: request.user?.id ?? null }));
    expect((await erroring.inject({ url: '/anyone', headers: { authorization: `Bearer ${await token('y')}` } })).statusCode).toBe(503);
    await erroring.close();
    failing.close();
  });
});
