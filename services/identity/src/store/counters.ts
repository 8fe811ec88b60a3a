import type { Redis } from 'ioredis';
import type { CounterStore } from '../domain/login-limits.ts';

/** Fixed-window counters in Redis: INCR, and EXPIRE only when the key is new (NX). */
export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async increment(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }> {
    const results = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    if (!results) throw new Error('redis transaction aborted');
    const [incr, , ttl] = results;
    if (incr?.[0] || ttl?.[0]) throw incr?.[0] ?? ttl?.[0];
    return { count: Number(incr?.[1] ?? 0), ttlSeconds: Math.max(0, Number(ttl?.[1] ?? 0)) };
  }

  async read(key: string): Promise<{ count: number; ttlSeconds: number }> {
    const [value, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return { count: value ? Number(value) : 0, ttlSeconds: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
