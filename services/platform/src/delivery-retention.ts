import type { Logger } from './logger.ts';
import type { Pool, Queryable } from './db.ts';

/**
 * How long delivered-event records are kept. A sent outbox row is only history once Kafka has the event
 * (kept a day for an operator asking whether an event left). A processed-event record must outlive every
 * redelivery of its event, and Kafka keeps a topic's events 7 days (`log.retention.hours=168`, which a new
 * consumer group reads from the start): kept 8 days.
 */
export interface DeliveryRetention {
  sentOutboxHours: number;
  processedEventHours: number;
}

export const defaultDeliveryRetention: DeliveryRetention = { sentOutboxHours: 24, processedEventHours: 192 };

/** Rows deleted per statement: short statements, so the relay and the consumers never wait long on one. */
const batchRows = 5_000;

/** Deletes `table`'s rows whose `stamp` is more than `hours` old, `batchRows` at a time; returns how many went. */
async function deleteInBatches(db: Queryable, table: 'outbox' | 'processed_events', stamp: 'sent_at' | 'processed_at', hours: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${stamp} < now() - make_interval(hours => $1::int) LIMIT ${batchRows}))`,
      [hours],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batchRows) return deleted;
  }
}

/**
 * Deletes the outbox rows sent longer ago than the retention (never an unsent one) and the records of events
 * processed longer ago than theirs. Without it both tables grow by every event for good, and with them every
 * insert into their indexes and every vacuum.
 */
export async function pruneDelivered(db: Queryable, retention: DeliveryRetention = defaultDeliveryRetention): Promise<{ outbox: number; processed: number }> {
  const outbox = await deleteInBatches(db, 'outbox', 'sent_at', retention.sentOutboxHours);
  const processed = await deleteInBatches(db, 'processed_events', 'processed_at', retention.processedEventHours);
  return { outbox, processed };
}

/**
 * Runs `pruneDelivered` every `everyMs` (10 minutes), the first time a random part of that after the start, so
 * a service's instances do not all prune at once. A failure (Postgres away) is logged and tried next time.
 */
export function startDeliveryPruning(options: { pool: Pool; logger: Logger; retention?: DeliveryRetention; everyMs?: number }): { stop: () => Promise<void> } {
  const everyMs = options.everyMs ?? 10 * 60_000;
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= pruneDelivered(options.pool, options.retention)
      .then(
        (deleted) => {
          if (deleted.outbox > 0 || deleted.processed > 0) options.logger.info(deleted, 'delivered-event records pruned');
        },
        (err: unknown) => options.logger.warn({ err }, 'could not prune delivered-event records; trying again later'),
      )
      .finally(() => (running = undefined));
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    prune();
    interval = setInterval(prune, everyMs).unref();
  }, Math.floor(Math.random() * everyMs)).unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
