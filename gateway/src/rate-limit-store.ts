import type { Redis } from 'ioredis';

interface WindowCount {
  windowStart: number;
  timeWindow: number;
  /** Counted here and not yet added to the shared total. */
  pending: number;
  /** The shared total (every instance) as Redis last reported it. */
  shared: number;
}

type Callback = (err: Error | null, result: { current: number; ttl: number }) => void;

export interface SharedBudgetOptions {
  redis: Redis;
  nameSpace: string;
  /** How often local counts are added to the shared ones (ms). */
  syncMs?: number;
  /** Most client keys remembered at once. */
  maxKeys?: number;
}

/**
 * A rate-limit store for @fastify/rate-limit that never waits for Redis on a request: each
 * instance counts in memory, in fixed windows, and every `syncMs` adds its counts to a per-window
 * key in Redis and reads back the total of all instances. A client's budget is therefore shared by
 * every gateway instance, give or take what the others counted in the last sync interval; while
 * Redis is unreachable each instance still enforces the limit on what it sees itself.
 */
export class SharedBudgetStore {
  private readonly counts = new Map<string, WindowCount>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | undefined;

  private readonly options: SharedBudgetOptions;

  constructor(options: SharedBudgetOptions) {
    this.options = options;
    this.timer = setInterval(() => void this.sync(), options.syncMs ?? 250);
    this.timer.unref();
  }

  private current(key: string, timeWindow: number, now: number): WindowCount {
    const windowStart = Math.floor(now / timeWindow) * timeWindow;
    let count = this.counts.get(key);
    if (!count || count.windowStart !== windowStart || count.timeWindow !== timeWindow) {
      count = { windowStart, timeWindow, pending: 0, shared: 0 };
      this.counts.delete(key); // re-inserted last: the map's order is least recently used first
      this.counts.set(key, count);
      const max = this.options.maxKeys ?? 50_000;
      while (this.counts.size > max) this.counts.delete(this.counts.keys().next().value!);
    }
    return count;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const count = this.current(key, timeWindow, now);
    count.pending += 1;
    callback(null, { current: count.shared + count.pending, ttl: count.windowStart + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const count = this.counts.get(key);
    if (!count || count.windowStart + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
    callback(null, { current: count.shared + count.pending, ttl: count.windowStart + timeWindow - now });
  }

  /** Route-level limits share the one store: the budget is per client, whatever the route. */
  child(): this {
    return this;
  }

  /** Adds local counts to the shared totals and learns the others'; one sync at a time. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const now = Date.now();
    const live: [string, WindowCount, number][] = [];
    for (const [key, count] of this.counts) {
      if (count.windowStart + count.timeWindow <= now) this.counts.delete(key);
      else live.push([key, count, count.pending]);
    }
    if (live.length === 0) return;
    const pipeline = this.options.redis.pipeline();
    for (const [key, count, sent] of live) {
      const sharedKey = `${this.options.nameSpace}${key}:${count.windowStart}`;
      if (sent > 0) pipeline.incrby(sharedKey, sent).pexpire(sharedKey, count.timeWindow * 2);
      else pipeline.get(sharedKey);
    }
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch {
      return; // Redis unreachable: keep counting locally; the counts are added once it is back
    }
    if (!results) return;
    let at = 0;
    for (const [, count, sent] of live) {
      const [err, value] = results[at]!;
      at += sent > 0 ? 2 : 1;
      if (err) continue;
      count.pending -= sent;
      // The total includes what was sent; what was counted here since then stays pending.
      count.shared = Number(value ?? 0);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** The store class @fastify/rate-limit instantiates (it calls `new store(options)`). */
export function sharedBudgetStore(options: SharedBudgetOptions) {
  const instance = new SharedBudgetStore(options);
  return Object.assign(
    function SharedBudget() {
      return instance;
    } as unknown as new () => SharedBudgetStore,
    { instance },
  );
}
