import { afterAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../../src/logger.ts';
import { metrics } from '../../src/metrics.ts';
import { eventually } from '../../src/testing/index.ts';
import { stack } from '../../src/testing/stack.ts';
import { commitIntervalMs, KafkaBus } from '../../src/bus.ts';

// Handled offsets are committed together (at most every commitIntervalMs) and when a subscription stops, not after
// every message, against the real broker: the group's committed offset follows what was handled, and a member
// that takes over after a stop starts where the stopped one ended.
const run = `${process.pid}${Date.now().toString(36)}`;
const topic = `platform.commits-${run}`;
const groupId = `platform-commits-${run}`;
const bus = new KafkaBus({ brokers: stack.kafkaBrokers, clientId: 'commits-test', logger: createLogger('commits-test', 'silent') });
const admin = new Kafka({ brokers: stack.kafkaBrokers.split(','), clientId: 'commits-test-admin', logLevel: logLevel.NOTHING }).admin();
const stops: (() => Promise<void>)[] = [];

const message = (value: string) => ({ topic, key: 'k', value, headers: {} });

async function commits(): Promise<number> {
  const { values } = await metrics.consumerCommits.get();
  return values.find((v) => v.labels.group === groupId)?.value ?? 0;
}

/** A member of the group that keeps what it is handed in `into`. */
async function member(into: string[]): Promise<{ stop: () => Promise<void> }> {
  return bus.subscribe({
    groupId,
    topics: [topic],
    onMessage: async (m) => {
      into.push(m.value ?? '');
    },
  });
}

async function committedOffset(): Promise<number> {
  const [entry] = await admin.fetchOffsets({ groupId, topics: [topic] });
  return Number(entry?.partitions.find((p) => p.partition === 0)?.offset ?? -1);
}

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await bus.close();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

describe('committed offsets', () => {
  it('commits a trickle of handled messages a few times rather than once each, and everything handled when the subscription stops', async () => {
    await admin.connect();
    await bus.ensureTopics([topic], 1);
    const first: string[] = [];
    const handle = await member(first);
    await bus.publish([message('warm-up')]);
    await eventually(async () => first.length === 1, 30_000, 'the group reading');
    const before = await commits();

    // 20 messages 50 ms apart, each handed over as it comes (one fetch each), committed about once a second.
    const trickle = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const value of trickle) {
      await bus.publish([message(value)]);
      await sleep(50);
    }
    await eventually(async () => first.length === 21, 30_000, 'every message handled');
    expect(first).toEqual(['warm-up', ...trickle]);
    await eventually(async () => (await committedOffset()) === 21, 3 * commitIntervalMs + 5_000, 'the handled offsets committed');
    const trickleCommits = (await commits()) - before;
    expect(trickleCommits).toBeGreaterThanOrEqual(1);
    expect(trickleCommits).toBeLessThanOrEqual(6);

    // Handled just before the stop: stop() commits them before it leaves the group.
    await bus.publish([message('a'), message('b'), message('c')]);
    await eventually(async () => first.length === 24, 30_000, 'the last three handled');
    await handle.stop();
    expect(await committedOffset()).toBe(24);

    // The next member of the group starts after them: nothing handled is delivered again.
    const second: string[] = [];
    const next = await member(second);
    stops.push(next.stop);
    await bus.publish([message('after')]);
    await eventually(async () => second.length >= 1, 30_000, 'the new member reading');
    await sleep(500);
    expect(second).toEqual(['after']);
  });
});
