import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { stack } from '@reproute/platform/testing';
import { SharedBudgetStore } from '../../src/rate-limit-store.ts';

// Two stores on one namespace stand in for two gateway instances sharing a client's budget (real Redis).
const redisUrl = stack.redisUrl;
let redis: Redis;
const nameSpace = `ratelimit:store-test-${process.pid}-${Date.now()}:`;
const minute = 60_000;

const incr = (store: SharedBudgetStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, result) => (err ? reject(err) : resolve(result)), minute));

beforeAll(() => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('shared-budget rate-limit store', () => {
  it('counts in memory at once and shares the budget across instances after a sync', async () => {
    const a = new SharedBudgetStore({ redis, nameSpace, syncMs: 60_000 });
    const b = new SharedBudgetStore({ redis, nameSpace, syncMs: 60_000 });
    try {
      for (let i = 1; i <= 30; i += 1) expect((await incr(a, 'client-1')).current).toBe(i);
      for (let i = 1; i <= 20; i += 1) expect((await incr(b, 'client-1')).current).toBe(i);
      await a.sync();
      await b.sync();
      await a.sync(); // a learns b's 20
      expect((await incr(a, 'client-1')).current).toBe(51);
      // b has not yet heard of a's latest request: at most one sync interval of overshoot.
      expect((await incr(b, 'client-1')).current).toBe(51);
      await a.sync();
      await b.sync();
      expect((await incr(b, 'client-1')).current).toBe(53);
      // Another client has its own budget; the window's time left is reported.
      const other = await incr(a, 'client-2');
      expect(other.current).toBe(1);
      expect(other.ttl).toBeGreaterThan(0);
      expect(other.ttl).toBeLessThanOrEqual(minute);
    } finally {
      a.close();
      b.close();
    }
  });

  it('keeps enforcing what it sees itself while Redis is unreachable, and adds it once Redis is back', async () => {
    const offline = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    offline.on('error', () => undefined);
    const store = new SharedBudgetStore({ redis: offline, nameSpace, syncMs: 60_000 });
    try {
      for (let i = 1; i <= 5; i += 1) expect((await incr(store, 'client-3')).current).toBe(i);
      await store.sync(); // fails quietly
      expect((await incr(store, 'client-3')).current).toBe(6);
    } finally {
      store.close();
      offline.disconnect();
    }
  });
});
