import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { redisClientOptions } from './connections.ts';
import type { RedisSettings } from './deployment-settings.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Token revocation as every process sees it. Identity records revocations in Postgres (the truth)
 * and mirrors them to Redis: revoked token ids with their expiry in one sorted set, and per-user
 * "not before" times (a password reset ends every older token) in another. Each process keeps a
 * local copy, loaded in full at start and on every reconnect and kept current by a pub/sub channel,
 * so checking a token costs no round trip and a logout reaches every instance within a second.
 */
export const revokedTokensKey = 'auth:revoked-tokens';
export const tokensNotBeforeKey = 'auth:tokens-not-before';
export const revocationChannel = 'auth:revocations';

export type RevocationNotice =
  | { kind: 'token'; jti: string; expiresAt: number }
  | { kind: 'user'; userId: string; notBefore: number }
  /** Redis was rewritten from Postgres: reload the whole set. */
  | { kind: 'resync' };

/** What a revocation check needs from a verified token (seconds since the epoch for `iat`). */
export interface TokenIdentity {
  jti: string;
  sub: string;
  iat: number;
}

export interface RevocationCheck {
  /** False until a first full copy has been loaded: a caller cannot tell revoked tokens yet. */
  readonly ready: boolean;
  isRevoked(token: TokenIdentity): boolean;
}

/** Reconnect attempts at most half a second apart, so a returning Redis is noticed at once. */
export const quickReconnect = (attempt: number) => Math.min(attempt * 100, 500);

/** Not-before times older than the longest token lifetime identity allows no longer matter. */
const notBeforeKeepSeconds = 31 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The local copy: revoked token ids (until their expiry) and per-user not-before times. Entries only grow until they expire. */
export class RevocationSet {
  private readonly tokens = new Map<string, number>();
  private readonly users = new Map<string, number>();

  apply(notice: RevocationNotice): void {
    if (notice.kind === 'token') this.tokens.set(notice.jti, Math.max(notice.expiresAt, this.tokens.get(notice.jti) ?? 0));
    if (notice.kind === 'user') this.users.set(notice.userId, Math.max(notice.notBefore, this.users.get(notice.userId) ?? 0));
  }

  isRevoked(token: TokenIdentity): boolean {
    if (this.tokens.has(token.jti)) return true;
    const notBefore = this.users.get(token.sub);
    return notBefore !== undefined && token.iat < notBefore;
  }

  /** Forgets what can no longer matter: ids of expired tokens, not-before times older than any token. */
  prune(now = nowSeconds()): void {
    for (const [jti, expiresAt] of this.tokens) if (expiresAt < now) this.tokens.delete(jti);
    for (const [userId, notBefore] of this.users) if (notBefore < now - notBeforeKeepSeconds) this.users.delete(userId);
  }

  get size(): { tokens: number; users: number } {
    return { tokens: this.tokens.size, users: this.users.size };
  }
}

export function parseRevocationNotice(message: string): RevocationNotice | undefined {
  try {
    const notice = JSON.parse(message) as Partial<RevocationNotice> & Record<string, unknown>;
    if (notice.kind === 'token' && typeof notice.jti === 'string' && typeof notice.expiresAt === 'number') return { kind: 'token', jti: notice.jti, expiresAt: notice.expiresAt };
    if (notice.kind === 'user' && typeof notice.userId === 'string' && typeof notice.notBefore === 'number') return { kind: 'user', userId: notice.userId, notBefore: notice.notBefore };
    if (notice.kind === 'resync') return { kind: 'resync' };
  } catch {
    // not JSON: ignored below
  }
  return undefined;
}

/** Writes revocations to Redis and announces them (identity's side). MULTI keeps the set and the notice together. */
export async function publishRevocations(redis: Redis, notices: RevocationNotice[]): Promise<void> {
  const multi = redis.multi();
  for (const notice of notices) {
    if (notice.kind === 'token') multi.zadd(revokedTokensKey, 'GT', notice.expiresAt, notice.jti);
    if (notice.kind === 'user') multi.zadd(tokensNotBeforeKey, 'GT', notice.notBefore, notice.userId);
    multi.publish(revocationChannel, JSON.stringify(notice));
  }
  const results = await multi.exec();
  const failed = results?.find(([err]) => err);
  if (!results || failed) throw failed?.[0] ?? new Error('revocation write was not executed');
}

/**
 * A process's local revocation list, kept current from Redis. Start it before serving; while Redis
 * is unreachable the last known copy keeps answering, and a reconnect reloads it in full.
 */
