import { parseEnvelope, deadLetterTopic, type Envelope, type EventType } from '@reproute/contracts';
import type { EventBus, ReceivedMessage } from './bus.ts';
import { withTransaction, type Pool, type PoolClient } from './db.ts';
import type { Logger } from './logger.ts';
import { extractTraceContext, injectTraceContext, withMessagingSpan } from './propagation.ts';
import { metrics } from './metrics.ts';

export type EventHandler<T extends EventType = EventType> = (event: Envelope<T>, tx: PoolClient) => Promise<void>;
export type EventHandlers = { [T in EventType]?: EventHandler<T> };

export interface ConsumerOptions {
  bus: EventBus;
  pool: Pool;
  logger: Logger;
  /** Names the consumer group and the rows in processed_events. */
  name: string;
  topics: readonly string[];
  handlers: EventHandlers;
  /** Failures of the message's own making allowed before it goes to the dead-letter topic. */
  maxAttempts?: number;
  /** First wait before a retry; it doubles with each retry. */
  retryDelayMs?: number;
  /** Longest wait between retries while a dependency is down. */
  maxRetryDelayMs?: number;
  /**
   * For a group that need not see each event the moment it is published (rollups): each fetch waits up to
   * this long for more messages, so a steady trickle is read and committed in batches rather than one
   * fetch and one commit per message. Unset: every message is handed over as soon as it is published.
   */
  gatherMs?: number;
}

/** Thrown by a handler to say "a dependency is unavailable, try again later" when no error code says so. */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

/** The consumer was stopped (or lost its partitions) while it waited to retry; the message is delivered again later. */
export class ConsumerStoppedError extends Error {
  constructor() {
    super('consumer stopped before the message was handled; it will be delivered again');
    this.name = 'ConsumerStoppedError';
  }
}

// Socket errors: the other side is down, restarting or unreachable.
const transientSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ENOTCONN', 'EAI_AGAIN']);
// SQLSTATEs: 08 connection exception, 53 insufficient resources, 57P01-03 shutdown or not accepting connections yet,
// 40001/40P01 serialization failure and deadlock (running the transaction again succeeds).
const transientSqlState = /^(08|53)[0-9A-Z]{3}$|^57P0[123]$|^40001$|^40P01$/;
// Errors without a code from pg, pg-pool, ioredis and BullMQ when the server went away or is still starting.
const transientMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /Connection is closed/i,
  /max retries per request limit/i,
  /enableOfflineQueue options is false/i,
  /^(LOADING|TRYAGAIN|CLUSTERDOWN|MASTERDOWN) /,
];
const transientErrorNames = new Set(['TransientError', 'MaxRetriesPerRequestError', 'ConnectionClosedError', 'KafkaJSConnectionError', 'KafkaJSConnectionClosedError', 'KafkaJSRequestTimeoutError', 'KafkaJSBrokerNotFound', 'KafkaJSNoBrokerAvailableError']);

/**
 * True when an error means a dependency (Postgres, Redis, Kafka, or anything reached over a socket)
 * is unavailable for now rather than that the message itself cannot be handled. Follows `cause`,
 * kafkajs' wrapped errors and AggregateError's list, since clients wrap the socket error.
 */
export function isTransientFailure(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const { code, name, message, retriable, cause, originalError, errors } = err as {
    code?: unknown; name?: unknown; message?: unknown; retriable?: unknown; cause?: unknown; originalError?: unknown; errors?: unknown;
  };
  if (typeof code === 'string' && (transientSocketCodes.has(code) || transientSqlState.test(code))) return true;
  if (typeof name === 'string' && (transientErrorNames.has(name) || (name.startsWith('KafkaJS') && retriable === true))) return true;
  if (typeof message === 'string' && transientMessages.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isTransientFailure(inner, depth + 1))) return true;
  return isTransientFailure(cause, depth + 1) || isTransientFailure(originalError, depth + 1);
}

/** Exponential backoff: `base`, 2×, 4×, … capped at `cap`. */
export function retryDelay(failures: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}

