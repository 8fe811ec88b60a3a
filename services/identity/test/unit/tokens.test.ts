import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { createLogger, verifyAccessToken } from '@reproute/platform';
import { tokenClaims } from '@reproute/contracts';
import { TokenIssuer, type SigningKey, type TokenSubject } from '../../src/domain/tokens.ts';
import { rolesFor } from '../../src/domain/users.ts';
import { loadSigningKey } from '../../src/store/signing-key.ts';

const logger = createLogger('test', 'silent');
const issuer = 'reproute-identity';
const subject: TokenSubject = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'traveller@reproute.example',
  firstName: 'Tom',
  lastName: null,
  isTraveler: true,
  isProvider: true,
  isAdmin: false,
  emailVerified: false,
};
let dir: string;
let key: SigningKey;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'identity-keys-'));
  key = await loadSigningKey({ file: path.join(dir, 'keys/signing.jwk'), logger });
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('rolesFor', () => {
  it('maps each account flag to its role, in a fixed order', () => {
    expect(rolesFor({ isTraveler: true, isProvider: false, isAdmin: false })).toEqual(['traveller']);
    expect(rolesFor({ isTraveler: true, isProvider: true, isAdmin: true })).toEqual(['traveller', 'provider', 'admin']);
    expect(rolesFor({ isTraveler: false, isProvider: false, isAdmin: true })).toEqual(['admin']);
    expect(rolesFor({ isTraveler: false, isProvider: false, isAdmin: false })).toEqual([]);
  });
});

describe('TokenIssuer', () => {
  it('issues an EdDSA JWT with exactly the contract claims, which the platform verifier accepts', async () => {
    const tokens = new TokenIssuer(key, { issuer, ttlSeconds: 12 * 3600 });
    const { token, claims } = await tokens.issue(subject);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' });
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ sub: subject.id, email: subject.email, roles: ['traveller', 'provider'], firstName: 'Tom', lastName: null, iss: issuer });
    expect(Object.keys(payload).sort()).toEqual(['email', 'email_verified', 'exp', 'firstName', 'iat', 'iss', 'jti', 'lastName', 'roles', 'sub']);
    expect(payload.email_verified).toBe(false);
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);
    expect(tokenClaims.parse(payload)).toEqual(claims);
    await expect(verifyAccessToken(token, key.publicKey, issuer)).resolves.toMatchObject({ sub: subject.id, jti: claims.jti });
    await expect(tokens.verify(token)).resolves.toMatchObject({ roles: ['traveller', 'provider'] });
  });

  it('claims a verified email only for an account whose address is verified', async () => {
    const tokens = new TokenIssuer(key, { issuer, ttlSeconds: 60 });
    const unverified = await tokens.issue(subject);
    const verified = await tokens.issue({ ...subject, emailVerified: true });
    expect(decodeJwt(unverified.token).email_verified).toBe(false);
    expect(decodeJwt(verified.token).email_verified).toBe(true);
    await expect(verifyAccessToken(verified.token, key.publicKey, issuer)).resolves.toMatchObject({ email_verified: true });
  });

  it('gives every token its own id', async () => {
    const tokens = new TokenIssuer(key, { issuer, ttlSeconds: 60 });
    const [a, b] = await Promise.all([tokens.issue(subject), tokens.issue(subject)]);
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it('refuses expired tokens, other issuers and other keys', async () => {
    const expired = await new TokenIssuer(key, { issuer, ttlSeconds: 60, now: () => Date.now() - 3600_000 }).issue(subject);
    await expect(verifyAccessToken(expired.token, key.publicKey, issuer)).rejects.toThrow(/exp/);
    const { token } = await new TokenIssuer(key, { issuer: 'someone-else', ttlSeconds: 60 }).issue(subject);
    await expect(verifyAccessToken(token, key.publicKey, issuer)).rejects.toThrow();
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new TokenIssuer({ ...key, privateKey: other.privateKey }, { issuer, ttlSeconds: 60 }).issue(subject);
    await expect(verifyAccessToken(forged.token, key.publicKey, issuer)).rejects.toThrow();
  });

  it('publishes only the public half of the key, and tokens verify against that JWKS', async () => {
    const tokens = new TokenIssuer(key, { issuer, ttlSeconds: 60 });
    const jwks = tokens.jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: key.kid });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { token } = await tokens.issue(subject);
    await expect(verifyAccessToken(token, createLocalJWKSet(jwks), issuer)).resolves.toMatchObject({ email: subject.email });
  });
});

describe('loadSigningKey', () => {
  it('creates the key file once, private to its owner, and reuses it', async () => {
    const file = path.join(dir, 'keys/signing.jwk');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadSigningKey({ file, logger });
    expect(again.kid).toBe(key.kid);
  });

  it('tightens a key file that others could read', async () => {
    const file = path.join(dir, 'loose.jwk');
    await fs.copyFile(path.join(dir, 'keys/signing.jwk'), file);
    await fs.chmod(file, 0o644);
    await loadSigningKey({ file, logger });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('prefers JWT_PRIVATE_KEY, and refuses anything but an Ed25519 private JWK', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    const fromEnv = await loadSigningKey({ privateJwkJson: JSON.stringify({ ...jwk, kid: 'env-key' }), file: path.join(dir, 'unused.jwk'), logger });
    expect(fromEnv.kid).toBe('env-key');
    await expect(fs.stat(path.join(dir, 'unused.jwk'))).rejects.toThrow();
    await expect(loadSigningKey({ privateJwkJson: 'not json', file: '', logger })).rejects.toThrow(/not valid JSON/);
    const { d: _d, ...publicOnly } = jwk;
    await expect(loadSigningKey({ privateJwkJson: JSON.stringify(publicOnly), file: '', logger })).rejects.toThrow(/Ed25519 private key/);
  });
});
