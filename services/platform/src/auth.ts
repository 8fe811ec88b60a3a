import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey, type CryptoKey, type KeyObject } from 'jose';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenClaims, type OrganisationRole, type Role, type TokenClaims } from '@reproute/contracts';
import { HttpError, forbidden, unauthorized } from './errors.ts';
import type { RevocationCheck } from './revocations.ts';

export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  firstName: string | null;
  lastName: string | null;
  /** The token claims a verified email address (`email_verified`); false for a token without the claim. */
  emailVerified: boolean;
  /** The organisation the account belongs to and its grants there (the token's `org` claim); null for an account in none. */
  organisation: { id: string; email: string; grants: Record<string, OrganisationRole> } | null;
  tokenId: string;
  expiresAt: number;
  issuedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type KeySource = JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array;

/** The one algorithm identity signs with: a token naming any other (`none`, `HS256`, `ES256`) is refused before any key is looked up. */
export const accessTokenAlgorithms = ['EdDSA'];

/**
 * The keys could not be fetched (JWKS unreachable, timed out, not a valid set): the token's
 * validity is unknown. Only a key source that fetches (a JWKS) throws it; everything a token can
 * do wrong (its algorithm, kid, signature, claims) is a refusal, never this.
 */
export class KeysUnavailableError extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super('signing keys unavailable', { cause: reason });
    this.reason = reason;
  }
}

/** A key set's refusals that are answers about the token (unknown kid, several keys match, an unsupported alg). */
const keySetAnswers = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS', 'ERR_JOSE_NOT_SUPPORTED', 'ERR_JOSE_ALG_NOT_ALLOWED', 'ERR_JWS_INVALID', 'ERR_JWT_INVALID']);

/** The key source, with what its lookup throws for any other reason marked as an outage. */
function markingOutages(key: KeySource): KeySource {
  if (typeof key !== 'function') return key;
  return async (header, token) => {
    try {
      return await key(header, token);
    } catch (err) {
      if (err instanceof errors.JOSEError && keySetAnswers.has(err.code)) throw err;
      throw new KeysUnavailableError(err);
    }
  };
}

/** Verifies an access token and returns its validated claims (`iat` 0 when absent, so any not-before time refuses it). */
export async function verifyAccessToken(token: string, key: KeySource, issuer: string): Promise<TokenClaims & { iat: number }> {
  const { payload } = await jwtVerify(token, markingOutages(key), { issuer, algorithms: accessTokenAlgorithms });
  return { ...tokenClaims.parse(payload), iat: typeof payload.iat === 'number' ? payload.iat : 0 };
}

/**
 * Tokens whose signature already verified, per key source: a signed-in person sends the same token
 * with every request, and an Ed25519 verification is the largest per-request cost of the gateway.
 * An entry lasts until the token expires or five minutes, whichever is first; revocation is still
 * checked on every request, and a failed verification is never cached.
 */
const verifiedTokens = new WeakMap<object, Map<string, { claims: TokenClaims & { iat: number }; until: number }>>();
const verifiedTokensMax = 10_000;
const verifiedTokenTtlMs = 5 * 60_000;

/** The claims of a token verified in the last minutes (and not expired since), if it was. */
function knownClaims(token: string, key: KeySource, issuer: string): (TokenClaims & { iat: number }) | undefined {
  const cache = verifiedTokens.get(key);
  const cacheKey = `${issuer}\n${token}`;
  const hit = cache?.get(cacheKey);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.claims;
  cache!.delete(cacheKey);
  return undefined;
}

async function verifyAccessTokenCached(token: string, key: KeySource, issuer: string): Promise<TokenClaims & { iat: number }> {
  const known = knownClaims(token, key, issuer);
  if (known) return known;
  let cache = verifiedTokens.get(key);
  if (!cache) verifiedTokens.set(key, (cache = new Map()));
  const claims = await verifyAccessToken(token, key, issuer);
  if (cache.size >= verifiedTokensMax) cache.delete(cache.keys().next().value!);
  cache.set(`${issuer}\n${token}`, { claims, until: Math.min(claims.exp * 1000, Date.now() + verifiedTokenTtlMs) });
  return claims;
}

export const revocationsUnavailableMessage = 'Sign-in checks are temporarily unavailable. Please try again shortly.';

/**
 * The identity service's public keys, fetched and cached. With several addresses (one per identity
 * instance, all holding the same key) the first is asked first and the next one when it cannot be reached.
 */
