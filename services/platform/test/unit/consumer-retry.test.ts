import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { KafkaJSConnectionError, KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { createLogger } from '../../src/logger.ts';
import type { BusMessage, EventBus, ReceivedMessage } from '../../src/bus.ts';
import { ConsumerStoppedError, TransientError, handleMessage, isTransientFailure, retryDelay, type ConsumerOptions } from '../../src/consumer.ts';
import type { Pool } from '../../src/db.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const socketError = (code: string, message = `connect ${code} 127.0.0.1:5432`) => Object.assign(new Error(message), { code });
const sqlError = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('isTransientFailure', () => {
  const transient: [string, unknown][] = [
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET', 'read ECONNRESET')],
    ['timed out', socketError('ETIMEDOUT')],
    ['broken pipe', socketError('EPIPE', 'write EPIPE')],
    ['refused on every address (AggregateError)', Object.assign(new AggregateError([socketError('ECONNREFUSED')], ''), { code: undefined })],
    ['pg: admin shutdown 57P01', sqlError('57P01', 'terminating connection due to administrator command')],
    ['pg: crash shutdown 57P02', sqlError('57P02', 'terminating connection due to crash of another server process')],
    ['pg: starting up 57P03', sqlError('57P03', 'the database system is starting up')],
    ['pg: connection failure 08006', sqlError('08006', 'connection failure')],
    ['pg: too many connections 53300', sqlError('53300', 'sorry, too many clients already')],
    ['pg: serialization failure 40001', sqlError('40001', 'could not serialize access due to concurrent update')],
    ['pg: deadlock 40P01', sqlError('40P01', 'deadlock detected')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: client not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['ioredis: retries per request', new MaxRetriesPerRequestError(1)],
    ['ioredis: connection closed', new Error('Connection is closed.')],
    ['redis: loading', new Error('LOADING Redis is loading the dataset in memory')],
    ['kafkajs: connection error', new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:9092')],
    ['kafkajs: retries exhausted on a connection error', new KafkaJSNumberOfRetriesExceeded(new KafkaJSConnectionError('Connection error'), { retryCount: 3, retryTime: 100 })],
    ['kafkajs: retriable protocol error', new KafkaJSProtocolError({ message: 'leader not available', type: 'LEADER_NOT_AVAILABLE', code: 5, retriable: true } as never)],
    ['wrapped in a cause', new Error('could not queue the email', { cause: socketError('ECONNREFUSED') })],
    ['said so by the handler', new TransientError('partner API unavailable')],
  ];
  it.each(transient)('%s is transient', (_what, err) => expect(isTransientFailure(err)).toBe(true));

  const permanent: [string, unknown][] = [
    ['a plain error', new Error('downstream broken')],
    ['a type error (a bug)', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['pg: unique violation', sqlError('23505', 'duplicate key value violates unique constraint')],
    ['pg: foreign key violation', sqlError('23503', 'insert or update violates foreign key constraint')],
    ['pg: invalid input', sqlError('22P02', 'invalid input syntax for type uuid')],
    ['pg: missing table', sqlError('42P01', 'relation "hotels" does not exist')],
    ['kafkajs: non-retriable', new KafkaJSNonRetriableError('Invalid message')],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ];
  it.each(permanent)('%s is not transient', (_what, err) => expect(isTransientFailure(err)).toBe(false));
});

describe('retryDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => retryDelay(n, 200, 5_000))).toEqual([200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000, 5_000]);
  });
});

/** An event bus held in memory: records what is published; `failPublishes` makes the next publishes fail with those errors. */
class MemoryBus implements EventBus {
  readonly published: BusMessage[] = [];
  failPublishes: Error[] = [];
  async publish(messages: BusMessage[]): Promise<void> {
    const failure = this.failPublishes.shift();
    if (failure) throw failure;
    this.published.push(...messages);
  }
  async subscribe(): Promise<{ stop: () => Promise<void> }> {
    return { stop: async () => undefined };
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * A stand-in for the Postgres pool that records the transaction statements; `connectFailures`
 * makes the next checkouts fail (the database unreachable).
 */
function memoryPool() {
  const processed = new Set<string>();
  const state = { connectFailures: [] as Error[], statements: [] as string[] };
  const pool = {
    connect: async () => {
      const failure = state.connectFailures.shift();
      if (failure) throw failure;
      let pending: string | undefined;
      return {
        query: async (sql: string, params?: unknown[]) => {
          state.statements.push(sql.split(' ')[0]!);
          if (sql.startsWith('INSERT INTO processed_events')) {
            const id = String(params?.[0]);
            if (processed.has(id)) return { rowCount: 0, rows: [] };
            pending = id;
            return { rowCount: 1, rows: [] };
          }
          if (sql === 'COMMIT' && pending) processed.add(pending);
          if (sql === 'ROLLBACK') pending = undefined;
          return { rowCount: 0, rows: [] };
        },
        release: () => undefined,
      };
    },
  };
  return { pool: pool as unknown as Pool, state, processed };
}

const topic = 'referral.leads';
function leadMessage() {
  const event = {
    id: randomUUID(),
    type: 'lead.created',
    version: 1,
    occurredAt: new Date().toISOString(),
    data: {
      leadId: randomUUID(), hotelId: 1, hotelName: 'Hotel', contactEmail: 'hotel@example.com', userId: null,
      name: 'Lee', email: 'lee@example.com', message: null, checkInDate: null, checkOutDate: null, guests: 2,
    },
  };
  const message: ReceivedMessage = { topic, partition: 0, offset: '42', key: event.data.leadId, value: JSON.stringify(event), headers: { 'event-id': event.id } };
  return { event, message };
}

/** A handler that fails with the given errors in turn, then succeeds. */
function scriptedHandler(failures: unknown[]) {
  const calls = { count: 0 };
  const handler = async () => {
    const failure = failures[calls.count];
    calls.count += 1;
    if (failure !== undefined) throw failure;
  };
  return { handler, calls };
}

function consumerOptions(bus: EventBus, pool: Pool, handler: () => Promise<void>, overrides: Partial<ConsumerOptions> = {}): ConsumerOptions {
  return { bus, pool, logger: createLogger('consumer-test', 'silent'), name: 'test-consumer', topics: [topic], handlers: { 'lead.created': handler }, maxAttempts: 3, retryDelayMs: 1, maxRetryDelayMs: 4, ...overrides };
}

describe('handleMessage', () => {
  it('retries a transient failure past the dead-letter budget and handles the event once the dependency is back', async () => {
    const bus = new MemoryBus();
    const { pool, processed } = memoryPool();
    const { handler, calls } = scriptedHandler(Array.from({ length: 12 }, () => sqlError('57P01', 'terminating connection due to administrator command')));
    const { event, message } = leadMessage();
    expect(await handleMessage(consumerOptions(bus, pool, handler), message)).toBe('processed');
    expect(calls.count).toBe(13);
    expect(bus.published).toEqual([]);
    expect(processed.has(event.id)).toBe(true);
  });

  it('retries while the database cannot even be reached', async () => {
    const bus = new MemoryBus();
    const { pool, state } = memoryPool();
    state.connectFailures = Array.from({ length: 8 }, () => socketError('ECONNREFUSED'));
    const { handler, calls } = scriptedHandler([]);
    expect(await handleMessage(consumerOptions(bus, pool, handler), leadMessage().message)).toBe('processed');
    expect(calls.count).toBe(1);
    expect(bus.published).toEqual([]);
  });

  it('dead-letters after maxAttempts failures of its own; transient failures in between do not count', async () => {
    const bus = new MemoryBus();
    const { pool, processed } = memoryPool();
    const own = new Error('hotel contact address rejected');
    const { handler, calls } = scriptedHandler([socketError('ECONNRESET'), own, new MaxRetriesPerRequestError(1), own, socketError('ECONNREFUSED'), own, undefined]);
    const { event, message } = leadMessage();
    expect(await handleMessage(consumerOptions(bus, pool, handler), message)).toBe('dead-lettered');
    expect(calls.count).toBe(6);
    expect(processed.has(event.id)).toBe(false);
    expect(bus.published).toHaveLength(1);
    const [dead] = bus.published;
    expect(dead).toMatchObject({ topic: `${topic}.dlq`, key: message.key, value: message.value });
    expect(dead!.headers).toMatchObject({ 'event-id': event.id, 'dlq-error': 'hotel contact address rejected', 'dlq-attempts': '3', 'dlq-consumer': 'test-consumer', 'dlq-source-topic': topic, 'dlq-source-offset': '42' });
  });

  it('skips a repeat delivery', async () => {
    const bus = new MemoryBus();
    const { pool } = memoryPool();
    const { handler, calls } = scriptedHandler([]);
    const { message } = leadMessage();
    const options = consumerOptions(bus, pool, handler);
    expect(await handleMessage(options, message)).toBe('processed');
    expect(await handleMessage(options, message)).toBe('duplicate');
    expect(calls.count).toBe(1);
  });

  it('sends a message that is not a valid event straight to the dead-letter topic, waiting out a Kafka outage to do so', async () => {
    const bus = new MemoryBus();
    bus.failPublishes = [new KafkaJSConnectionError('Connection error'), new KafkaJSConnectionError('Connection error')];
    const { pool } = memoryPool();
    const { handler, calls } = scriptedHandler([]);
    const message: ReceivedMessage = { topic, partition: 0, offset: '7', key: 'k', value: '{"not":"an event"}', headers: {} };
    expect(await handleMessage(consumerOptions(bus, pool, handler), message)).toBe('dead-lettered');
    expect(calls.count).toBe(0);
    expect(bus.published.map((m) => [m.topic, m.headers['dlq-attempts']])).toEqual([[`${topic}.dlq`, '0']]);
  });

  it('stops retrying at once when the consumer stops, dead-letters nothing and leaves the message unhandled', async () => {
    const bus = new MemoryBus();
    const { pool, processed } = memoryPool();
    const { handler, calls } = scriptedHandler(Array.from({ length: 10_000 }, () => socketError('ECONNREFUSED')));
    const { event, message } = leadMessage();
    const stopping = new AbortController();
    // Long backoff, so only the abort can end the wait.
    const handling = handleMessage(consumerOptions(bus, pool, handler, { retryDelayMs: 60_000, maxRetryDelayMs: 60_000 }), message, stopping.signal);
    await sleep(50);
    const started = Date.now();
    stopping.abort();
    await expect(handling).rejects.toBeInstanceOf(ConsumerStoppedError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.count).toBe(1);
    expect(bus.published).toEqual([]);
    expect(processed.has(event.id)).toBe(false);
  });

  it('passes over an event type it does not handle (a type of a newer producer, or bad data of a type it ignores) without dead-lettering it', async () => {
    const bus = new MemoryBus();
    const { pool, processed } = memoryPool();
    const { handler, calls } = scriptedHandler([]);
    const unknownType = { id: '5d6c0a57-4c5e-4a34-9c57-55a8b0b8a001', type: 'review.replied_in_a_later_version', version: 1, occurredAt: new Date().toISOString(), data: { anything: true } };
    const ignoredWithBadData = { ...unknownType, id: '5d6c0a57-4c5e-4a34-9c57-55a8b0b8a002', type: 'favorite.added', data: { hotelId: 'not a number' } };
    for (const value of [unknownType, ignoredWithBadData]) {
      const message: ReceivedMessage = { topic, partition: 0, offset: '9', key: 'k', value: JSON.stringify(value), headers: {} };
      expect(await handleMessage(consumerOptions(bus, pool, handler), message)).toBe('ignored');
    }
    expect(calls.count).toBe(0);
    expect(processed.size).toBe(0);
    expect(bus.published).toEqual([]);
  });
});