/** Waits `ms`, or rejects with ConsumerStoppedError as soon as `signal` aborts. */
function waitUnlessStopped(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(new ConsumerStoppedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ConsumerStoppedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Handles one message exactly once per consumer: the event id is recorded in processed_events
 * in the same transaction as the handler's writes, so a repeat delivery is skipped.
 * A transient failure (a dependency down: Postgres, Redis, Kafka, a socket) is retried with capped
 * backoff for as long as it lasts and never counts towards the dead-letter budget. A failure of the
 * message's own is retried `maxAttempts` times; then the message goes to the topic's dead-letter
 * topic. A message of a type this consumer has no handler for is ignored unread; one it handles that
 * is not a valid event goes to the dead-letter topic at once. When `signal` aborts (shutdown,
 * rebalance) the wait ends with ConsumerStoppedError and the message is left for redelivery.
 */
export async function handleMessage(options: ConsumerOptions, message: ReceivedMessage, signal?: AbortSignal): Promise<'processed' | 'duplicate' | 'ignored' | 'dead-lettered'> {
  const { logger, name } = options;
  let event: Envelope;
  try {
    const raw: unknown = JSON.parse(message.value ?? 'null');
    // A tolerant reader: an event of a type this consumer does not handle is passed over before its
    // data is checked, so a type added by a newer producer (or a change to one this consumer ignores)
    // is never dead-lettered here. What it handles must be a valid event.
    const declaredType = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
    if (typeof declaredType === 'string' && !Object.hasOwn(options.handlers, declaredType)) return 'ignored';
    event = parseEnvelope(raw);
  } catch (err) {
    await deadLetter(options, message, err as Error, 0, signal);
    return 'dead-lettered';
  }
  const handler = options.handlers[event.type] as EventHandler | undefined;
  if (!handler) return 'ignored';

  return withMessagingSpan(
    { destination: message.topic, operation: 'process', system: 'kafka', parent: extractTraceContext(message.headers), attributes: { 'messaging.message.id': event.id, 'messaging.consumer.group.name': name, 'event.type': event.type } },
    async () => {
      const maxAttempts = options.maxAttempts ?? 5;
      const baseDelay = options.retryDelayMs ?? 200;
      const maxDelay = options.maxRetryDelayMs ?? 5_000;
      let ownFailures = 0;
      let transientFailures = 0;
      for (;;) {
        if (signal?.aborted) throw new ConsumerStoppedError();
        try {
          const outcome = await withTransaction(options.pool, async (tx) => {
            const inserted = await tx.query('INSERT INTO processed_events (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.id, name]);
            if (inserted.rowCount === 0) return 'duplicate' as const;
            await handler(event, tx);
            return 'processed' as const;
          });
          metrics.eventsConsumed.inc({ consumer: name, type: event.type, outcome });
          if (outcome === 'duplicate') logger.info({ eventId: event.id, type: event.type }, 'duplicate event skipped');
          if (transientFailures > 0) logger.info({ eventId: event.id, type: event.type, transientFailures }, 'event handled after its dependency came back');
          return outcome;
        } catch (err) {
          if (isTransientFailure(err)) {
            transientFailures += 1;
            const delay = retryDelay(transientFailures, baseDelay, maxDelay);
            metrics.eventsConsumed.inc({ consumer: name, type: event.type, outcome: 'transient-failure' });
            logger.warn({ err, eventId: event.id, type: event.type, transientFailures, retryInMs: delay }, 'dependency unavailable; retrying the event until it is back');
            await waitUnlessStopped(delay, signal);
            continue;
          }
          ownFailures += 1;
          metrics.eventsConsumed.inc({ consumer: name, type: event.type, outcome: 'failed' });
          logger.warn({ err, eventId: event.id, type: event.type, attempt: ownFailures }, 'event handler failed');
          if (ownFailures >= maxAttempts) {
            await deadLetter(options, message, err as Error, ownFailures, signal);
            return 'dead-lettered';
          }
          await waitUnlessStopped(retryDelay(ownFailures, baseDelay, maxDelay), signal);
        }
      }
    },
  );
}

/** Publishes the message to `<topic>.dlq`; while Kafka itself is unavailable it keeps trying, like a handler. */
async function deadLetter(options: ConsumerOptions, message: ReceivedMessage, err: Error, attempts: number, signal: AbortSignal | undefined): Promise<void> {
  const topic = deadLetterTopic(message.topic);
  const deadLetterMessage = {
    topic,
    key: message.key ?? '',
    value: message.value ?? '',
    headers: {
      ...message.headers,
      ...injectTraceContext(),
      'dlq-error': err.message.slice(0, 500),
      'dlq-consumer': options.name,
      'dlq-source-topic': message.topic,
      'dlq-source-offset': message.offset,
      'dlq-attempts': String(attempts),
    },
  };
  for (let failures = 1; ; failures += 1) {
    try {
      await options.bus.publish([deadLetterMessage]);
      break;
    } catch (publishErr) {
      // Any other publish failure is thrown: the offset is not committed and Kafka redelivers.
      if (!isTransientFailure(publishErr)) throw publishErr;
      options.logger.warn({ err: publishErr, topic }, 'dead-letter topic unavailable; retrying');
      await waitUnlessStopped(retryDelay(failures, options.retryDelayMs ?? 200, options.maxRetryDelayMs ?? 5_000), signal);
    }
  }
  options.logger.error({ err, topic: message.topic, offset: message.offset, attempts }, 'message sent to dead-letter topic');
  metrics.eventsDeadLettered.inc({ consumer: options.name, topic: message.topic });
}

/** Subscribes a consumer group; returns a handle whose stop() leaves the group after in-flight work. */
export async function startConsumer(options: ConsumerOptions): Promise<{ stop: () => Promise<void> }> {
  return options.bus.subscribe({
    groupId: options.name,
    topics: options.topics,
    gatherMs: options.gatherMs,
    onMessage: async (message, { signal }) => {
      await handleMessage(options, message, signal);
    },
  });
}
