import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey, type CryptoKey, type KeyObject } from 'jose';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenClaims, type Role, type TokenClaims } from '@reproute/contracts';
import { forbidden, unauthorized } from './errors.ts';

export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  firstName: string | null;
  lastName: string | null;
  tokenId: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export type KeySource = JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array;

/** Verifies an access token and returns its validated claims. */
export async function verifyAccessToken(token: string, key: KeySource, issuer: string): Promise<TokenClaims> {
  const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['EdDSA', 'ES256'] });
  return tokenClaims.parse(payload);
}

export function remoteKeySet(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 5_000, cacheMaxAge: 10 * 60_000 });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !header.toLowerCase().startsWith('bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Sets request.user from a valid bearer token; an absent or invalid token leaves the caller anonymous. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { key: KeySource; issuer: string }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      try {
        const claims = await verifyAccessToken(token, options.key, options.issuer);
        request.user = {
          id: claims.sub,
          email: claims.email,
          roles: claims.roles,
          firstName: claims.firstName ?? null,
          lastName: claims.lastName ?? null,
          tokenId: claims.jti,
          expiresAt: claims.exp,
        };
      } catch {
        request.user = null;
      }
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
