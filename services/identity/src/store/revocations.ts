import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { parseRevocationNotice, PgListener, publishRevocations, RevocationSet, revocationChannel, revokedTokensKey, tokensNotBeforeKey, type Logger as PlatformLogger, type PostgresTls, type Queryable, type RevocationNotice, type TokenIdentity } from '@reproute/platform';

type Logger = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

/**
 * Announces revocations to every gateway and service (their local lists, through Redis). Postgres
 * already holds them, so a failure here is logged, not thrown: identity refuses the token at once,
 * and the copy from Postgres that runs when Redis comes back (and every minute) reaches the rest.
 */
async function announce(deps: { redis: Redis; logger: Logger; mirror?: RevocationMirror }, notices: RevocationNotice[]): Promise<void> {
  // This instance refuses the token from now on (the others learn it from Postgres' notification).
  for (const notice of notices) deps.mirror?.apply(notice);
  try {
    await publishRevocations(deps.redis, notices);
  } catch (err) {
    deps.logger.error({ err: { message: (err as Error).message } }, 'could not announce a revocation; it is sent when Redis is back');
  }
}

/** Logout: the token's id is recorded in Postgres (the truth) until the token would have expired, then announced. */
export async function revokeToken(
  deps: { db: Queryable; redis: Redis; logger: Logger; mirror?: RevocationMirror },
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
export async function announceTokensNotBefore(deps: { redis: Redis; logger: Logger; mirror?: RevocationMirror }, userId: string, notBefore: number): Promise<void> {
  await announce(deps, [{ kind: 'user', userId, notBefore }]);
}

/**
 * Identity's own check, against Postgres: the token id was revoked, or the account's sessions were ended after
 * it was issued (a reset, a password change, "sign out everywhere", a deletion, which outlives the account's row).
 */
export async function isTokenRevoked(db: Queryable, token: TokenIdentity): Promise<boolean> {
  const { rows } = await db.query<{ revoked: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1)
         OR EXISTS (SELECT 1 FROM users WHERE id = $2 AND tokens_not_before > to_timestamp($3))
         OR EXISTS (SELECT 1 FROM account_deletions WHERE user_id = $2 AND tokens_not_before > to_timestamp($3)) AS revoked`,
    [token.jti, token.sub, token.iat],
  );
  return rows[0]?.revoked ?? false;
}

/**
 * The revocations Postgres holds that can still matter: unexpired revoked token ids, and not-before times within a
 * token's lifetime, of accounts and of deleted accounts (whose rows are gone while their tokens could still be shown).
 */
async function storedRevocations(db: Queryable, tokenTtlSeconds: number): Promise<{ tokens: { jti: string; exp: number }[]; users: { id: string; not_before: number }[] }> {
  const { rows: tokens } = await db.query<{ jti: string; exp: number }>(
    `SELECT jti, floor(EXTRACT(EPOCH FROM expires_at))::bigint AS exp FROM revoked_tokens WHERE expires_at > now()`,
  );
  const { rows: users } = await db.query<{ id: string; not_before: number }>(
    `SELECT id, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before FROM users
      WHERE tokens_not_before > now() - make_interval(secs => $1)
     UNION ALL
     SELECT user_id, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint FROM account_deletions
      WHERE tokens_not_before > now() - make_interval(secs => $1)`,
    [tokenTtlSeconds],
  );
  return { tokens, users };
}

/**
 * Rewrites Redis from Postgres (after Redis restarted empty, was unreachable during a logout, or
 * a write failed), then tells every process to reload its list when Redis lacked anything (or
 * always, with `announce`: after a reconnect). Returns how many entries Redis lacked.
 */
export async function resyncRevocations(db: Queryable, redis: Redis, tokenTtlSeconds: number, options: { announce?: boolean } = {}): Promise<number> {
  const { tokens, users } = await storedRevocations(db, tokenTtlSeconds);
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

/**
 * Identity's check of a token without a query per request: the revocations Postgres holds, kept in this
 * process. Each revocation's commit notifies `revocations_<schema>` (migration 003) with what a
 * RevocationSet applies; the copy is loaded once the LISTEN is in place, and again after every reconnect.
 * A revocation made here is applied at once; one made by another instance arrives with its commit's
 * notification, within milliseconds. While the LISTEN connection is down (or before the first load), a
 * token not already known to be revoked is checked against Postgres, as every check was before.
 */
export class RevocationMirror {
  private readonly set = new RevocationSet();
  private readonly listener: PgListener;
  /** Which LISTEN session the copy is complete for (0: none). */
  private loadedFor = 0;
  private session = 0;
  private pruneTimer: NodeJS.Timeout | undefined;

  private readonly options: { db: Queryable; url: string; tls?: PostgresTls; schema: string; tokenTtlSeconds: number; logger: PlatformLogger };

  constructor(options: { db: Queryable; url: string; tls?: PostgresTls; schema: string; tokenTtlSeconds: number; logger: PlatformLogger }) {
    this.options = options;
    this.listener = new PgListener({
      url: options.url,
      tls: options.tls,
      channel: `revocations_${options.schema}`,
      applicationName: `${options.schema}-revocations-listener`,
      logger: options.logger,
      onNotification: (payload) => {
        const notice = parseRevocationNotice(payload);
        if (notice) this.set.apply(notice);
        else options.logger.warn('revocation mirror: unreadable notification ignored');
      },
      onListening: () => void this.load((this.session += 1)),
      onLost: (err, attempt) => {
        this.loadedFor = 0;
        options.logger.warn({ err, attempt }, 'revocation mirror: LISTEN connection lost; checking tokens against Postgres until it is back');
      },
    });
  }

  /** True while every revocation in Postgres is known here (the copy is loaded and the LISTEN is up). */
  get current(): boolean {
    return this.loadedFor !== 0 && this.loadedFor === this.session && this.listener.listening;
  }

  start(): void {
    this.listener.start();
    this.pruneTimer = setInterval(() => this.set.prune(), 60_000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.listener.stop();
  }

  /** A revocation this instance has just committed. */
  apply(notice: RevocationNotice): void {
    this.set.apply(notice);
  }

  /** Whether the token is revoked, when this copy can tell without Postgres (undefined: ask isRevoked). */
  knownRevoked(token: TokenIdentity): boolean | undefined {
    // What is known to be revoked stays revoked; that nothing else is, only the complete copy can say.
    if (this.set.isRevoked(token)) return true;
    return this.current ? false : undefined;
  }

  async isRevoked(token: TokenIdentity): Promise<boolean> {
    return this.knownRevoked(token) ?? isTokenRevoked(this.options.db, token);
  }

  /** Loads everything Postgres holds (notifications arriving meanwhile are applied too: entries only grow). */
  private async load(session: number): Promise<void> {
    for (let attempt = 1; session === this.session && this.listener.listening; attempt += 1) {
      try {
        const { tokens, users } = await storedRevocations(this.options.db, this.options.tokenTtlSeconds);
        for (const row of tokens) this.set.apply({ kind: 'token', jti: row.jti, expiresAt: Number(row.exp) });
        for (const row of users) this.set.apply({ kind: 'user', userId: row.id, notBefore: Number(row.not_before) });
        if (session === this.session) this.loadedFor = session;
        return;
      } catch (err) {
        this.options.logger.warn({ err, attempt }, 'revocation mirror: could not load revocations; checking tokens against Postgres meanwhile');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * attempt)).unref());
      }
    }
  }
}
