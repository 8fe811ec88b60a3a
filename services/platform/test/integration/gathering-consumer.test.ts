import { afterAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../../src/logger.ts';
import { metrics } from '../../src/metrics.ts';
import { eventually } from '../../src/testing/index.ts';
import { stack } from '../../src/testing/stack.ts';
import { KafkaBus } from '../../src/bus.ts';

// A group that gathers (gatherMs) against one that does not, reading the same trickle of messages from the
// real broker: both get every message in order; the gathering one in a few fetches (and offset commits).
const run = `${process.pid}${Date.now().toString(36)}`;
const topic = `platform.gather-${run}`;
const groups = { plain: `platform-gather-plain-${run}`, gathering: `platform-gather-batched-${run}` };
const bus = new KafkaBus({ brokers: stack.kafkaBrokers, clientId: 'gather-test', logger: createLogger('gather-test', 'silent') });
const admin = new Kafka({ brokers: stack.kafkaBrokers.split(','), clientId: 'gather-test-admin', logLevel: logLevel.NOTHING }).admin();
const stops: (() => Promise<void>)[] = [];

/** Batches each group has been handed so far (the consumer batch-size histogram's count). */
async function batches(): Promise<Record<keyof typeof groups, number>> {
  const { values } = await metrics.consumerBatchSize.get();
  const count = (group: string) => values.find((v) => v.metricName === 'kafka_consumer_batch_messages_count' && v.labels.group === group)?.value ?? 0;
  return { plain: count(groups.plain), gathering: count(groups.gathering) };
}

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await bus.close();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
});

describe('a gathering consumer group', () => {
  it('reads a trickle of messages in a few batches, every message in order, where a plain group takes them one by one', async () => {
    await bus.ensureTopics([topic], 1);
    const received: Record<keyof typeof groups, string[]> = { plain: [], gathering: [] };
    for (const [name, groupId] of Object.entries(groups) as [keyof typeof groups, string][]) {
      const handle = await bus.subscribe({
        groupId,
        topics: [topic],
        ...(name === 'gathering' ? { gatherMs: 1_500 } : {}),
        onMessage: async (message) => {
          received[name].push(message.value ?? '');
        },
      });
      stops.push(handle.stop);
    }
    const message = (value: string) => ({ topic, key: 'k', value, headers: {} });
    // Both groups have joined and are fetching once the first message has reached each.
    await bus.publish([message('warm-up')]);
    await eventually(async () => received.plain.length === 1 && received.gathering.length === 1, 30_000, 'both groups reading');
    const before = await batches();

    const trickle = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const value of trickle) {
      await bus.publish([message(value)]);
      await sleep(50);
    }
    await eventually(async () => received.plain.length === 21 && received.gathering.length === 21, 30_000, 'every message read by both groups');
    expect(received.plain).toEqual(['warm-up', ...trickle]);
    expect(received.gathering).toEqual(['warm-up', ...trickle]);

    const after = await batches();
    const plain = after.plain - before.plain;
    const gathering = after.gathering - before.gathering;
    // 20 messages 50 ms apart: one fetch per message for the plain group (a few may share one on a busy
    // machine); the gathering group's fetch waits up to 1.5 s, so the whole trickle spans one to three.
    expect(gathering).toBeGreaterThanOrEqual(1);
    expect(gathering).toBeLessThanOrEqual(4);
    expect(plain).toBeGreaterThan(2 * gathering);
  });
});
