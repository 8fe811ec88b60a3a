import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '@reproute/platform';

/** The Redis key the gateway checks before letting a token through (gateway/src/identity.ts). */
export const revokedKey = (jti: string) => `auth:revoked:${jti}`;

/**
 * Logout: the token's id is recorded in Postgres (the truth, checked by identity itself) and in
 * Redis with a lifetime that ends when the token would have expired (checked by the gateway).
 */
export async function revokeToken(
  deps: { db: Queryable; redis: Redis; logger: FastifyBaseLogger },
  token: { jti: string; userId: string; expiresAt: number },
): Promise<void> {
  await deps.db.query('INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (jti) DO NOTHING', [
    token.jti,
    token.userId,
    token.expiresAt,
  ]);
  const ttl = Math.max(1, token.expiresAt - Math.floor(Date.now() / 1000));
  try {
    await deps.redis.set(revokedKey(token.jti), '1', 'EX', ttl);
  } catch (err) {
    // The periodic resync copies it later; identity itself already refuses the token.
    deps.logger.error({ err }, 'could not record a revoked token in Redis; it will be resynced');
  }
}

export async function isTokenRevoked(db: Queryable, jti: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti]);
  return rows.length > 0;
}

/** Copies every still-live revocation to Redis (after a Redis restart or a failed write). Returns how many. */
export async function resyncRevocations(db: Queryable, redis: Redis): Promise<number> {
  const { rows } = await db.query<{ jti: string; ttl: number }>(
    `SELECT jti, ceil(EXTRACT(EPOCH FROM (expires_at - now())))::int AS ttl FROM revoked_tokens WHERE expires_at > now()`,
  );
  for (let i = 0; i < rows.length; i += 500) {
    const pipeline = redis.pipeline();
    for (const row of rows.slice(i, i + 500)) pipeline.set(revokedKey(row.jti), '1', 'EX', Math.max(1, row.ttl));
    await pipeline.exec();
  }
  return rows.length;
}
