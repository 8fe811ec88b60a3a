import { describe, expect, it } from 'vitest';
import { SummaryCache } from '../../src/store/search.ts';

/** A computation the test finishes by hand, counting how often it was started. */
function controlled() {
  let started = 0;
  const pending: ((value: number) => void)[] = [];
  const compute = () => {
    started += 1;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { compute, started: () => started, finish: (value: number) => pending.shift()!(value) };
}

describe('SummaryCache', () => {
  it('computes once for callers asking at the same time, then answers from the cache while fresh', async () => {
    let now = 0;
    const cache = new SummaryCache<number>(1_000, 10_000, 10, () => now);
    const c = controlled();
    const asked = [cache.get('k', c.compute), cache.get('k', c.compute), cache.get('k', c.compute)];
    c.finish(7);
    expect(await Promise.all(asked)).toEqual([7, 7, 7]);
    now = 999;
    expect(await cache.get('k', c.compute)).toBe(7);
    expect(c.started()).toBe(1);
  });

  it('after the TTL answers the stale value at once while one caller computes it again; past the stale window it waits', async () => {
    let now = 0;
    const cache = new SummaryCache<number>(1_000, 10_000, 10, () => now);
    const c = controlled();
    const first = cache.get('k', c.compute);
    c.finish(1);
    await first;
    now = 1_500;
    expect(await cache.get('k', c.compute)).toBe(1);
    expect(await cache.get('k', c.compute)).toBe(1);
    expect(c.started()).toBe(2);
    c.finish(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', c.compute)).toBe(2);
    now = 1_500 + 1_000 + 10_000;
    const waiting = cache.get('k', c.compute);
    c.finish(3);
    expect(await waiting).toBe(3);
  });

  it('a clear (a hotel write) drops every value, and a computation begun before it is answered but not kept', async () => {
    const cache = new SummaryCache<number>(60_000, 60_000);
    const c = controlled();
    const before = cache.get('k', c.compute);
    cache.clear();
    const after = cache.get('k', c.compute);
    expect(c.started()).toBe(2);
    c.finish(1);
    c.finish(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get('k', c.compute)).toBe(2);
  });

  it('keeps nothing with a TTL of 0, and a failed computation is not kept', async () => {
    const cache = new SummaryCache<number>(0, 60_000);
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await cache.get('k', async () => ++calls);
    expect(calls).toBe(2);
    const caching = new SummaryCache<number>(60_000, 60_000);
    await expect(caching.get('k', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await caching.get('k', async () => 5)).toBe(5);
  });
});
