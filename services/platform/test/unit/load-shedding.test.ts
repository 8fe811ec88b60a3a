import { describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdaptiveConcurrencyLimit, EventLoopDelay } from '../../src/load-shedding.ts';

const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
};

describe('EventLoopDelay', () => {
  it('samples finely while requests arrive and rarely once idle, so an idle process barely wakes', () => {
    // On fake timers and a fake clock: the counts depend on the schedule alone, not on how busy the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const delay = new EventLoopDelay({ busySampleMs: 5, idleSampleMs: 200, idleAfterMs: 300, windowMs: 50 }, () => Date.now());
    try {
      delay.noteActivity();
      delay.start();
      vi.advanceTimersByTime(80);
      expect(delay.sampleCount).toBe(16);
      vi.advanceTimersByTime(500); // past idleAfterMs: the next samples are 200 ms apart
      const before = delay.sampleCount;
      vi.advanceTimersByTime(600);
      expect(delay.sampleCount - before).toBe(3);
      const idleEnd = delay.sampleCount;
      delay.noteActivity();
      // The pending idle sample fires within 200 ms, then every 5 ms until idleAfterMs passes without a request.
      vi.advanceTimersByTime(600);
      expect(delay.sampleCount - idleEnd).toBeGreaterThanOrEqual(20);
    } finally {
      delay.stop();
      vi.useRealTimers();
    }
  });

  it('reports the mean lateness of its timer over a window: near zero when calm, the blocking time when the loop is held', async () => {
    const delay = new EventLoopDelay({ busySampleMs: 5, idleSampleMs: 500, idleAfterMs: 60_000, windowMs: 100 });
    delay.noteActivity();
    delay.start();
    try {
      // Compared with the loop held 150 ms at a time rather than with a fixed bound: on a machine whose cores
      // other processes hold, a calm timer is late too (64 ms once, beside the rest of the test command).
      await sleep(250);
      const calm = delay.delayMs;
      for (let i = 0; i < 12; i += 1) {
        block(150);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const held = delay.delayMs;
      expect(held).toBeGreaterThan(100);
      expect(held).toBeGreaterThan(calm + 50);
      expect(delay.utilization).toBeGreaterThan(0.5);
      await sleep(300);
      expect(delay.delayMs).toBeLessThan(held - 50);
    } finally {
      delay.stop();
    }
  });
});

describe('AdaptiveConcurrencyLimit', () => {
  const options = { targetMs: 50, min: 4, max: 100, windowMs: 1_000, minSamples: 10 };
  /**
   * One window of the fake clock: `n` requests arrive at its start; those let in are answered after
   * `latency` ms, but the last at the window's end (when the window is counted); returns how many went in.
   */
  function window(limit: AdaptiveConcurrencyLimit, clock: { t: number }, n: number, latency: number) {
    const start = clock.t;
    const started = Array.from({ length: n }, () => limit.acquire()).filter((s): s is number => s !== undefined);
    clock.t = start + latency;
    for (const s of started.slice(0, -1)) limit.release(s);
    clock.t = start + options.windowMs;
    if (started.length > 0) limit.release(started.at(-1)!);
    return started.length;
  }

  it('starts at its maximum and keeps it while answers are fast', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    expect(limit.limit).toBe(100);
    for (let i = 0; i < 20; i += 1) expect(window(limit, clock, 60, 10)).toBe(60);
    expect(limit.limit).toBe(100);
  });

  it('shrinks in proportion to how far the median is over the target, at most by half a window, never under its minimum', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(limit.limit).toBe(50); // 8× over the target: halved, not cut to an eighth
    expect(window(limit, clock, 60, 100)).toBe(50);
    expect(limit.limit).toBe(25); // 2× over: halved
    expect(window(limit, clock, 60, 60)).toBe(25);
    expect(limit.limit).toBe(20); // 1.2× over: × 50/60
    for (let i = 0; i < 10; i += 1) window(limit, clock, 60, 400);
    expect(limit.limit).toBe(4);
    // Past the limit a request is refused at once, and a place frees when an answer goes.
    const held = Array.from({ length: 4 }, () => limit.acquire());
    expect(held.every((s) => s !== undefined)).toBe(true);
    expect(limit.acquire()).toBeUndefined();
    limit.release(held[0]!);
    expect(limit.acquire()).not.toBeUndefined();
  });

  it('counts a request answered from memory in flight but not in the median, so instant answers cannot hide slow ones', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    // Each window: 40 answers from memory at once and 20 that wait 400 ms. Counting all 60, the median would be 0.
    const start = clock.t;
    const fromMemory = Array.from({ length: 40 }, () => limit.acquire()!);
    const waiting = Array.from({ length: 20 }, () => limit.acquire()!);
    for (const s of fromMemory) limit.release(s, false);
    clock.t = start + 400;
    for (const s of waiting.slice(0, -1)) limit.release(s);
    clock.t = start + options.windowMs;
    limit.release(waiting.at(-1)!);
    expect(limit.limit).toBe(50);
    // In flight until answered, from memory or not.
    const held = Array.from({ length: 50 }, () => limit.acquire());
    expect(held.every((s) => s !== undefined)).toBe(true);
    expect(limit.acquire()).toBeUndefined();
    limit.release(held[0]!, false);
    expect(limit.acquire()).not.toBeUndefined();
  });

  it('grows back by a tenth and one a window once answers are fast again, up to its maximum', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    for (let i = 0; i < 12; i += 1) window(limit, clock, 60, 400);
    expect(limit.limit).toBe(4);
    const seen: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      window(limit, clock, 200, 5);
      seen.push(limit.limit);
    }
    // A window is counted once it has its ten answers (four come a window here); 4 → 5.4 → 6.94 → …
    expect(seen.slice(0, 2)).toEqual([4, 4]);
    expect(seen).toContain(5);
    expect(seen).toContain(6);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(100);
  });
});