export function remoteKeySet(jwksUrls: string | readonly string[]): JWTVerifyGetKey {
  const sets = (typeof jwksUrls === 'string' ? [jwksUrls] : jwksUrls).map((url) => createRemoteJWKSet(new URL(url), { cooldownDuration: 5_000, cacheMaxAge: 10 * 60_000 }));
  if (sets.length === 1) return sets[0]!;
  let preferred = 0;
  return async (header, token) => {
    let failure: unknown;
    for (let step = 0; step < sets.length; step += 1) {
      const index = (preferred + step) % sets.length;
      try {
        const key = await sets[index]!(header, token);
        preferred = index;
        return key;
      } catch (err) {
        // A key the set does not have is an answer; an unreachable instance is not.
        if (err instanceof errors.JOSEError && keySetAnswers.has(err.code)) throw err;
        failure = err;
      }
    }
    throw failure;
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !header.toLowerCase().startsWith('bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * The claims of a valid, unrevoked token, or undefined for a forged, expired or revoked one.
 * Throws 503 when it cannot tell (keys unreachable, revocations never loaded): an outage must
 * never turn a signed-in request into an anonymous one.
 */
export async function screenAccessToken(
  token: string,
  options: { key: KeySource; issuer: string; revocations?: RevocationCheck },
): Promise<(TokenClaims & { iat: number }) | undefined> {
  let claims: TokenClaims & { iat: number };
  try {
    claims = await verifyAccessTokenCached(token, options.key, options.issuer);
  } catch (err) {
    // Only a failure to fetch the keys is an outage; any other failure (a forged header, another
    // algorithm, a key of another type, bad claims) is the token's own: the caller is anonymous.
    if (err instanceof KeysUnavailableError) throw new HttpError(503, revocationsUnavailableMessage);
    return undefined;
  }
  return unrevoked(claims, options.revocations);
}

/**
 * screenAccessToken's answer when it needs no promise, for a token verified in the last minutes (nearly every
 * request): `{ claims }` (undefined claims: revoked), or undefined when the token must be verified first.
 */
export function screenKnownAccessToken(
  token: string,
  options: { key: KeySource; issuer: string; revocations?: RevocationCheck },
): { claims: (TokenClaims & { iat: number }) | undefined } | undefined {
  const known = knownClaims(token, options.key, options.issuer);
  return known ? { claims: unrevoked(known, options.revocations) } : undefined;
}

/** Verified claims, or undefined when revoked; 503 while the revocations were never loaded. */
function unrevoked(claims: TokenClaims & { iat: number }, revocations: RevocationCheck | undefined): (TokenClaims & { iat: number }) | undefined {
  if (revocations) {
    if (!revocations.ready) throw new HttpError(503, revocationsUnavailableMessage);
    if (revocations.isRevoked({ jti: claims.jti, sub: claims.sub, iat: claims.iat })) return undefined;
  }
  return claims;
}

/**
 * Sets request.user from a valid bearer token; an absent, invalid or revoked token leaves the
 * caller anonymous. Before the revocation list has first loaded, a request with a valid token
 * answers 503: it is never served as someone it may no longer be.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { key: KeySource; issuer: string; revocations?: RevocationCheck }) => {
    app.decorateRequest('user', null);
    const signIn = (request: FastifyRequest, claims: (TokenClaims & { iat: number }) | undefined) => {
      if (!claims) return;
      request.user = {
        id: claims.sub,
        email: claims.email,
        roles: claims.roles,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        emailVerified: claims.email_verified === true,
        organisation: claims.org ?? null,
        tokenId: claims.jti,
        expiresAt: claims.exp,
        issuedAt: claims.iat,
      };
    };
    // Callback form: a token verified in the last minutes (nearly every request) is screened without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) return done();
      let known: ReturnType<typeof screenKnownAccessToken>;
      try {
        known = screenKnownAccessToken(token, options);
      } catch (err) {
        return done(err as Error);
      }
      if (known) {
        signIn(request, known.claims);
        return done();
      }
      void screenAccessToken(token, options).then((claims) => {
        signIn(request, claims);
        done();
      }, done);
    });
  },
  { name: 'reproute-auth' },
);

/** Guards: call at the top of a handler; they throw 401/403 answers. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, role: Role): AuthUser {
  const user = requireUser(request);
  if (!user.roles.includes(role)) throw forbidden();
  return user;
}

export function hasRole(request: FastifyRequest, role: Role): boolean {
  return request.user?.roles.includes(role) ?? false;
}
