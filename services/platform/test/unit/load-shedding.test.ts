import { describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdaptiveConcurrencyLimit, DelayShedding, EventLoopDelay } from '../../src/load-shedding.ts';

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

  it('takes one late window after a quiet spell for a pause, and a loop held window after window for overload', () => {
    // The fake clock runs ahead of the fake timers by what the loop was held: a timer fires that much late.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let held = 0;
    const delay = new EventLoopDelay({ busySampleMs: 10, idleSampleMs: 500, idleAfterMs: 5_000, windowMs: 250 }, () => Date.now() + held);
    try {
      delay.start();
      vi.advanceTimersByTime(2_000); // idle: one sample every 500 ms, each window holds one
      // A request arrives and one task holds the loop 300 ms (a first render after a restart).
      delay.noteActivity();
      held += 300;
      vi.advanceTimersByTime(500);
      expect(delay.delayMs).toBe(300); // that window's mean is the whole pause...
      expect(delay.sustainedDelayMs).toBe(0); // ...but the window before it was calm: nothing to shed for
      vi.advanceTimersByTime(300);
      expect([delay.delayMs, delay.sustainedDelayMs]).toEqual([0, 0]);
      // Held 300 ms at every turn for a second: late window after window.
      for (let i = 0; i < 4; i += 1) {
        delay.noteActivity();
        held += 300;
        vi.advanceTimersByTime(10);
      }
      expect(delay.sustainedDelayMs).toBe(300);
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
      // Once the loop is let go, a later window is calm again. On a machine busy with other work a window can stay
      // late for a while (CI: 97 ms 300 ms after a hold of 144), so the first calm window within 5 s is what counts.
      await expect.poll(() => delay.delayMs, { timeout: 5_000, interval: 100 }).toBeLessThan(held - 50);
    } finally {
      delay.stop();
    }
  });
});

describe('AdaptiveConcurrencyLimit', () => {
  const options = { targetMs: 50, min: 4, max: 100, windowMs: 1_000, minSamples: 10, sustainMs: 3_000 };
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
  /** A limit already cut to its minimum by a sustained overload. */
  function overloaded(clock: { t: number }) {
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    for (let i = 0; i < 12; i += 1) window(limit, clock, 60, 400);
    expect(limit.limit).toBe(4);
    return limit;
  }

  it('starts at its maximum and keeps it while answers are fast', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    expect(limit.limit).toBe(100);
    for (let i = 0; i < 20; i += 1) expect(window(limit, clock, 60, 10)).toBe(60);
    expect(limit.limit).toBe(100);
  });

  it('sheds nothing for a slow spell shorter than its sustain time, however slow, nor for slow windows between fast ones', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    // Two windows (2 s of the 3 s) at eight times the target, then fast again: every request goes in.
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(limit.limit).toBe(100);
    expect(window(limit, clock, 60, 10)).toBe(60);
    // Slow and fast windows in turn for a minute: a fast one ends each run, so the limit is never cut.
    for (let i = 0; i < 30; i += 1) {
      expect(window(limit, clock, 60, 400)).toBe(60);
      expect(window(limit, clock, 60, 400)).toBe(60);
      expect(window(limit, clock, 60, 10)).toBe(60);
    }
    expect(limit.limit).toBe(100);
  });

  it('once the median stays over the target, holds the limit at the peak in flight, then cuts in proportion to how far it is over (at most by half a window), never under its minimum', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(window(limit, clock, 60, 400)).toBe(60);
    // The third window completes the 3 s: held at the 60 that were in flight at once (not cut to 100 × 50/400).
    expect(limit.limit).toBe(60);
    expect(window(limit, clock, 80, 100)).toBe(60);
    expect(limit.limit).toBe(30); // 2× over: halved at once, no sustain time once cutting
    expect(window(limit, clock, 60, 60)).toBe(30);
    expect(limit.limit).toBe(25); // 1.2× over: × 50/60
    for (let i = 0; i < 10; i += 1) window(limit, clock, 60, 400);
    expect(limit.limit).toBe(4);
    // Past the limit a request is refused at once, and a place frees when an answer goes.
    const held = Array.from({ length: 4 }, () => limit.acquire());
    expect(held.every((s) => s !== undefined)).toBe(true);
    expect(limit.acquire()).toBeUndefined();
    limit.release(held[0]!);
    expect(limit.acquire()).not.toBeUndefined();
  });

  it('once cut, cuts further only while the median stays over the target for the sustain time again', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    for (let i = 0; i < 3; i += 1) window(limit, clock, 60, 400);
    expect(limit.limit).toBe(60);
    // Fast, with the demand at the limit: it grows by a tenth and one.
    expect(window(limit, clock, 80, 10)).toBe(60);
    expect(limit.limit).toBe(67);
    // Two slow windows between fast ones, again and again: never cut further.
    const seen = [limit.limit];
    for (let i = 0; i < 5; i += 1) {
      for (const latency of [400, 400, 10]) {
        window(limit, clock, 60, latency);
        seen.push(limit.limit);
      }
    }
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    // Slow windows in a row for longer than the sustain time: cut again.
    const before = limit.limit;
    for (let i = 0; i < 4; i += 1) window(limit, clock, 200, 400);
    expect(limit.limit).toBeLessThan(before);
  });

  it('counts a request answered from memory in flight but not in the median, so instant answers cannot hide slow ones', () => {
    const clock = { t: 0 };
    const limit = new AdaptiveConcurrencyLimit(options, () => clock.t);
    // Each window: 40 answers from memory at once and 20 that wait 400 ms. Counting all 60, the median would be 0.
    for (let i = 0; i < 3; i += 1) {
      const start = clock.t;
      const fromMemory = Array.from({ length: 40 }, () => limit.acquire()!);
      const waiting = Array.from({ length: 20 }, () => limit.acquire()!);
      for (const s of fromMemory) limit.release(s, false);
      clock.t = start + 400;
      for (const s of waiting.slice(0, -1)) limit.release(s);
      clock.t = start + options.windowMs;
      limit.release(waiting.at(-1)!);
    }
    expect(limit.limit).toBe(60);
    // In flight until answered, from memory or not.
    const held = Array.from({ length: 60 }, () => limit.acquire());
    expect(held.every((s) => s !== undefined)).toBe(true);
    expect(limit.acquire()).toBeUndefined();
    limit.release(held[0]!, false);
    expect(limit.acquire()).not.toBeUndefined();
  });

  it('grows back by a tenth and one a window while the demand still reaches it and answers are fast, up to its maximum', () => {
    const clock = { t: 0 };
    const limit = overloaded(clock);
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

  it('goes back to its maximum at once when the demand falls to half of it, and a new cut needs a sustained span again', () => {
    const clock = { t: 0 };
    const limit = overloaded(clock);
    // Two at a time, answered in 5 ms, for fifteen seconds (past the slow answers the last count left): fast, and
    // the limit of 4 only half reached.
    for (let i = 0; i < 15; i += 1) {
      const pair = [limit.acquire()!, limit.acquire()!];
      clock.t += 5;
      for (const s of pair) limit.release(s);
      clock.t += 995;
    }
    expect(limit.limit).toBe(100);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(limit.limit).toBe(100);
    expect(window(limit, clock, 60, 400)).toBe(60);
    expect(limit.limit).toBe(60);
  });
});

