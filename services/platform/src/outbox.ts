import { randomUUID } from 'node:crypto';
import { context } from '@opentelemetry/api';
import { eventCatalog, type EventData, type EventType, type Envelope } from '@reproute/contracts';
import type { EventBus } from './bus.ts';
import type { Pool, Queryable } from './db.ts';
import type { Logger } from './logger.ts';
import { extractTraceContext, injectTraceContext, withMessagingSpan } from './propagation.ts';
import { metrics } from './metrics.ts';
import { PgListener } from './pg-listener.ts';
import type { PostgresTls } from './deployment-settings.ts';

/** An event made ready for the outbox: its envelope, and the outbox row's values in `outboxInsert`'s order. */
export interface PreparedEvent<T extends EventType> {
  envelope: Envelope<T>;
  values: [id: string, topic: string, messageKey: string, eventType: T, payload: string, headers: string];
}

/**
 * Makes an event ready for the outbox: its envelope (a new id, the time, the data validated against its
 * contract: an invalid event is a bug and throws) and the row to write, with the active trace context, so
 * the relay's publish continues the trace of the request that made it.
 */
export function prepareEvent<T extends EventType>(type: T, data: EventData<T>, options: { key: string | number }): PreparedEvent<T> {
  const definition = eventCatalog[type];
  const envelope = {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    data: definition.data.parse(data) as EventData<T>,
  };
  return {
    envelope,
    values: [envelope.id, definition.topic, String(options.key), type, JSON.stringify(envelope), JSON.stringify(injectTraceContext(context.active()))],
  };
}

/**
 * SQL that writes a prepared event's row from the six parameters starting at `$first`. Alone, it is a
 * statement; as a data-modifying CTE of the statement that makes the change, the change and its event
 * are written in one round trip and one implicit transaction. With `from` (another CTE of that
 * statement, such as the rows it inserted or deleted) the row is written once per row of it, so no
 * event is written when nothing changed.
 */
export function outboxInsert(first: number, from?: string): string {
  const p = (i: number) => `$${first + i}`;
  return (
    'INSERT INTO outbox (id, topic, message_key, event_type, payload, headers) ' +
    `SELECT ${p(0)}::uuid, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::jsonb, ${p(5)}::jsonb` +
    (from ? ` FROM ${from}` : '')
  );
}

/**
 * Writes an event to the outbox inside the caller's transaction (pass the transaction's client),
 * so the state change and the event commit or roll back together. The event's data is validated
 * against its contract first: an invalid event is a bug and fails the transaction. A change made by
 * one statement can write its event in that statement instead (`prepareEvent`, `outboxInsert`).
 */
export async function enqueueEvent<T extends EventType>(
  tx: Queryable,
  type: T,
  data: EventData<T>,
  options: { key: string | number },
): Promise<Envelope<T>> {
  const event = prepareEvent(type, data, options);
  await tx.query(outboxInsert(1), event.values);
  return event.envelope;
}

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  event_type: string;
  payload: unknown;
  headers: Record<string, string>;
}

export interface OutboxRelayOptions {
  pool: Pool;
  bus: EventBus;
  logger: Logger;
  schema: string;
  /** Database URL for the LISTEN connection; without it the relay polls every `pollMs`. */
  listenUrl?: string;
  /** The LISTEN connection's TLS (PGSSLMODE, PGSSLROOTCERT), as the pool's. */
  listenTls?: PostgresTls;
  /** Poll interval while no LISTEN connection is up (default 250 ms). */
  pollMs?: number;
  /** Safety poll while listening, for a notification lost with a dropped connection (default 5 s). */
  safetyPollMs?: number;
  batchSize?: number;
  /**
   * The shortest time between the starts of two batches (default 20 ms). A relay woken after a quiet spell
   * reads at once; under a stream of writes, rows committed meanwhile wait for the interval and go out
   * together, so a busy service reads and publishes a few times per interval instead of once per write.
   * A full batch (a backlog) is followed at once.
   */
  batchIntervalMs?: number;
}

