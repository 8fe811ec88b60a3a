import { describe, expect, it } from 'vitest';
import { LoginLimiter, emailFailuresKey, ipFailuresKey, type CounterStore } from '../../src/domain/login-limits.ts';

/** The Redis store's behaviour (fixed windows started by the first hit) over a fake clock. */
class MemoryCounters implements CounterStore {
  now = 0;
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now) this.entries.delete(key);
    return this.entries.get(key);
  }
  async increment(key: string, windowSeconds: number) {
    const entry = this.live(key) ?? { count: 0, expiresAt: this.now + windowSeconds * 1000 };
    entry.count += 1;
    this.entries.set(key, entry);
    return { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - this.now) / 1000) };
  }
  async read(key: string) {
    const entry = this.live(key);
    return entry ? { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - this.now) / 1000) } : { count: 0, ttlSeconds: 0 };
  }
  async reset(key: string) {
    this.entries.delete(key);
  }
}

const limits = { maxFailuresPerEmail: 5, maxFailuresPerIp: 8, windowSeconds: 900 };

describe('LoginLimiter', () => {
  it('refuses an email after 5 failed attempts within the window, even with the right password, until the window ends', async () => {
    const store = new MemoryCounters();
    const limiter = new LoginLimiter(store, limits);
    for (let i = 0; i < 5; i += 1) {
      const ip = `10.0.0.${i}`;
      expect(await limiter.admit('ann@example.com', ip)).toEqual({ allowed: true });
      await limiter.recordFailure('ann@example.com', ip);
    }
    expect(await limiter.admit('ann@example.com', '10.0.1.1')).toEqual({ allowed: false, retryAfterSeconds: 900 });
    store.now += 600_000;
    expect(await limiter.admit('ANN@example.com ', '10.0.1.2')).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(await limiter.admit('bob@example.com', '10.0.1.2')).toEqual({ allowed: true });
    store.now += 300_000;
    expect(await limiter.admit('ann@example.com', '10.0.1.3')).toEqual({ allowed: true });
  });

  it('forgets an email\'s failures after a successful sign-in or a password reset', async () => {
    const limiter = new LoginLimiter(new MemoryCounters(), limits);
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure('ann@example.com', `10.0.0.${i}`);
    await limiter.recordSuccess('ann@example.com');
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure('ann@example.com', `10.0.1.${i}`);
    expect((await limiter.admit('ann@example.com', '10.0.2.1')).allowed).toBe(true);
    await limiter.recordFailure('ann@example.com', '10.0.2.1');
    expect((await limiter.admit('ann@example.com', '10.0.2.1')).allowed).toBe(false);
    await limiter.clearEmail('ann@example.com');
    expect((await limiter.admit('ann@example.com', '10.0.2.2')).allowed).toBe(true);
  });

  it('refuses a client address after 8 failures across any accounts, until its window ends', async () => {
    const store = new MemoryCounters();
    const limiter = new LoginLimiter(store, limits);
    for (let i = 0; i < 8; i += 1) {
      expect((await limiter.admit(`user${i}@example.com`, '10.0.0.9')).allowed).toBe(true);
      await limiter.recordFailure(`user${i}@example.com`, '10.0.0.9');
    }
    expect(await limiter.admit('fresh@example.com', '10.0.0.9')).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect((await limiter.admit('fresh@example.com', '10.0.0.10')).allowed).toBe(true);
    store.now += 900_000;
    expect((await limiter.admit('fresh@example.com', '10.0.0.9')).allowed).toBe(true);
  });

  it('never counts successful sign-ins, so a busy honest client is not throttled', async () => {
    const limiter = new LoginLimiter(new MemoryCounters(), limits);
    for (let i = 0; i < 1000; i += 1) {
      expect((await limiter.admit('ann@example.com', '127.0.0.1')).allowed).toBe(true);
      await limiter.recordSuccess('ann@example.com');
    }
  });

  it('keys counters by a digest, never the address itself, and folds email case', () => {
    expect(emailFailuresKey('Ann@Example.com')).toBe(emailFailuresKey('ann@example.com'));
    expect(emailFailuresKey('ann@example.com')).not.toContain('ann');
    expect(ipFailuresKey('10.0.0.1')).not.toContain('10.0.0.1');
  });
});
