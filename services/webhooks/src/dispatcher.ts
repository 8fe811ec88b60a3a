import { webhookResponseExcerptLength } from '@reproute/contracts';
import { enqueueEvent, extractTraceContext, withMessagingSpan, withTransaction, type Logger, type Pool } from '@reproute/platform';
import type { Config } from './config.ts';
import { postMessage, type DeliveryResult } from './domain/delivery.ts';
import { isDelivered, responseExcerpt, retryDelayMs } from './domain/schedule.ts';
import { signedHeaders } from './domain/signing.ts';

interface DueMessage {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  body: string;
  failures: number;
  trace: Record<string, string>;
  url: string;
  secret: string;
  previous_secret: string | null;
}

type DispatchConfig = Pick<
  Config,
  | 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_RETRY_BASE_MS' | 'WEBHOOK_RETRY_MAX_MS' | 'WEBHOOK_GIVE_UP_AFTER_SECONDS'
  | 'WEBHOOK_DISABLE_AFTER_SECONDS' | 'WEBHOOK_CONCURRENCY' | 'WEBHOOK_POLL_MS'
>;

/**
 * Delivers the queued messages (docs/decisions.md, "Webhooks"). Each endpoint is a queue of its own: one
 * dispatcher at a time holds an endpoint's lease (any instance may, none twice) and sends its due messages in order,
 * one at a time; endpoints are served side by side up to WEBHOOK_CONCURRENCY, so a slow or failing receiver holds
 * up only its own queue, never another's, and never an email (the notifier reads the events in a group of its own).
 * A failed try ends the endpoint's turn: its message waits its backoff, the rest of the queue their own time.
 * A success after failures brings the endpoint's waiting messages forward: a receiver back from an outage gets
 * everything at once.
 */
export class Dispatcher {
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;
  private readonly drains = new Set<Promise<void>>();

  private readonly deps: { pool: Pool; logger: Logger; config: DispatchConfig };

