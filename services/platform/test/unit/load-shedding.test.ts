import { describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventLoopDelay } from '../../src/load-shedding.ts';

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
