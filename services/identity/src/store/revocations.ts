import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { publishRevocations, revocationChannel, revokedTokensKey, tokensNotBeforeKey, type Queryable, type RevocationNotice, type TokenIdentity } from '@reproute/platform';

type Logger = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

/**
 * Announces revocations to every gateway and service (their local lists, through Redis). Postgres
 * already holds them, so a failure here is logged, not thrown: identity refuses the token at once,
 * and the copy from Postgres that runs when Redis comes back (and every minute) reaches the rest.
 */
async function announce(deps: { redis: Redis; logger: Logger }, notices: RevocationNotice[]): Promise<void> {
  try {
    await publishRevocations(deps.redis, notices);
  } catch (err) {
    deps.logger.error({ err: { message: (err as Error).message } }, 'could not announce a revocation; it is sent when Redis is back');
  }
}

/** Logout: the token's id is recorded in Postgres (the truth) until the token would have expired, then announced. */
export async function revokeToken(
  deps: { db: Queryable; redis: Redis; logger: Logger },
  token: { jti: string; userId: string; expiresAt: number },
): Promise<void> {
  await deps.db.query('INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (jti) DO NOTHING', [
    token.jti,
    token.userId,
    token.expiresAt,
  ]);
  await announce(deps, [{ kind: 'token', jti: token.jti, expiresAt: token.expiresAt }]);
}

/** After a password reset: every token of the account issued before `notBefore` (seconds) is refused. */
export async function announceTokensNotBefore(deps: { redis: Redis; logger: Logger }, userId: string, notBefore: number): Promise<void> {
  await announce(deps, [{ kind: 'user', userId, notBefore }]);
}

/** Identity's own check, against Postgres: the token id was revoked, or the account's sessions were ended after it was issued. */
export async function isTokenRevoked(db: Queryable, token: TokenIdentity): Promise<boolean> {
  const { rows } = await db.query<{ revoked: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1)
         OR EXISTS (SELECT 1 FROM users WHERE id = $2 AND tokens_not_before > to_timestamp($3)) AS revoked`,
    [token.jti, token.sub, token.iat],
  );
  return rows[0]?.revoked ?? false;
}

/**
 * Rewrites Redis from Postgres (after Redis restarted empty, was unreachable during a logout, or
 * a write failed), then tells every process to reload its list when Redis lacked anything (or
 * always, with `announce`: after a reconnect). Returns how many entries Redis lacked.
 */
export async function resyncRevocations(db: Queryable, redis: Redis, tokenTtlSeconds: number, options: { announce?: boolean } = {}): Promise<number> {
  const { rows: tokens } = await db.query<{ jti: string; exp: number }>(
    `SELECT jti, floor(EXTRACT(EPOCH FROM expires_at))::bigint AS exp FROM revoked_tokens WHERE expires_at > now()`,
  );
  const { rows: users } = await db.query<{ id: string; not_before: number }>(
    `SELECT id, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before FROM users
      WHERE tokens_not_before > now() - make_interval(secs => $1)`,
    [tokenTtlSeconds],
  );
  const nowSeconds = Math.floor(Date.now() / 1000);
  let lacking = 0;
  // CH counts changed entries too: a not-before time Redis held older than Postgres is news as well.
  for (let i = 0; i < tokens.length; i += 500) {
    const batch = tokens.slice(i, i + 500);
    lacking += Number(await redis.zadd(revokedTokensKey, 'GT', 'CH', ...batch.flatMap((row) => [Number(row.exp), row.jti])));
  }
  for (let i = 0; i < users.length; i += 500) {
    const batch = users.slice(i, i + 500);
    lacking += Number(await redis.zadd(tokensNotBeforeKey, 'GT', 'CH', ...batch.flatMap((row) => [Number(row.not_before), row.id])));
  }
  // What can no longer match a live token goes.
  await redis.zremrangebyscore(revokedTokensKey, '-inf', nowSeconds - 1);
  await redis.zremrangebyscore(tokensNotBeforeKey, '-inf', nowSeconds - tokenTtlSeconds - 1);
  if (lacking > 0 || options.announce) await redis.publish(revocationChannel, JSON.stringify({ kind: 'resync' } satisfies RevocationNotice));
  return lacking;
}
