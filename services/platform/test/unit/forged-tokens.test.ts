import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { authPlugin, remoteKeySet, requireUser, revocationsUnavailableMessage, type KeySource } from '../../src/auth.ts';
import { createLogger } from '../../src/logger.ts';

// A forged token is the token's failure (401, anonymous); only keys that cannot be fetched are an outage (503).
const issuer = 'reproute-identity';
const subject = '00000000-0000-4000-8000-000000000003';
let real: { privateKey: CryptoKey; publicKey: CryptoKey; jwk: JWK };
let jwks: Server;
let jwksUrl: string;
let jwksStatus = 200;

const claims = (jti: string) => ({ email: 'a@example.com', roles: ['traveller', 'admin'], jti });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signed(alg: string, key: CryptoKey | Uint8Array, header: Record<string, unknown> = {}) {
  return new SignJWT(claims(`jti-${alg}-${Math.random()}`))
    .setProtectedHeader({ alg, ...header })
    .setSubject(subject)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/** The forgeries: another algorithm with the attacker's key, `alg: none`, HS256 keyed with the public key, a kid nobody issued. */
async function forgeries(): Promise<Record<string, string>> {
  const es = (await generateKeyPair('ES256')).privateKey as CryptoKey;
  const attacker = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey as CryptoKey;
  const now = Math.floor(Date.now() / 1000);
  const body = { ...claims('jti-none'), sub: subject, iss: issuer, iat: now, exp: now + 3600 };
  return {
    es256: await signed('ES256', es, { kid: real.jwk.kid }),
    none: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`,
    noneWithKid: `${b64({ alg: 'none', kid: real.jwk.kid })}.${b64(body)}.`,
    hs256WithPublicKey: await signed('HS256', new TextEncoder().encode(JSON.stringify(real.jwk)), { kid: real.jwk.kid }),
    unknownKid: await signed('EdDSA', attacker, { kid: 'no-such-key' }),
    realKidOtherKey: await signed('EdDSA', attacker, { kid: real.jwk.kid }),
  };
}

async function appWith(key: KeySource): Promise<FastifyInstance> {
  const app = createHttpApp({ logger: createLogger('test', 'silent') });
  await app.register(authPlugin, { key, issuer });
  app.get('/me', async (request) => requireUser(request));
  app.post('/login', async (request) => ({ signedIn: request.user !== null }));
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, token: string, url = '/me') =>
  app.inject({ method: url === '/login' ? 'POST' : 'GET', url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  real = { privateKey: pair.privateKey as CryptoKey, publicKey: pair.publicKey as CryptoKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: 'identity-key-1', alg: 'EdDSA', use: 'sig' } };
  jwks = createServer((_req, res) => {
    res.writeHead(jwksStatus, { 'content-type': 'application/json' });
    res.end(jwksStatus === 200 ? JSON.stringify({ keys: [real.jwk] }) : '{"error":"down"}');
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

describe('forged tokens at a service holding the public key (identity)', () => {
  it('answers 401, never 503, for every forgery, on a guarded route and on login', async () => {
    const app = await appWith(real.publicKey);
    try {
      for (const [name, token] of Object.entries(await forgeries())) {
        const me = await call(app, token);
        expect([name, me.statusCode, me.json().message]).toEqual([name, 401, 'Authentication required']);
        const login = await call(app, token, '/login');
        expect([name, login.statusCode, login.json()]).toEqual([name, 200, { signedIn: false }]);
      }
      expect((await call(app, await signed('EdDSA', real.privateKey, { kid: real.jwk.kid }))).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('forged tokens at a service verifying through the JWKS', () => {
  it('answers 401 for every forgery while the key set is reachable (an unknown kid included)', async () => {
    const app = await appWith(remoteKeySet(jwksUrl));
    try {
      expect((await call(app, await signed('EdDSA', real.privateKey, { kid: real.jwk.kid }))).statusCode).toBe(200);
      for (const [name, token] of Object.entries(await forgeries())) {
        const me = await call(app, token);
        expect([name, me.statusCode]).toEqual([name, 401]);
      }
    } finally {
      await app.close();
    }
  });

  it('answers 503 only when the keys cannot be fetched: nothing listening, or the key set answering 500', async () => {
    const token = await signed('EdDSA', real.privateKey, { kid: real.jwk.kid });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await appWith(remoteKeySet(`http://127.0.0.1:${port}/.well-known/jwks.json`));
    jwksStatus = 500;
    const failing = await appWith(remoteKeySet(jwksUrl));
    try {
      for (const app of [unreachable, failing]) {
        const res = await call(app, token);
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(revocationsUnavailableMessage);
      }
    } finally {
      jwksStatus = 200;
      await unreachable.close();
      await failing.close();
    }
  });
});