export class RevocationList implements RevocationCheck {
  private readonly set = new RevocationSet();
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private loaded = false;
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private reloadFailing = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * `redis`: REDIS_URL and its password and TLS settings (the process's config). `name`, the process's (`catalog`,
   * `gateway`), names its two connections in Redis's `CLIENT LIST`.
   */
  private readonly options: { redis: RedisSettings; logger: Logger; name?: string; retryMs?: number };

  constructor(options: { redis: RedisSettings; logger: Logger; name?: string; retryMs?: number }) {
    this.options = options;
    const logger = options.logger;
    const connectionName = (role: string) => (options.name ? { connectionName: `${options.name}:${role}` } : {});
    const connection = redisClientOptions(options.redis);
    this.commands = new Redis({ ...connection, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: quickReconnect, ...connectionName('revocations') });
    // The subscriber queues its SUBSCRIBE until connected and resubscribes after every reconnect.
    this.subscriber = new Redis({ ...connection, maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: quickReconnect, ...connectionName('revocation-notices') });
    // One warning per outage; the reconnect attempts that follow (every half second) go to debug.
    let warned = false;
    for (const client of [this.commands, this.subscriber]) {
      client.on('error', (err) => {
        if (warned) return logger.debug({ err: { message: err.message } }, 'revocation list: redis error');
        warned = true;
        logger.warn({ err: { message: err.message } }, 'revocation list: redis unreachable; serving the last known list until it is back');
      });
      client.on('ready', () => {
        if (warned) logger.info('revocation list: redis is back; reloading');
        warned = false;
      });
    }
    // A reconnect may have missed notices (or Redis restarted empty): load everything again, once the
    // command connection is up and again shortly after the subscriber has resubscribed.
    this.commands.on('ready', () => this.scheduleReload());
    this.subscriber.on('ready', () => setTimeout(() => this.scheduleReload(), 200).unref());
    this.subscriber.on('message', (_channel: string, message: string) => {
      const notice = parseRevocationNotice(message);
      if (!notice) return logger.warn('revocation list: unreadable notice ignored');
      if (notice.kind === 'resync') this.scheduleReload();
      else this.set.apply(notice);
    });
  }

  get ready(): boolean {
    return this.loaded;
  }

  isRevoked(token: TokenIdentity): boolean {
    return this.set.isRevoked(token);
  }

  get size() {
    return this.set.size;
  }

  /** Connects and loads; waits at most `waitMs` for the first load (it keeps trying in the background). */
  async start(waitMs = 5_000): Promise<void> {
    this.pruneTimer = setInterval(() => this.set.prune(), 60_000);
    this.pruneTimer.unref();
    // connect() rejects when Redis is down at start; the clients keep retrying on their own.
    this.commands.connect().catch(() => undefined);
    this.subscriber.subscribe(revocationChannel).then(
      () => this.scheduleReload(),
      (err: Error) => this.options.logger.warn({ err: { message: err.message } }, 'revocation list: subscribe failed'),
    );
    const deadline = Date.now() + waitMs;
    while (!this.loaded && Date.now() < deadline) await sleep(50);
    if (!this.loaded) this.options.logger.error('revocation list not loaded yet (Redis unreachable); signed-in requests answer 503 until it is');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pruneTimer);
    this.commands.disconnect();
    this.subscriber.disconnect();
  }

  private scheduleReload(): void {
    if (this.closed) return;
    // A request during a reload runs another one after it: the running one may have read too early.
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = this.reload().finally(() => {
      this.reloading = undefined;
      if (this.reloadAgain) {
        this.reloadAgain = false;
        this.scheduleReload();
      }
    });
  }

  private async reload(): Promise<void> {
    try {
      const now = nowSeconds();
      const [tokens, users] = await Promise.all([
        this.commands.zrangebyscore(revokedTokensKey, String(now), '+inf', 'WITHSCORES'),
        this.commands.zrange(tokensNotBeforeKey, '0', '-1', 'WITHSCORES'),
      ]);
      for (let i = 0; i + 1 < tokens.length; i += 2) this.set.apply({ kind: 'token', jti: tokens[i]!, expiresAt: Number(tokens[i + 1]) });
      for (let i = 0; i + 1 < users.length; i += 2) this.set.apply({ kind: 'user', userId: users[i]!, notBefore: Number(users[i + 1]) });
      this.set.prune(now);
      if (!this.loaded) this.options.logger.info({ ...this.set.size }, 'revocation list loaded');
      this.loaded = true;
      this.reloadFailing = false;
    } catch (err) {
      const log = this.reloadFailing ? this.options.logger.debug.bind(this.options.logger) : this.options.logger.warn.bind(this.options.logger);
      log({ err: { message: (err as Error).message } }, 'revocation list: reload failed; retrying every second');
      this.reloadFailing = true;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.scheduleReload(), this.options.retryMs ?? 1_000);
      this.retryTimer.unref();
    }
  }
}
