import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '../../src/logger.ts';
import { stack } from '../../src/testing/stack.ts';
import type { Pool } from '../../src/db.ts';
import { throwawaySchema } from '../fixtures/schema.ts';
import { KafkaBus, type ReceivedMessage } from '../../src/bus.ts';
import { startConsumer } from '../../src/consumer.ts';
import { eventually } from '../../src/testing/index.ts';

// The operator's replay command against real Kafka and Postgres: dead letters go back to their
// source topic and are handled by an idempotent consumer there. Topics and schema are this run's own.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const run = `${process.pid}${Date.now().toString(36)}`;
const source = `platform.replay-${run}`;
const dlq = `${source}.dlq`;
const schema = `platform_replay_${run}`;
const brokers = stack.kafkaBrokers;
const logger = createLogger('replay-test', 'silent');
const scriptEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
// Run without blocking this process: its two consumer groups keep their heartbeats while the script runs (a
// synchronous run on a busy machine let their sessions lapse, and each rebalance delayed what the test waits for).
const execFileAsync = promisify(execFile);
const replay = async (...args: string[]) =>
  (await execFileAsync('bash', [path.join(root, 'infra/scripts/replay-dlq.sh'), source, ...args], { encoding: 'utf8', timeout: 120_000, env: scriptEnv })).stdout;

let pool: Pool;
let testSchema: Awaited<ReturnType<typeof throwawaySchema>>;
let bus: KafkaBus;
const onSource: ReceivedMessage[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  testSchema = await throwawaySchema(schema, logger);
  pool = testSchema.pool;
  bus = new KafkaBus({ brokers, clientId: 'replay-test', logger });
  await bus.ensureTopics([source, dlq], 3);
  // What arrives on the source topic, raw; and the idempotent consumer that handles it.
  stops.push((await bus.subscribe({ groupId: `replay-test-raw-${run}`, topics: [source], onMessage: async (m) => void onSource.push(m) })).stop);
  const consumer = await startConsumer({
    bus, pool, logger, name: `replay-test-${run}`, topics: [source],
    handlers: { 'favorite.added': async (event, tx) => void (await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [randomUUID(), event.id])) },
  });
  stops.push(consumer.stop);
});

afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined);
  await bus?.close();
  await testSchema?.drop();
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'replay-test-cleanup', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [source, dlq] }).catch(() => undefined);
  await admin.deleteGroups([`dlq-replay.${source}`, `replay-test-raw-${run}`, `replay-test-${run}`]).catch(() => undefined);
  await admin.disconnect();
});

/** A favorite.added event as a consumer dead-lettered it: original headers plus the dlq-* ones. */
async function deadLetter(key: string) {
  const id = randomUUID();
  const value = JSON.stringify({ id, type: 'favorite.added', version: 1, occurredAt: new Date().toISOString(), data: { userId: randomUUID(), hotelId: 7 } });
  const traceparent = `00-${randomUUID().replace(/-/g, '')}-${randomUUID().replace(/-/g, '').slice(0, 16)}-01`;
  await bus.publish([{
    topic: dlq, key, value,
    headers: { traceparent, 'event-type': 'favorite.added', 'event-id': id, 'dlq-error': 'Connection terminated unexpectedly', 'dlq-consumer': 'referral', 'dlq-source-topic': source, 'dlq-source-offset': '12', 'dlq-attempts': '5' },
  }]);
  return { id, key, value, traceparent };
}

const handled = async (id: string) => (await pool.query('SELECT count(*)::int AS n FROM items WHERE note = $1', [id])).rows[0].n as number;

describe('replay-dlq.sh', () => {
  it('lists with --dry-run, replays each dead letter once to its source topic, and a second run replays only newer ones', async () => {
    const first = await deadLetter('hotel-1');
    const second = await deadLetter('hotel-2');

    const listed = await replay('--dry-run');
    expect(listed).toContain(`would replay ${dlq}`);
    expect(listed).toContain(`id=${first.id}`);
    expect(listed).toContain(`id=${second.id}`);
    expect(listed).toContain('error="Connection terminated unexpectedly"');
    expect(listed).toContain(`2 message(s) in ${dlq} would be replayed (dry run: nothing published)`);

    expect(await replay()).toContain(`replayed 2 message(s) from ${dlq}`);
    for (const letter of [first, second]) {
      await eventually(async () => (await handled(letter.id)) === 1, 30_000, `event ${letter.id} handled after the replay`);
      // The raw reader is another consumer group: it sees the copy on its own schedule.
      await eventually(async () => onSource.some((m) => m.headers['event-id'] === letter.id), 30_000, `event ${letter.id} on the source topic`);
      const copies = onSource.filter((m) => m.headers['event-id'] === letter.id);
      // Published once: every delivery (Kafka may deliver one twice) has the same position.
      expect(new Set(copies.map((m) => `${m.partition}@${m.offset}`)).size, 'one copy on the source topic').toBe(1);
      const message = copies[0];
      expect(message!.key).toBe(letter.key);
      expect(message!.value).toBe(letter.value);
      expect(message!.headers).toEqual({ traceparent: letter.traceparent, 'event-type': 'favorite.added', 'event-id': letter.id });
    }

    // Progress is kept: nothing new, nothing replayed; one new dead letter, just that one.
    expect(await replay()).toContain(`replayed 0 message(s) from ${dlq}`);
    const third = await deadLetter('hotel-3');
    expect(await replay('--dry-run')).toContain(`1 message(s) in ${dlq} would be replayed`);
    expect(await replay()).toContain(`replayed 1 message(s) from ${dlq}`);
    await eventually(async () => (await handled(third.id)) === 1, 30_000, 'third event handled');
    await eventually(async () => onSource.some((m) => m.headers['event-id'] === third.id), 30_000, 'third event on the source topic');
    expect([...new Set(onSource.map((m) => m.headers['event-id']))].sort()).toEqual([first.id, second.id, third.id].sort());
    expect(new Set(onSource.map((m) => `${m.partition}@${m.offset}`)).size).toBe(3);
    for (const letter of [first, second, third]) expect(await handled(letter.id)).toBe(1);
  }, 300_000);
});
