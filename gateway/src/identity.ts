import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { bearerToken, verifyAccessToken, type KeySource } from '@reproute/platform';

/** Headers a client must never set itself: they would claim an identity the gateway did not check. */
const identityHeaders = ['x-user-id', 'x-user-roles', 'x-user-email', 'x-authenticated-user', 'x-forwarded-user'];

export const revokedKey = (jti: string) => `auth:revoked:${jti}`;

/**
 * Strips inbound identity headers, then lets a bearer token through only when its signature and
 * expiry verify and it has not been revoked (logout). Anything else is removed, so upstream
 * services see an anonymous request and protected routes answer 401.
 */
export async function screenIdentity(request: FastifyRequest, deps: { key: KeySource; issuer: string; redis: Redis; logger: FastifyBaseLogger }): Promise<void> {
  for (const header of identityHeaders) delete request.headers[header];
  const token = bearerToken(request);
  if (!token) {
    if (request.headers.authorization) delete request.headers.authorization;
    return;
  }
  try {
    const claims = await verifyAccessToken(token, deps.key, deps.issuer);
    if (await deps.redis.exists(revokedKey(claims.jti))) throw new Error('revoked');
  } catch (err) {
    if ((err as Error).message !== 'revoked' && (err as { code?: string }).code === undefined) {
      deps.logger.debug({ err }, 'token rejected');
    }
    delete request.headers.authorization;
  }
}