/**
 * Publishes unsent outbox rows in order and marks them sent. It wakes when a transaction that wrote
 * rows commits (Postgres NOTIFY on `outbox_<schema>`: a trigger on every insert into the outbox, see the
 * platform migration 003), whichever instance or script wrote them, and otherwise only on a slow safety
 * poll, so an idle service does not query Postgres ten times a second. That notification is the one
 * wake-up for writes: the routes do not nudge the relay after their writes. While the LISTEN connection
 * is down (lost, or not yet up) the relay polls every `pollMs` instead, and it looks at once when the
 * connection is lost and when LISTEN begins again, for what was committed meanwhile. When Kafka cannot be reached the rows stay unsent (attempts and the last error
 * recorded) and the relay backs off and tries again, so nothing is lost while the broker is down.
 * Several relays over one schema (one per instance) never publish a row twice and never reorder:
 * a relay publishes only while it holds the schema's advisory lock, and its batch is row-locked.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private pendingWake = false;
  private failures = 0;
  private lastBatchAt = Number.NEGATIVE_INFINITY;
  private lastBatchFull = false;
  private stopPause: (() => void) | undefined;
  /** The LISTEN connection on the schema's channel (none without `listenUrl`). */
  private readonly listener: PgListener | undefined;

  private readonly options: OutboxRelayOptions;

  constructor(options: OutboxRelayOptions) {
    this.options = options;
    this.listener = options.listenUrl
      ? new PgListener({
          url: options.listenUrl,
          tls: options.listenTls,
          channel: this.channel,
          applicationName: `${options.schema}-outbox-listener`,
          logger: options.logger,
          onNotification: () => this.nudge(),
          onListening: () => this.nudge(), // catch up with anything committed before the LISTEN began
          onLost: (err, attempt) => {
            options.logger.warn({ err, attempt }, 'outbox LISTEN connection lost; polling until it is back');
            this.nudge(); // rows may have been written while it was down
          },
        })
      : undefined;
  }

  /** True while a LISTEN connection is up (the relay then polls only as a safety net). */
  get isListening(): boolean {
    return this.listener?.listening ?? false;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 200;
  }

  get channel(): string {
    return `outbox_${this.options.schema}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.listener?.start();
    this.loop = this.run();
  }

  /**
   * Asks the relay to look for rows now rather than at its next poll: its LISTEN connection's events, and tests
   * that wait for the outbox to drain. A write need not call it: its commit notifies the relay.
   */
  nudge(): void {
    if (this.wake) this.wake();
    else this.pendingWake = true;
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 250;
    const safetyPollMs = this.options.safetyPollMs ?? 5_000;
    const batchIntervalMs = this.options.batchIntervalMs ?? 20;
    while (this.running) {
      const sinceLast = performance.now() - this.lastBatchAt;
      // The rest of the batch interval: only a stop ends it, not a nudge.
      if (sinceLast < batchIntervalMs && !this.lastBatchFull) await this.wait(batchIntervalMs - sinceLast, (waker) => (this.stopPause = waker));
      this.lastBatchAt = performance.now();
      this.pendingWake = false;
      let published = 0;
      try {
        published = await this.publishBatch();
        this.lastBatchFull = published >= this.batchSize;
        this.failures = 0;
      } catch (err) {
        this.failures += 1;
        this.options.logger.warn({ err, failures: this.failures }, 'outbox relay could not publish; will retry');
      }
      // A full batch may have more behind it. A partial one took every row committed before its read; a
      // row committed since then sends its own notification, which set pendingWake during the batch. So
      // while LISTENing the relay does not go round again only to find nothing (three statements per
      // batch); when polling it does.
      if (published > 0 && this.failures === 0 && (published >= this.batchSize || !this.isListening)) continue;
      if (this.pendingWake && this.failures === 0) continue;
      const delay = this.failures > 0 ? Math.min(5_000, 250 * 2 ** Math.min(this.failures, 5)) : this.isListening ? safetyPollMs : pollMs;
      await this.wait(delay, (waker) => (this.wake = waker)); // a nudge or a stop ends it
    }
  }

  /** Waits `ms`, or until the function it hands to `setWaker` is called; hands over undefined once done. */
  private async wait(ms: number, setWaker: (waker: (() => void) | undefined) => void): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      setWaker(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    setWaker(undefined);
  }

  /** Publishes one batch; returns how many rows were sent. */
  async publishBatch(): Promise<number> {
    const client = await this.options.pool.connect();
    try {
      await client.query('BEGIN');
      // One relay of a schema publishes at a time (the others find no rows and wait for their next
      // wake-up), so the instances of a service never reorder one aggregate's events between them. The
      // lock is taken (once, as the statement starts) by the statement that reads the batch. Its
      // snapshot may be older than the last holder's commit; a row that holder marked sent meanwhile is
      // re-read by FOR UPDATE in its committed version, which no longer matches, so it is not taken again.
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, topic, message_key, event_type, payload, headers FROM outbox
          WHERE (SELECT pg_try_advisory_xact_lock(hashtext('outbox'), hashtext($1))) AND sent_at IS NULL
          ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [this.options.schema, this.batchSize],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      try {
        await this.publishRows(rows);
      } catch (err) {
        await client.query(
          'UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])',
          [rows.map((r) => r.id), String((err as Error).message).slice(0, 500)],
        );
        await client.query('COMMIT');
        throw err;
      }
      await client.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])', [
        rows.map((r) => r.id),
      ]);
      await client.query('COMMIT');
      metrics.outboxPublished.inc({ schema: this.options.schema }, rows.length);
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private async publishRows(rows: OutboxRow[]): Promise<void> {
    // Each row gets a producer span, child of the request that wrote it; its context travels in the headers.
    const messages = await Promise.all(
      rows.map((row) =>
        withMessagingSpan(
          { destination: row.topic, operation: 'publish', system: 'kafka', parent: extractTraceContext(row.headers), attributes: { 'messaging.message.id': row.id, 'event.type': row.event_type } },
          async () => ({
            topic: row.topic,
            key: row.message_key,
            value: JSON.stringify(row.payload),
            headers: { ...injectTraceContext(), 'event-type': row.event_type, 'event-id': row.id },
          }),
        ),
      ),
    );
    await this.options.bus.publish(messages);
  }

  /** Stops polling after a last attempt to send what is waiting. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.listener?.stop();
    this.stopPause?.();
    this.wake?.();
    await this.loop;
    await this.publishBatch().catch((err: unknown) => this.options.logger.warn({ err }, 'final outbox flush failed; rows stay for the next start'));
  }
}

/** Unsent rows and the age of the oldest, for readiness details and metrics. */
export async function outboxBacklog(db: Queryable): Promise<{ unsent: number; oldestAgeSeconds: number }> {
  const { rows } = await db.query<{ unsent: number; oldest: number | null }>(
    `SELECT count(*)::int AS unsent, EXTRACT(EPOCH FROM (now() - min(created_at)))::float AS oldest FROM outbox WHERE sent_at IS NULL`,
  );
  return { unsent: rows[0]?.unsent ?? 0, oldestAgeSeconds: rows[0]?.oldest ?? 0 };
}
