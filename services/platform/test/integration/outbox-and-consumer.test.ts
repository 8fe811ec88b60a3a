import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { withTransaction, type Pool } from '../../src/db.ts';
import { throwawaySchema, testDatabaseUrl } from '../fixtures/schema.ts';
import { KafkaBus, type ReceivedMessage } from '../../src/bus.ts';
import { enqueueEvent, OutboxRelay, outboxBacklog, outboxInsert, prepareEvent } from '../../src/outbox.ts';
import { handleMessage, type ConsumerOptions } from '../../src/consumer.ts';
import { eventually } from '../../src/testing/index.ts';
import { stack } from '../../src/testing/stack.ts';
import { setTimeout as sleep } from 'node:timers/promises';

// Real Postgres and Kafka (started by `make up`); the test owns a throwaway schema and topic.
const schema = `platform_test_${process.pid}`;
const databaseUrl = testDatabaseUrl;
const topic = 'platform.test';
const logger = createLogger('platform-test', 'silent');

let pool: Pool;
let testSchema: Awaited<ReturnType<typeof throwawaySchema>>;
let bus: KafkaBus;
const received: ReceivedMessage[] = [];
let stopConsumer: (() => Promise<void>) | undefined;

beforeAll(async () => {
  testSchema = await throwawaySchema(schema, logger);
  pool = testSchema.pool;
  bus = new KafkaBus({ brokers: stack.kafkaBrokers, clientId: 'platform-test', logger });
  await bus.ensureTopics([topic, `${topic}.dlq`], 1);
  const handle = await bus.subscribe({
    groupId: `platform-test-${randomUUID()}`,
    topics: [topic, `${topic}.dlq`],
    onMessage: async (m) => {
      received.push(m);
    },
  });
  stopConsumer = handle.stop;
});

afterAll(async () => {
  await stopConsumer?.();
  await bus?.close();
  await testSchema?.drop();
});