describe('DelayShedding', () => {
  // Chance drawn from a fixed sequence: 1,000 draws evenly spread over [0, 1), so the share shed is the probability.
  const evenly = () => {
    let i = 0;
    return () => ((i++ * 0.618034) % 1);
  };
  const shedOf = (shedding: DelayShedding, draws = 1_000) => {
    let shed = 0;
    for (let i = 0; i < draws; i += 1) if (shedding.shed()) shed += 1;
    return shed / draws;
  };

  it('turns nothing away while the loop is within its target, however long', () => {
    const shedding = new DelayShedding({ targetMs: 5 }, evenly());
    for (let w = 0; w < 100; w += 1) shedding.update(w % 2 ? 4.9 : 0.5);
    expect(shedding.probability).toBe(0);
    expect(shedOf(shedding)).toBe(0);
  });

  it('turns next to nothing away for one late window, but a growing share while the delay stays over the target', () => {
    const shedding = new DelayShedding({ targetMs: 5 }, evenly());
    shedding.update(100); // one pause of 100 ms: the small steps of a small share
    expect(shedding.probability).toBeGreaterThan(0);
    expect(shedding.probability).toBeLessThan(0.01);
    shedding.update(1);
    expect(shedding.probability).toBe(0);
    // Overload: the delay stays at 15 ms (for 5 s of 250 ms windows: the share is then past half, short of its most).
    const shares: number[] = [];
    for (let w = 0; w < 20; w += 1) {
      shedding.update(15);
      shares.push(shedding.probability);
    }
    for (let w = 1; w < shares.length; w += 1) expect(shares[w]).toBeGreaterThan(shares[w - 1]!);
    expect(shares.at(-1)).toBeGreaterThan(0.5);
    expect(Math.abs(shedOf(shedding) - shedding.probability)).toBeLessThan(0.02);
  });

  it('never turns more than its most away, and gives the share back once the delay is under the target', () => {
    const shedding = new DelayShedding({ targetMs: 5, maxShare: 0.8 }, evenly());
    for (let w = 0; w < 50; w += 1) shedding.update(100);
    expect(shedding.probability).toBe(0.8);
    const falling: number[] = [];
    for (let w = 0; w < 40 && shedding.probability > 0; w += 1) {
      shedding.update(2);
      falling.push(shedding.probability);
    }
    expect(falling.at(-1)).toBe(0);
    for (let w = 1; w < falling.length; w += 1) expect(falling[w]).toBeLessThanOrEqual(falling[w - 1]!);
  });

  // Processes whose delay grows with the load they admit (1 the most each answers at its target's delay): one
  // linear, one that saturates as a queue does (the delay leaps towards 100 ms as the load nears what it can answer).
  const linear = (load: number) => 5 * load;
  const saturating = (load: number) => (load < 0.99 ? 1 / (1 - load) : 100);

  it.each([
    { growing: 'in proportion', delayAt: linear, offered: 1.5 },
    { growing: 'in proportion', delayAt: linear, offered: 2 },
    { growing: 'as a queue', delayAt: saturating, offered: 1.5 },
    { growing: 'as a queue', delayAt: saturating, offered: 2 },
  ])('settles where the load it lets in holds the delay at its target (delay growing $growing, offered $offered x)', ({ delayAt, offered }) => {
    const shedding = new DelayShedding({ targetMs: 5 });
    const late: number[] = [];
    for (let w = 0; w < 400; w += 1) {
      const delay = delayAt(offered * (1 - shedding.probability));
      shedding.update(delay);
      if (w >= 300) late.push(delay);
    }
    // Settled at the target, not swinging around it.
    for (const delay of late) expect(Math.abs(delay - 5)).toBeLessThan(0.5);
    const admitted = offered * (1 - shedding.probability);
    expect(delayAt(admitted)).toBeCloseTo(5, 0);
  });
});
