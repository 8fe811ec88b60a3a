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
  maxAttempts?: number;
  retryDelayMs?: number;
}

/**
 * Handles one message exactly once per consumer: the event id is recorded in processed_events
 * in the same transaction as the handler's writes, so a repeat delivery is skipped. A failing
 * handler is retried a bounded number of times; then the message goes to the topic's dead-letter
 * topic. A message that is not a valid event goes there at once.
 */
export async function handleMessage(options: ConsumerOptions, message: ReceivedMessage): Promise<'processed' | 'duplicate' | 'ignored' | 'dead-lettered'> {
  const { logger, name } = options;
  let event: Envelope;
  try {
    event = parseEnvelope(JSON.parse(message.value ?? 'null'));
  } catch (err) {
    await deadLetter(options, message, err as Error, 0);
    return 'dead-lettered';
  }
  const handler = options.handlers[event.type] as EventHandler | undefined;
  if (!handler) return 'ignored';

  return withMessagingSpan(
    { destination: message.topic, operation: 'process', system: 'kafka', parent: extractTraceContext(message.headers), attributes: { 'messaging.message.id': event.id, 'messaging.consumer.group.name': name, 'event.type': event.type } },
    async () => {
      const maxAttempts = options.maxAttempts ?? 5;
      let lastError: Error | undefined;
      for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
        try {
          const outcome = await withTransaction(options.pool, async (tx) => {
            const inserted = await tx.query('INSERT INTO processed_events (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.id, name]);
            if (inserted.rowCount === 0) return 'duplicate' as const;
            await handler(event, tx);
            return 'processed' as const;
          });
          metrics.eventsConsumed.inc({ consumer: name, type: event.type, outcome });
          if (outcome === 'duplicate') logger.info({ eventId: event.id, type: event.type }, 'duplicate event skipped');
          return outcome;
        } catch (err) {
          lastError = err as Error;
          metrics.eventsConsumed.inc({ consumer: name, type: event.type, outcome: 'failed' });
          logger.warn({ err, eventId: event.id, type: event.type, attempt }, 'event handler failed');
          if (attempt < maxAttempts) await new Promise((r) => setTimeout(r, (options.retryDelayMs ?? 200) * 2 ** (attempt - 1)));
        }
      }
      await deadLetter(options, message, lastError ?? new Error('unknown failure'), maxAttempts);
      return 'dead-lettered';
    },
  );
}

async function deadLetter(options: ConsumerOptions, message: ReceivedMessage, err: Error, attempts: number): Promise<void> {
  const topic = deadLetterTopic(message.topic);
  options.logger.error({ err, topic: message.topic, offset: message.offset, attempts }, 'message sent to dead-letter topic');
  metrics.eventsDeadLettered.inc({ consumer: options.name, topic: message.topic });
  // If even the dead-letter publish fails, throw: the offset is not committed and Kafka redelivers.
  await options.bus.publish([
    {
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
    },
  ]);
}

/** Subscribes a consumer group; returns a handle whose stop() leaves the group after in-flight work. */
export async function startConsumer(options: ConsumerOptions): Promise<{ stop: () => Promise<void> }> {
  return options.bus.subscribe({
    groupId: options.name,
    topics: options.topics,
    onMessage: async (message) => {
      await handleMessage(options, message);
    },
  });
}