describe('migrations', () => {
  it('are idempotent and create the outbox, processed events and the service tables', async () => {
    await testSchema.migrateAgain();
    const { rows } = await pool.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`, [schema]);
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['items', 'outbox', 'processed_events', 'pgmigrations', 'pgmigrations_platform']));
  });
});

describe('transactional outbox', () => {
  it('writes the event with the state change, and neither when the transaction fails', async () => {
    const kept = randomUUID();
    await withTransaction(pool, async (tx) => {
      await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [kept, 'kept']);
      await enqueueEvent(tx, 'favorite.added', { userId: randomUUID(), hotelId: 1 }, { key: kept });
    });
    const lost = randomUUID();
    await expect(
      withTransaction(pool, async (tx) => {
        await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [lost, 'lost']);
        await enqueueEvent(tx, 'favorite.added', { userId: randomUUID(), hotelId: 2 }, { key: lost });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const outbox = await pool.query('SELECT message_key FROM outbox');
    expect(outbox.rows.map((r) => r.message_key)).toEqual([kept]);
    expect((await pool.query('SELECT id FROM items WHERE id = $1', [lost])).rowCount).toBe(0);
  });

  it('writes a change and its event in one statement: the event only when the change happened, neither when the statement fails', async () => {
    await pool.query('DELETE FROM outbox');
    const add = async (id: string, note: string | null) => {
      const event = prepareEvent('favorite.added', { userId: randomUUID(), hotelId: 3 }, { key: id });
      const { rows } = await pool.query<{ n: number }>(
        `WITH added AS (INSERT INTO items (id, note) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id),
              event AS (${outboxInsert(3, 'added')})
         SELECT count(*)::int AS n FROM added`,
        [id, note, ...event.values],
      );
      return { added: rows[0]!.n, event };
    };
    const id = randomUUID();
    const first = await add(id, 'first');
    expect(first.added).toBe(1);
    expect((await add(id, 'again')).added).toBe(0); // no change, so no event
    await expect(add(randomUUID(), null)).rejects.toThrow(); // items.note is NOT NULL: the item and its event both fail
    const { rows } = await pool.query('SELECT id, topic, message_key, event_type, payload, headers FROM outbox');
    expect(rows).toEqual([
      { id: first.event.envelope.id, topic: 'engagement.favorites', message_key: id, event_type: 'favorite.added', payload: first.event.envelope, headers: expect.any(Object) },
    ]);
    expect((await pool.query('SELECT note FROM items WHERE id = $1', [id])).rows).toEqual([{ note: 'first' }]);
  });

  it('refuses an event whose data breaks its contract', async () => {
    await expect(enqueueEvent(pool, 'favorite.added', { userId: 'not-a-uuid', hotelId: 1 } as never, { key: 'x' })).rejects.toThrow();
  });

  it('relays unsent rows to Kafka in the order they were written and marks them sent', async () => {
    await pool.query('DELETE FROM outbox');
    const ids: string[] = [randomUUID(), randomUUID(), randomUUID()];
    // One transaction: the rows share created_at, so only the write order (seq) can keep them in order.
    await withTransaction(pool, async (tx) => {
      for (const [i, id] of ids.entries()) {
        await tx.query(`INSERT INTO outbox (id, topic, message_key, event_type, payload) VALUES ($1, $2, 'k', 'test.event', $3)`, [id, topic, JSON.stringify({ n: i })]);
      }
    });
    const relay = new OutboxRelay({ pool, bus, logger, schema, pollMs: 50 });
    relay.start();
    await eventually(async () => (await outboxBacklog(pool)).unsent === 0, 20_000, 'outbox drained');
    await relay.stop();
    const got = await eventually(async () => {
      const mine = received.filter((m) => m.topic === topic && ids.includes(m.headers['event-id'] ?? ''));
      return mine.length === 3 ? mine : undefined;
    }, 20_000, 'messages consumed');
    expect(got.map((m) => JSON.parse(m.value ?? '{}').n)).toEqual([0, 1, 2]);
    const sent = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NOT NULL AND attempts = 1');
    expect(sent.rows[0].n).toBe(3);
  });

  it('keeps rows and records the error while the broker cannot be reached, then sends them', async () => {
    await pool.query('DELETE FROM outbox');
    const deadBus = new KafkaBus({ brokers: '127.0.0.1:1', clientId: 'platform-test-dead', logger });
    const id = randomUUID();
    await pool.query(`INSERT INTO outbox (id, topic, message_key, event_type, payload) VALUES ($1, $2, 'k', 'test.event', '{}')`, [id, topic]);
    const failing = new OutboxRelay({ pool, bus: deadBus, logger, schema });
    await expect(failing.publishBatch()).rejects.toThrow();
    const row = (await pool.query('SELECT sent_at, attempts, last_error FROM outbox WHERE id = $1', [id])).rows[0];
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    await deadBus.close();
    const working = new OutboxRelay({ pool, bus, logger, schema });
    expect(await working.publishBatch()).toBe(1);
    await eventually(async () => received.some((m) => m.headers['event-id'] === id), 20_000, 'message after recovery');
  });
});

describe('outbox relay wake-up', () => {
  const insertRow = (id: string) => pool.query(`INSERT INTO outbox (id, topic, message_key, event_type, payload) VALUES ($1, $2, 'k', 'test.event', '{}')`, [id, topic]);
  /** The pool, counting (the time of) each read of the outbox made on the connections the relay takes from it. */
  const countingReads = (reads: number[]): Pool =>
    new Proxy(pool, {
      get(target, property, receiver) {
        if (property !== 'connect') return Reflect.get(target, property, receiver);
        return async () => {
          const client = await target.connect();
          const query = client.query.bind(client) as (...args: unknown[]) => unknown;
          return new Proxy(client, {
            get(c, p, r) {
              if (p !== 'query') return Reflect.get(c, p, r);
              return (...args: unknown[]) => {
                if (typeof args[0] === 'string' && args[0].includes('FROM outbox')) reads.push(performance.now());
                return query(...args);
              };
            },
          });
        };
      },
    });

  it('wakes on the commit of an outbox row (LISTEN/NOTIFY), long before its safety poll', async () => {
    await pool.query('DELETE FROM outbox');
    const relay = new OutboxRelay({ pool, bus, logger, schema, listenUrl: databaseUrl, safetyPollMs: 600_000 });
    relay.start();
    try {
      await eventually(async () => relay.isListening, 10_000, 'relay listening');
      const id = randomUUID();
      await insertRow(id); // committed by another connection, with no nudge: only the notification can wake it
      await eventually(async () => (await pool.query('SELECT 1 FROM outbox WHERE id = $1 AND sent_at IS NOT NULL', [id])).rowCount === 1, 10_000, 'row sent after NOTIFY');
      await eventually(async () => received.some((m) => m.headers['event-id'] === id), 20_000, 'message consumed');
    } finally {
      await relay.stop();
    }
  });

  it('while its LISTEN connection is down, polls every pollMs and so still sends a row that nothing nudged', async () => {
    await pool.query('DELETE FROM outbox');
    // Nothing listens on port 1: the LISTEN connection fails and retries, so the relay must fall back to its poll.
    const unreachable = new URL(databaseUrl);
    unreachable.port = '1';
    const reads: number[] = [];
    const relay = new OutboxRelay({ pool: countingReads(reads), bus, logger, schema, listenUrl: unreachable.href, pollMs: 100, safetyPollMs: 600_000 });
    relay.start();
    try {
      await sleep(500);
      expect(relay.isListening).toBe(false);
      expect(reads.length).toBeGreaterThanOrEqual(3); // about one read per 100 ms, not one per safety poll
      const id = randomUUID();
      const written = performance.now();
      await insertRow(id);
      await eventually(async () => (await pool.query('SELECT 1 FROM outbox WHERE id = $1 AND sent_at IS NOT NULL', [id])).rowCount === 1, 10_000, 'row sent by the poll');
      expect(performance.now() - written).toBeLessThan(2_000);
    } finally {
      await relay.stop();
    }
  });

  it('reads the outbox once for a batch that took every row, and again for rows committed while it published', async () => {
    await pool.query('DELETE FROM outbox');
    const reads: number[] = [];
    const counting = countingReads(reads);
    let publishing: (() => void) | undefined;
    const slowBus: typeof bus = Object.assign(Object.create(bus) as typeof bus, {
      publish: async (messages: Parameters<typeof bus.publish>[0]) => {
        await new Promise<void>((resolve) => {
          publishing = resolve;
          setTimeout(resolve, 50);
        });
        return bus.publish(messages);
      },
    });
    const relay = new OutboxRelay({ pool: counting, bus: slowBus, logger, schema, listenUrl: databaseUrl, safetyPollMs: 600_000 });
    relay.start();
    try {
      await eventually(async () => relay.isListening, 10_000, 'relay listening');
      await eventually(async () => reads.length >= 1, 10_000, 'first catch-up read');
      await new Promise((resolve) => setTimeout(resolve, 300));
      reads.length = 0;
      const first = [randomUUID(), randomUUID()];
      await withTransaction(pool, async (tx) => {
        for (const id of first) await tx.query(`INSERT INTO outbox (id, topic, message_key, event_type, payload) VALUES ($1, $2, 'k', 'test.event', '{}')`, [id, topic]);
      });
      await eventually(async () => (await outboxBacklog(pool)).unsent === 0, 10_000, 'both rows sent');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // One read took both rows; no second read to find nothing.
      expect(reads).toHaveLength(1);

      // A row committed while the relay publishes (after its read) wakes it again through its notification.
      reads.length = 0;
      publishing = undefined;
      await insertRow(randomUUID());
      await eventually(async () => publishing, 10_000, 'relay publishing');
      const late = randomUUID();
      await insertRow(late);
      await eventually(async () => (await pool.query('SELECT 1 FROM outbox WHERE id = $1 AND sent_at IS NOT NULL', [late])).rowCount === 1, 10_000, 'late row sent');
      expect(reads).toHaveLength(2);
    } finally {
      await relay.stop();
    }
  });

  it('under a stream of writes, reads the outbox at most once per batch interval and sends every row', async () => {
    await pool.query('DELETE FROM outbox');
    const reads: number[] = [];
    const batchIntervalMs = 100;
    const relay = new OutboxRelay({ pool: countingReads(reads), bus, logger, schema, listenUrl: databaseUrl, safetyPollMs: 600_000, batchIntervalMs });
    relay.start();
    try {
      await eventually(async () => relay.isListening, 10_000, 'relay listening');
      await eventually(async () => reads.length >= 1, 10_000, 'first catch-up read');
      await sleep(2 * batchIntervalMs);
      reads.length = 0;
      const from = performance.now();
      // Sixty rows, each committed on its own, each with its notification.
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) {
        const id = randomUUID();
        ids.push(id);
        await insertRow(id);
        await sleep(5);
      }
      await eventually(async () => (await outboxBacklog(pool)).unsent === 0, 10_000, 'every row sent');
      const consumed = await eventually(async () => {
        const got = received.filter((m) => ids.includes(m.headers['event-id'] ?? ''));
        return got.length >= ids.length ? got : undefined;
      }, 20_000, 'all 60 consumed');
      expect(consumed.map((m) => m.headers['event-id'])).toEqual(ids);
      // Batches start at least the interval apart. A read comes a connection and a BEGIN after its batch's
      // start, and batches run one after another, so every batch but the first counted started after `from`
      // and before the last read: at most (last read - from) / interval + 2 reads, far fewer than the rows.
      expect(reads.length).toBeLessThanOrEqual(Math.floor((reads.at(-1)! - from) / batchIntervalMs) + 2);
      expect(reads.length).toBeLessThan(ids.length / 2);
    } finally {
      await relay.stop();
    }
  });

  it('publishes each row once, in commit order, with two relays on one schema (advisory lock, SKIP LOCKED)', async () => {
    await pool.query('DELETE FROM outbox');
    const relays = [1, 2].map(() => new OutboxRelay({ pool, bus, logger, schema, listenUrl: databaseUrl, safetyPollMs: 600_000, batchSize: 5 }));
    relays.forEach((r) => r.start());
    try {
      await eventually(async () => relays.every((r) => r.isListening), 10_000, 'relays listening');
      const ids: string[] = Array.from({ length: 40 }, () => randomUUID());
      await Promise.all(ids.map((id) => insertRow(id)));
      await eventually(async () => (await outboxBacklog(pool)).unsent === 0, 20_000, 'outbox drained');
      const mine = await eventually(async () => {
        const got = received.filter((m) => ids.includes(m.headers['event-id'] ?? ''));
        return got.length >= ids.length ? got : undefined;
      }, 20_000, 'all 40 consumed');
      await sleep(500); // a duplicate would arrive right behind the originals
      expect(received.filter((m) => ids.includes(m.headers['event-id'] ?? '')).length).toBe(mine.length);
      expect(new Set(mine.map((m) => m.headers['event-id'])).size).toBe(ids.length);
      const attempts = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE id = ANY($1::uuid[]) AND attempts = 1', [ids]);
      expect(attempts.rows[0].n).toBe(ids.length);
      // One partition keeps publish order: the relays took turns, so the events arrived in the outbox's order.
      const order = await pool.query<{ id: string }>('SELECT id FROM outbox WHERE id = ANY($1::uuid[]) ORDER BY seq', [ids]);
      expect(mine.map((m) => m.headers['event-id'])).toEqual(order.rows.map((r) => r.id));
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
    }
  });
});

describe('idempotent consumer', () => {
  function options(handler: ConsumerOptions['handlers']['favorite.added'], maxAttempts = 3): ConsumerOptions {
    return { bus, pool, logger, name: 'platform-test', topics: [topic], handlers: { 'favorite.added': handler }, maxAttempts, retryDelayMs: 10 };
  }
  function message(envelope: unknown): ReceivedMessage {
    return { topic, partition: 0, offset: '0', key: 'k', value: typeof envelope === 'string' ? envelope : JSON.stringify(envelope), headers: {} };
  }
  const envelope = () => ({ id: randomUUID(), type: 'favorite.added', version: 1, occurredAt: new Date().toISOString(), data: { userId: randomUUID(), hotelId: 7 } });

  it('handles an event once and skips a repeat delivery', async () => {
    let calls = 0;
    const opts = options(async (event, tx) => {
      calls += 1;
      await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [randomUUID(), event.id]);
    });
    const event = envelope();
    expect(await handleMessage(opts, message(event))).toBe('processed');
    expect(await handleMessage(opts, message(event))).toBe('duplicate');
    expect(calls).toBe(1);
    expect((await pool.query('SELECT 1 FROM items WHERE note = $1', [event.id])).rowCount).toBe(1);
  });

  it('retries a failing handler a bounded number of times, rolls back its writes, then dead-letters', async () => {
    let calls = 0;
    const event = envelope();
    const opts = options(async (_event, tx) => {
      calls += 1;
      await tx.query('INSERT INTO items (id, note) VALUES ($1, $2)', [randomUUID(), event.id]);
      throw new Error('downstream broken');
    });
    expect(await handleMessage(opts, message(event))).toBe('dead-lettered');
    expect(calls).toBe(3);
    expect((await pool.query('SELECT 1 FROM items WHERE note = $1', [event.id])).rowCount).toBe(0);
    const dead = await eventually(async () => received.find((m) => m.topic === `${topic}.dlq` && m.value?.includes(event.id)), 20_000, 'dead letter');
    expect(dead.headers['dlq-error']).toBe('downstream broken');
    expect(dead.headers['dlq-attempts']).toBe('3');
    // A later redelivery is not marked as already processed: the failure was never acknowledged as success.
    expect((await pool.query('SELECT 1 FROM processed_events WHERE event_id = $1', [event.id])).rowCount).toBe(0);
  });

  it('sends a message that is not a valid event straight to the dead-letter topic', async () => {
    let calls = 0;
    const marker = `garbage-${randomUUID()}`;
    expect(await handleMessage(options(async () => void (calls += 1)), message(`{"not":"an event","marker":"${marker}"}`))).toBe('dead-lettered');
    expect(calls).toBe(0);
    await eventually(async () => received.some((m) => m.topic === `${topic}.dlq` && m.value?.includes(marker)), 20_000, 'dead letter');
  });
});
