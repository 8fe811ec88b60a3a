import type { Redis } from 'ioredis';
import type { FailureRecord, FailureStore } from '../domain/login-limits.ts';

/** Failure records in Redis: a hash (count, last failure) that expires a window after its last failure. */
export class RedisFailureStore implements FailureStore {
  private readonly redis: Redis;

  constructor(redis: Redis) {
    this.redis = redis;
  }

  async read(key: string): Promise<FailureRecord> {
    const [count, last] = await this.redis.hmget(key, 'count', 'last');
    return { count: Number(count ?? 0), lastFailureAt: Number(last ?? 0) };
  }

  async record(key: string, now: number, windowSeconds: number): Promise<FailureRecord> {
    const results = await this.redis.multi().hincrby(key, 'count', 1).hset(key, 'last', now).expire(key, windowSeconds).exec();
    if (!results) throw new Error('redis transaction aborted');
    const failed = results.find(([err]) => err);
    if (failed) throw failed[0];
    return { count: Number(results[0]?.[1] ?? 0), lastFailureAt: now };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async resetPrefix(prefix: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
