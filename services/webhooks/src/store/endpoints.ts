import { randomUUID } from 'node:crypto';
import { maxWebhookEndpoints, type WebhookEndpoint, type WebhookEventType } from '@reproute/contracts';
import { withTransaction, type Pool, type Queryable } from '@reproute/platform';

export interface EndpointRow {
  id: string;
  owner_id: string;
  owner_email: string;
  url: string;
  hotel_id: number | null;
  hotel_name: string | null;
  events: WebhookEventType[];
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  status: 'active' | 'disabled';
  disabled_reason: 'failing' | 'owner' | null;
  disabled_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An endpoint as its owner sees it: never a secret. */
export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  const overlapping = row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > Date.now() ? row.previous_secret_expires_at : null;
  return {
    id: row.id,
    url: row.url,
    hotelId: row.hotel_id,
    hotelName: row.hotel_name,
    events: row.events,
    description: row.description,
    status: row.status,
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    failingSince: iso(row.failing_since),
    previousSecretExpiresAt: iso(overlapping),
    createdAt: row.created_at.toISOString(),
  };
}

const selectEndpoint = `SELECT e.*, h.name AS hotel_name FROM endpoints e LEFT JOIN hotels h ON h.hotel_id = e.hotel_id`;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function listEndpoints(db: Queryable, ownerId: string): Promise<EndpointRow[]> {
  const { rows } = await db.query<EndpointRow>(`${selectEndpoint} WHERE e.owner_id = $1 ORDER BY e.created_at DESC, e.id`, [ownerId]);
  return rows;
}

/** The organisation's endpoint, or null for an unknown id or another organisation's. */
export async function findEndpoint(db: Queryable, ownerId: string, id: string): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<EndpointRow>(`${selectEndpoint} WHERE e.id = $1 AND e.owner_id = $2`, [id, ownerId]);
  return rows[0] ?? null;
}

/** Stores a new endpoint unless the organisation already has the most it may; 'too-many' then, nothing written. */
export async function createEndpoint(
  pool: Pool,
  endpoint: { ownerId: string; ownerEmail: string; url: string; hotelId: number | null; events: WebhookEventType[]; description: string | null; secret: string },
): Promise<EndpointRow | 'too-many'> {
  return withTransaction(pool, async (tx) => {
    // One organisation's creations take turns, so two at once cannot pass the limit together.
    await tx.query('SELECT pg_advisory_xact_lock(4007001, hashtext($1))', [endpoint.ownerId]);
    const { rows: count } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM endpoints WHERE owner_id = $1', [endpoint.ownerId]);
    if ((count[0]?.n ?? 0) >= maxWebhookEndpoints) return 'too-many';
    const id = randomUUID();
    await tx.query(
      'INSERT INTO endpoints (id, owner_id, owner_email, url, hotel_id, events, description, secret) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, endpoint.ownerId, endpoint.ownerEmail, endpoint.url, endpoint.hotelId, endpoint.events, endpoint.description, endpoint.secret],
    );
    return (await findEndpoint(tx, endpoint.ownerId, id))!;
  });
}

/** Off (by its owner) or on again: on clears the failing streak and lets its waiting messages go now. */
export async function setEndpointEnabled(pool: Pool, ownerId: string, id: string, enabled: boolean): Promise<EndpointRow | null> {
  return withTransaction(pool, async (tx) => {
    const found = await findEndpoint(tx, ownerId, id);
    if (!found) return null;
    // The endpoint's row before its deliveries', the order the dispatcher takes them in.
    await tx.query('SELECT 1 FROM endpoints WHERE id = $1 FOR NO KEY UPDATE', [id]);
    if (enabled) {
      await tx.query(`UPDATE endpoints SET status = 'active', disabled_reason = NULL, disabled_at = NULL, failing_since = NULL WHERE id = $1`, [id]);
      await tx.query(`UPDATE deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND state = 'pending'`, [id]);
    } else if (found.status === 'active') {
      await tx.query(`UPDATE endpoints SET status = 'disabled', disabled_reason = 'owner', disabled_at = now() WHERE id = $1`, [id]);
    }
    return findEndpoint(tx, ownerId, id);
  });
}

export async function deleteEndpoint(db: Queryable, ownerId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rowCount } = await db.query('DELETE FROM endpoints WHERE id = $1 AND owner_id = $2', [id, ownerId]);
  return (rowCount ?? 0) > 0;
}

/**
 * A new secret; the current one becomes the previous, signing beside it until `overlapSeconds` from now. A rotation
 * within an overlap drops the oldest secret (two sign at most).
 */
export async function rotateSecret(db: Queryable, ownerId: string, id: string, secret: string, overlapSeconds: number): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  const { rowCount } = await db.query(
    `UPDATE endpoints SET previous_secret = secret, secret = $3,
            previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END
      WHERE id = $1 AND owner_id = $2`,
    [id, ownerId, secret, overlapSeconds],
  );
  return rowCount ? findEndpoint(db, ownerId, id) : null;
}
