import { describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { screenAccessToken } from '../../src/auth.ts';
import type { RevocationCheck } from '../../src/revocations.ts';

// Verified tokens are remembered per key; these are the promises that must survive the cache.
const issuer = 'reproute-identity';

async function keys() {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { privateKey: pair.privateKey as CryptoKey, publicKey: pair.publicKey as CryptoKey };
}

function sign(privateKey: CryptoKey, jti: string, expiresAt: number) {
  return new SignJWT({ email: 'a@example.com', roles: ['traveller'], jti })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('00000000-0000-4000-8000-000000000003')
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(privateKey);
}

describe('verified-token cache', () => {
  it('still refuses a remembered token once it is revoked', async () => {
    const { privateKey, publicKey } = await keys();
    const token = await sign(privateKey, 'jti-cache-1', Math.floor(Date.now() / 1000) + 600);
    let revoked = false;
    const revocations: RevocationCheck = { ready: true, isRevoked: () => revoked };
    expect(await screenAccessToken(token, { key: publicKey, issuer, revocations })).toMatchObject({ jti: 'jti-cache-1' });
    expect(await screenAccessToken(token, { key: publicKey, issuer, revocations })).toMatchObject({ jti: 'jti-cache-1' });
    revoked = true;
    expect(await screenAccessToken(token, { key: publicKey, issuer, revocations })).toBeUndefined();
  });

  it('never serves a remembered token past its expiry', async () => {
    const { privateKey, publicKey } = await keys();
    const token = await sign(privateKey, 'jti-cache-2', Math.floor(Date.now() / 1000) + 1);
    expect(await screenAccessToken(token, { key: publicKey, issuer })).toBeDefined();
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await screenAccessToken(token, { key: publicKey, issuer })).toBeUndefined();
  });

  it('remembers per key: a token verified with one key is not accepted for another', async () => {
    const first = await keys();
    const other = await keys();
    const token = await sign(first.privateKey, 'jti-cache-3', Math.floor(Date.now() / 1000) + 600);
    expect(await screenAccessToken(token, { key: first.publicKey, issuer })).toBeDefined();
    expect(await screenAccessToken(token, { key: other.publicKey, issuer })).toBeUndefined();
  });
});
