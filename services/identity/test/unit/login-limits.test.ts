import { describe, expect, it } from 'vitest';
import { LoginLimiter, delayAfterFailures } from '../../src/domain/login-limits.ts';
import { MemoryFailureStore } from '../fixtures.ts';

/** The Redis store's behaviour (records forgotten a window after their last failure) over a fake clock. */
/** The shared in-memory store on a clock the test moves by hand. */
class MemoryFailures extends MemoryFailureStore {
  now = 1_000_000;
  protected override currentTime(): number {
    return this.now;
  }
}

const limits = { freeFailuresPerAccountAndAddress: 5, freeFailuresPerAddress: 20, maxDelaySeconds: 900, windowSeconds: 900 };
const setup = () => {
  const store = new MemoryFailures();
  return { store, limiter: new LoginLimiter(store, limits, () => store.now) };
};

async function fail(limiter: LoginLimiter, times: number, email: string, ip: string) {
  for (let i = 0; i < times; i += 1) await limiter.recordFailure(email, ip);
}

describe('delayAfterFailures', () => {
  it('is free up to the allowance, then 1 s doubling per failure up to the cap', () => {
    expect([0, 4, 5, 6, 7, 10, 14, 15, 40].map((n) => delayAfterFailures(n, 5, 900))).toEqual([0, 0, 1, 2, 4, 32, 512, 900, 900]);
  });
});

describe('LoginLimiter', () => {
  it('slows one address failing on one account with growing delays, and lets it try once each delay has passed', async () => {
    const { store, limiter } = setup();
    await fail(limiter, 4, 'ann@example.com', '198.51.100.9');
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: true });
    await fail(limiter, 1, 'ann@example.com', '198.51.100.9');
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    store.now += 1_000;
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: true });
    await fail(limiter, 3, 'ann@example.com', '198.51.100.9');
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: false, retryAfterSeconds: 8 });
    store.now += 7_000;
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    store.now += 1_000;
    expect(await limiter.admit('ann@example.com', '198.51.100.9')).toEqual({ allowed: true });
  });

  it("never refuses the owner's address because of another address's failures", async () => {
    const { limiter } = setup();
    await fail(limiter, 15, 'admin@example.com', '203.0.113.7');
    expect((await limiter.admit('admin@example.com', '203.0.113.7')).allowed).toBe(false);
    expect(await limiter.admit('admin@example.com', '192.0.2.10')).toEqual({ allowed: true });
  });

  it('slows one address trying many accounts once it passes its own allowance, and no one else', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 20; i += 1) await limiter.recordFailure(`user${i}@example.com`, '203.0.113.8');
    expect(await limiter.admit('fresh@example.com', '203.0.113.8')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.admit('fresh@example.com', '192.0.2.11')).toEqual({ allowed: true });
  });

  it('forgets failures a window after the last one; a success or a password reset clears them', async () => {
    const { store, limiter } = setup();
    await fail(limiter, 10, 'bob@example.com', '198.51.100.1');
    store.now += 901_000;
    expect(await limiter.admit('bob@example.com', '198.51.100.1')).toEqual({ allowed: true });

    await fail(limiter, 6, 'bob@example.com', '198.51.100.1');
    await limiter.recordSuccess('bob@example.com', '198.51.100.1');
    expect(await limiter.admit('bob@example.com', '198.51.100.1')).toEqual({ allowed: true });

    await fail(limiter, 6, 'bob@example.com', '198.51.100.1');
    await fail(limiter, 6, 'bob@example.com', '198.51.100.2');
    await limiter.clearAccount('BOB@example.com');
    expect(await limiter.admit('bob@example.com', '198.51.100.1')).toEqual({ allowed: true });
    expect(await limiter.admit('bob@example.com', '198.51.100.2')).toEqual({ allowed: true });
  });

  it('treats an email in any letter case as one account', async () => {
    const { limiter } = setup();
    await fail(limiter, 5, 'Cat@Example.com', '198.51.100.3');
    expect((await limiter.admit('cat@example.com', '198.51.100.3')).allowed).toBe(false);
  });
});