  constructor(deps: { pool: Pool; logger: Logger; config: DispatchConfig }) {
    this.deps = deps;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due messages now (after a test event or a "send again"). */
  nudge(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.drains]);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.deps.config.WEBHOOK_POLL_MS);
      });
    }, ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    const free = this.deps.config.WEBHOOK_CONCURRENCY - this.inFlight.size;
    if (free <= 0) return;
    let claimed: string[];
    try {
      claimed = await this.claim(free);
    } catch (err) {
      this.deps.logger.warn({ err }, 'could not look for due webhook messages; trying again');
      return;
    }
    for (const endpointId of claimed) {
      this.inFlight.add(endpointId);
      const drain = this.drain(endpointId)
        .catch((err: unknown) => this.deps.logger.warn({ err, endpointId }, 'webhook queue turn failed; its messages wait for the next'))
        .finally(() => {
          this.inFlight.delete(endpointId);
          this.drains.delete(drain);
          this.release(endpointId).catch(() => undefined);
          if (!this.stopped) this.schedule(0);
        });
      this.drains.add(drain);
    }
  }

  private leaseSeconds(): number {
    return Math.ceil((this.deps.config.WEBHOOK_TIMEOUT_MS * 2) / 1000) + 30;
  }

  /** Takes the lease of up to `limit` active endpoints with a due message that no dispatcher holds. */
  private async claim(limit: number): Promise<string[]> {
    const { rows } = await this.deps.pool.query<{ id: string }>(
      `UPDATE endpoints SET lease_until = now() + make_interval(secs => $1::int)
        WHERE id IN (
          SELECT e.id FROM endpoints e
           WHERE e.status = 'active' AND (e.lease_until IS NULL OR e.lease_until < now()) AND NOT (e.id = ANY ($3::uuid[]))
             AND EXISTS (SELECT 1 FROM deliveries d WHERE d.endpoint_id = e.id AND d.state = 'pending' AND d.next_attempt_at <= now())
           LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [this.leaseSeconds(), limit, [...this.inFlight]],
    );
    return rows.map((row) => row.id);
  }

  private async release(endpointId: string): Promise<void> {
    await this.deps.pool.query('UPDATE endpoints SET lease_until = NULL WHERE id = $1', [endpointId]);
  }

  /** The endpoint's turn: its due messages in order until one fails, the queue is empty or the service stops. */
  private async drain(endpointId: string): Promise<void> {
    while (!this.stopped) {
      const { rows } = await this.deps.pool.query<DueMessage>(
        `SELECT d.id, d.endpoint_id, d.message_id, d.event_type, d.body, d.failures, d.trace, e.url, e.secret,
                CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret
           FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
          WHERE d.endpoint_id = $1 AND e.status = 'active' AND d.state = 'pending' AND d.next_attempt_at <= now()
          ORDER BY d.next_attempt_at, d.created_at, d.id LIMIT 1`,
        [endpointId],
      );
      const message = rows[0];
      if (!message) return;
      await this.deps.pool.query('UPDATE endpoints SET lease_until = now() + make_interval(secs => $2::int) WHERE id = $1', [endpointId, this.leaseSeconds()]);
      const delivered = await this.attempt(message);
      if (!delivered) return;
    }
  }

  /** One try, in a span that continues the trace the message was made in; its outcome recorded. */
  private attempt(message: DueMessage): Promise<boolean> {
    const host = safeHost(message.url);
    return withMessagingSpan(
      {
        destination: 'webhook',
        operation: 'send',
        system: 'http',
        parent: extractTraceContext(message.trace),
        attributes: { 'messaging.message.id': message.message_id, 'event.type': message.event_type, 'webhook.endpoint.id': message.endpoint_id, 'server.address': host },
      },
      async (span) => {
        const timestamp = Math.floor(Date.now() / 1000);
        const secrets = message.previous_secret ? [message.secret, message.previous_secret] : [message.secret];
        const result = await postMessage({
          url: message.url,
          headers: signedHeaders(secrets, message.message_id, timestamp, message.body),
          body: message.body,
          timeoutMs: this.deps.config.WEBHOOK_TIMEOUT_MS,
          allowPrivate: this.deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
          excerptBytes: webhookResponseExcerptLength * 4,
        });
        const ok = isDelivered(result.statusCode);
        if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
        if (!ok) span.setStatus({ code: 2, message: result.error ?? `HTTP ${result.statusCode}` });
        await this.record(message, result, ok);
        this.deps.logger[ok ? 'info' : 'warn'](
          { endpointId: message.endpoint_id, messageId: message.message_id, type: message.event_type, host, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error },
          ok ? 'webhook delivered' : 'webhook try failed',
        );
        return ok;
      },
    );
  }

  /** The try in the log, the message's next state, the endpoint's streak; a day of failures turns it off and tells its owner. */
  private async record(message: DueMessage, result: DeliveryResult, ok: boolean): Promise<void> {
    const config = this.deps.config;
    await withTransaction(this.deps.pool, async (tx) => {
      // The endpoint's row first, as every other writer takes it (endpoints, then deliveries): no deadlock with an owner's change.
      await tx.query('SELECT 1 FROM endpoints WHERE id = $1 FOR NO KEY UPDATE', [message.endpoint_id]);
      await tx.query('INSERT INTO attempts (delivery_id, status_code, latency_ms, response_excerpt, error) VALUES ($1, $2, $3, $4, $5)', [
        message.id, result.statusCode, result.latencyMs, responseExcerpt(result.body, webhookResponseExcerptLength), result.error,
      ]);
      if (ok) {
        await tx.query(`UPDATE deliveries SET state = 'delivered', next_attempt_at = NULL WHERE id = $1`, [message.id]);
        const { rows } = await tx.query<{ failing_since: Date | null }>('SELECT failing_since FROM endpoints WHERE id = $1', [message.endpoint_id]);
        if (rows[0]?.failing_since) {
          await tx.query('UPDATE endpoints SET failing_since = NULL WHERE id = $1', [message.endpoint_id]);
          await tx.query(`UPDATE deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND state = 'pending' AND next_attempt_at > now()`, [message.endpoint_id]);
        }
        return;
      }
      const failures = message.failures + 1;
      const delay = retryDelayMs(failures, config.WEBHOOK_RETRY_BASE_MS, config.WEBHOOK_RETRY_MAX_MS);
      await tx.query(
        `UPDATE deliveries SET failures = $2,
                state = CASE WHEN created_at < now() - make_interval(secs => $3::int) THEN 'failed' ELSE 'pending' END,
                next_attempt_at = CASE WHEN created_at < now() - make_interval(secs => $3::int) THEN NULL ELSE now() + make_interval(secs => $4::double precision) END
          WHERE id = $1`,
        [message.id, failures, config.WEBHOOK_GIVE_UP_AFTER_SECONDS, delay / 1000],
      );
      await tx.query('UPDATE endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = $1', [message.endpoint_id]);
      const { rows } = await tx.query<{ id: string; owner_id: string; owner_email: string; url: string; failing_since: Date; hotel_name: string | null }>(
        `WITH off AS (
           UPDATE endpoints SET status = 'disabled', disabled_reason = 'failing', disabled_at = now()
            WHERE id = $1 AND status = 'active' AND failing_since <= now() - make_interval(secs => $2::int)
            RETURNING id, owner_id, owner_email, url, failing_since, hotel_id
         )
         SELECT off.id, off.owner_id, off.owner_email, off.url, off.failing_since, h.name AS hotel_name FROM off LEFT JOIN hotels h ON h.hotel_id = off.hotel_id`,
        [message.endpoint_id, config.WEBHOOK_DISABLE_AFTER_SECONDS],
      );
      const disabled = rows[0];
      if (disabled) {
        await enqueueEvent(
          tx,
          'webhook.endpoint_disabled',
          {
            endpointId: disabled.id,
            ownerId: disabled.owner_id,
            ownerEmail: disabled.owner_email,
            host: safeHost(disabled.url),
            hotelName: disabled.hotel_name,
            failingSince: disabled.failing_since.toISOString(),
            lastError: result.error ?? (result.statusCode === null ? null : `HTTP ${result.statusCode}`),
          },
          { key: disabled.id },
        );
        this.deps.logger.warn({ endpointId: disabled.id, host: safeHost(disabled.url) }, 'webhook endpoint failing for too long: turned off, owner told');
      }
    });
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}
