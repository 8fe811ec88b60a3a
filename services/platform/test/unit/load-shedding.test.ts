import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventLoopDelay } from '../../src/load-shedding.ts';

const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
};

describe('EventLoopDelay', () => {
  it('samples finely while requests arrive and rarely once idle, so an idle process barely wakes', async () => {
    const delay = new EventLoopDelay({ busySampleMs: 5, idleSampleMs: 200, idleAfterMs: 300, windowMs: 50 });
    delay.noteActivity();
    delay.start();
    try {
      await sleep(80);
      const busySamples = delay.sampleCount;
      expect(busySamples).toBeGreaterThanOrEqual(5);
      await sleep(500); // past idleAfterMs: the next samples are 200 ms apart
      const before = delay.sampleCount;
      await sleep(600);
      expect(delay.sampleCount - before).toBeLessThanOrEqual(4);
      const idleEnd = delay.sampleCount;
      delay.noteActivity();
      await sleep(600); // the pending idle sample fires within 200 ms, then sampling is fine again
      expect(delay.sampleCount - idleEnd).toBeGreaterThanOrEqual(8);
    } finally {
      delay.stop();
    }
  });

  it('reports the mean lateness of its timer over a window: near zero when calm, the blocking time when the loop is held', async () => {
    const delay = new EventLoopDelay({ busySampleMs: 5, idleSampleMs: 500, idleAfterMs: 60_000, windowMs: 100 });
    delay.noteActivity();
    delay.start();
    try {
      await sleep(250);
      expect(delay.delayMs).toBeLessThan(20);
      for (let i = 0; i < 12; i += 1) {
        block(60);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(delay.delayMs).toBeGreaterThan(20);
      expect(delay.utilization).toBeGreaterThan(0.5);
      await sleep(300);
      expect(delay.delayMs).toBeLessThan(20);
    } finally {
      delay.stop();
    }
  });
});
