import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '../../src/logger.ts';
import { stack } from '../../src/testing/stack.ts';
import type { Pool } from '../../src/db.ts';
import { throwawaySchema } from '../fixtures/schema.ts';
import { KafkaBus, type ReceivedMessage } from '../../src/bus.ts';
import { TransientError, handleMessage, startConsumer, type ConsumerOptions } from '../../src/consumer.ts';
import { eventually } from '../../src/testing/index.ts';
import { setTimeout as sleep } from 'node:timers/promises';

// The consumer against real Kafka and Postgres while a dependency fails: this run's own topics and schema.
const run = `${process.pid}${Date.now().toString(36)}`;
const topic = `platform.outage-${run}`;
const schema = `platform_outage_${run}`;
const brokers = stack.kafkaBrokers;
const logger = createLogger('outage-test', 'silent');
const groups: string[] = [];

let pool: Pool;
let testSchema: Awaited<ReturnType<typeof throwawaySchema>>;
let bus: KafkaBus;
const deadLetters: ReceivedMessage[] = [];

beforeAll(async () => {
  testSchema = await throwawaySchema(schema, logger);
  pool = testSchema.pool;
  bus = new KafkaBus({ brokers, clientId: 'outage-test', logger });
  await bus.ensureTopics([topic, `${topic}.dlq`], 1);
  groups.push(`outage-test-dlq-${run}`);
  await bus.subscribe({ groupId: groups[0]!, topics: [`${topic}.dlq`], onMessage: async (m) => void deadLetters.push(m) });
});

afterAll(async () => {
  await bus?.close();
  await testSchema?.drop();
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'outage-test-cleanup', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [topic, `${topic}.dlq`] }).catch(() => undefined);
  await admin.deleteGroups(groups).catch(() => undefined);
  await admin.disconnect();
});

const favoriteAdded = () => ({ id: randomUUID(), type: 'favorite.added', version: 1, occurredAt: new Date().toISOString(), data: { userId: randomUUID(), hotelId: 9 } });
const publish = (event: { id: string }) => bus.publish([{ topic, key: 'one-partition', value: JSON.stringify(event), headers: { 'event-id': event.id } }]);
const handled = async (id: string) => (await pool.query('SELECT count(*)::int AS n FROM items WHERE note = $1', [id])).rows[0].n as number;

describe('a consumer waiting on a dependency', () => {
  it('keeps its group membership while a handler runs longer than the session timeout: no redelivery', async () => {
    const groupId = `outage-test-slow-${run}`;
    groups.push(groupId);
    const deliveries: string[] = [];
    const slow = favoriteAdded();
    const next = favoriteAdded();
    const handle = await bus.subscribe({
      groupId,
      topics: [topic],
      onMessage: async (m) => {
        const id = m.headers['event-id']!;
        if (id !== slow.id && id !== next.id) return;
        deliveries.push(id);
        // Longer than the 15-second session timeout: without heartbeats the group would drop this member.
        if (id === slow.id) await sleep(20_000);
      },
    });
    try {
      await publish(slow);
      await publish(next);
      await eventually(async () => deliveries.includes(next.id), 60_000, 'the message after the slow one');
      expect(deliveries).toEqual([slow.id, next.id]);
    } finally {
      await handle.stop();
    }
  }, 90_000);

  it('is started again after a failure kafkajs does not restart from, and the message is delivered again', async () => {
    // kafkajs leaves a consumer stopped for good after an error it calls non-retriable (as when the group
    // coordinator cannot be found while Kafka restarts). The bus replaces such a consumer.
    const groupId = `outage-test-crash-${run}`;
    groups.push(groupId);
    const crashing = favoriteAdded();
    const after = favoriteAdded();
    const deliveries: string[] = [];
    const handle = await bus.subscribe({
      groupId,
      topics: [topic],
      onMessage: async (m) => {
        const id = m.headers['event-id']!;
        if (id !== crashing.id && id !== after.id) return;
        deliveries.push(id);
        if (id === crashing.id && deliveries.filter((d) => d === crashing.id).length === 1) {
          throw Object.assign(new Error('a failure kafkajs will not retry'), { retriable: false });
        }
      },
    });
    try {
      await publish(crashing);
      await eventually(async () => deliveries.length >= 1, 30_000, 'the first delivery');
      await publish(after);
      await eventually(async () => deliveries.includes(after.id), 60_000, 'the message after the crash');
      // Delivered again (its offset was never committed), then the next one: nothing skipped.
      expect(deliveries).toEqual([crashing.id, crashing.id, after.id]);
    } finally {
      await handle.stop();
    }
  }, 90_000);

  it('retries an event past its dead-letter budget while Postgres drops its connection, then handles it once', async () => {
    let terminations = 0;
    const options: ConsumerOptions = {
      bus, pool, logger, name: `outage-test-pg-${run}`, topics: [topic], maxAttempts: 2, retryDelayMs: 50, maxRetryDelayMs: 200,
      handlers: {
        'favorite.added': async (event, tx) => {
          // A real server-side disconnect (SQLSTATE 57P01), four times: more than maxAttempts.
          if (terminations < 4) {
            terminations += 1;
            await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
          }
          await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [randomUUID(), event.id]);
        },
      },
    };
    const event = favoriteAdded();
    const message: ReceivedMessage = { topic, partition: 0, offset: '0', key: 'k', value: JSON.stringify(event), headers: { 'event-id': event.id } };
    expect(await handleMessage(options, message)).toBe('processed');
    expect(terminations).toBe(4);
    expect(await handled(event.id)).toBe(1);
    expect(deadLetters.filter((m) => m.value?.includes(event.id))).toEqual([]);
  });

  it('stops promptly while waiting on a dependency, commits nothing, and the next consumer of the group handles the event', async () => {
    const name = `outage-test-stop-${run}`;
    groups.push(name);
    let attempts = 0;
    const event = favoriteAdded();
    const waiting = await startConsumer({
      bus, pool, logger, name, topics: [topic], retryDelayMs: 500, maxRetryDelayMs: 2_000,
      handlers: {
        'favorite.added': async (e) => {
          if (e.id !== event.id) return;
          attempts += 1;
          throw new TransientError('dependency down');
        },
      },
    });
    await publish(event);
    await eventually(async () => attempts >= 3, 30_000, 'the consumer retrying');
    const started = Date.now();
    await waiting.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await handled(event.id)).toBe(0);

    const recovered = await startConsumer({
      bus, pool, logger, name, topics: [topic],
      handlers: { 'favorite.added': async (e, tx) => void (await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [randomUUID(), e.id])) },
    });
    try {
      await eventually(async () => (await handled(event.id)) === 1, 60_000, 'the event handled after the restart');
    } finally {
      await recovered.stop();
    }
    expect(deadLetters.filter((m) => m.value?.includes(event.id))).toEqual([]);
  }, 120_000);
});
