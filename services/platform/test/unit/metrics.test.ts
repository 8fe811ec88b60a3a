import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { registry } from '../../src/metrics.ts';

describe("the process's default metrics", () => {
  it('export the event-loop lag measured at each scrape, not the figures of a ticking histogram', async () => {
    await registry.metrics(); // the lag is measured from this scrape to the next turn of the loop
    await sleep(10);
    const text = await registry.metrics();
    const lag = /^nodejs_eventloop_lag_seconds (\S+)$/m.exec(text);
    expect(lag).not.toBeNull();
    expect(Number(lag![1])).toBeGreaterThan(0);
    expect(Number(lag![1])).toBeLessThan(5);
    expect(text).not.toMatch(/nodejs_eventloop_lag_(min|max|mean|stddev|p50|p90|p99)_seconds/);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });
});
