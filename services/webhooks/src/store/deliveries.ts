import { randomUUID } from 'node:crypto';
import { webhookTestEventType, type WebhookDelivery, type WebhookEventType } from '@reproute/contracts';
import { injectTraceContext, type Queryable } from '@reproute/platform';

/** The body every try of a message sends: Standard Webhooks' `{ type, timestamp, data }`. */
export function messageBody(type: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ type, timestamp, data });
}

/** The stable `webhook-id` of an event's message: the same for every try and every endpoint (receivers drop repeats by it). */
export const messageIdOf = (eventId: string) => `msg_${eventId.replace(/-/g, '')}`;

/**
 * Queues one message per active endpoint of the hotel's organisation that wants this type (the organisation's
 * endpoints for every property, and the hotel's own), in the consumer's transaction: written once per event id
 * (the consumer's record, and the unique message id per endpoint), tried by the dispatcher, never by the request.
 */
export async function queueForHotel(tx: Queryable, input: { hotelId: number; type: WebhookEventType; eventId: string; occurredAt: string; data: unknown }): Promise<number> {
  const body = messageBody(input.type, input.occurredAt, input.data);
  const { rowCount } = await tx.query(
    `INSERT INTO deliveries (id, endpoint_id, message_id, event_type, body, next_attempt_at, trace)
     SELECT gen_random_uuid(), e.id, $2, $3, $4, now(), $5::jsonb
       FROM endpoints e JOIN hotels h ON h.provider_id = e.owner_id
      WHERE h.hotel_id = $1 AND e.status = 'active' AND (e.hotel_id IS NULL OR e.hotel_id = $1) AND $3 = ANY (e.events)
     ON CONFLICT (endpoint_id, message_id) DO NOTHING`,
    [input.hotelId, messageIdOf(input.eventId), input.type, body, JSON.stringify(injectTraceContext())],
  );
  return rowCount ?? 0;
}

/** "Send a test event": a `webhook.test` message for this endpoint alone, through the same queue. */
export async function queueTestMessage(db: Queryable, endpointId: string): Promise<string> {
  const id = randomUUID();
  const messageId = messageIdOf(randomUUID());
  const now = new Date().toISOString();
  const body = messageBody(webhookTestEventType, now, { message: 'A test event from RepRoute: your endpoint receives and verifies signed deliveries.', endpointId });
  await db.query(
    `INSERT INTO deliveries (id, endpoint_id, message_id, event_type, body, next_attempt_at, trace) VALUES ($1, $2, $3, $4, $5, now(), $6::jsonb)`,
    [id, endpointId, messageId, webhookTestEventType, body, JSON.stringify(injectTraceContext())],
  );
  return id;
}

/** "Send again": the message back in its endpoint's queue, to be tried now, with its own id and body. */
export async function requeueDelivery(db: Queryable, endpointId: string, deliveryId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) return false;
  const { rowCount } = await db.query(`UPDATE deliveries SET state = 'pending', next_attempt_at = now() WHERE id = $1 AND endpoint_id = $2`, [deliveryId, endpointId]);
  return (rowCount ?? 0) > 0;
}

interface DeliveryRow {
  id: string;
  message_id: string;
  event_type: string;
  state: WebhookDelivery['state'];
  created_at: Date;
  next_attempt_at: Date | null;
  attempts: { at: string; statusCode: number | null; latencyMs: number; responseExcerpt: string | null; error: string | null }[];
}

const deliveryColumns = `d.id, d.message_id, d.event_type, d.state, d.created_at, d.next_attempt_at,
  coalesce((SELECT json_agg(json_build_object('at', a.at, 'statusCode', a.status_code, 'latencyMs', a.latency_ms,
                                              'responseExcerpt', a.response_excerpt, 'error', a.error) ORDER BY a.at DESC, a.id DESC)
              FROM attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts`;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    state: row.state,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.state === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    attempts: row.attempts.map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
  };
}

/** The endpoint's delivery log: its last `limit` messages, newest first, each with every try. */
export async function deliveryLog(db: Queryable, endpointId: string, limit = 50): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM deliveries d WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`, [endpointId, limit]);
  return rows.map(toDelivery);
}

export async function findDelivery(db: Queryable, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
  if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) return null;
  const { rows } = await db.query<DeliveryRow>(`SELECT ${deliveryColumns} FROM deliveries d WHERE d.id = $1 AND d.endpoint_id = $2`, [deliveryId, endpointId]);
  return rows[0] ? toDelivery(rows[0]) : null;
}
