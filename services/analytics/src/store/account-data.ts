import { analyticsExportLimit, type AnalyticsExport } from '@reproute/contracts';
import type { AccountToErase, PoolClient, Queryable } from '@reproute/platform';

interface RawRow {
  kind: string;
  value: string | null;
  hotel_id: number | null;
  session_id: string | null;
  payload: unknown;
  client_timestamp: Date | null;
  received_at: Date;
}

/** The records the account's browser sent while signed in, newest first (at most `analyticsExportLimit`). */
export async function exportAnalytics(db: Queryable, userId: string): Promise<AnalyticsExport> {
  const [events, counted] = await Promise.all([
    db.query<RawRow>(
      `SELECT kind, value, hotel_id, session_id, payload, client_timestamp, received_at FROM raw_events
        WHERE user_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2`,
      [userId, analyticsExportLimit],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM raw_events WHERE user_id = $1', [userId]),
  ]);
  const total = counted.rows[0]?.total ?? 0;
  return {
    events: events.rows.map((r) => ({
      kind: r.kind,
      value: r.value,
      hotelId: r.hotel_id,
      sessionId: r.session_id,
      payload: r.payload,
      clientTimestamp: r.client_timestamp ? r.client_timestamp.toISOString() : null,
      receivedAt: r.received_at.toISOString(),
    })),
    total,
    truncated: total > events.rows.length,
  };
}

/**
 * Analytics' part of deleting an account (docs/decisions.md, "Deleting an account"): its records are unlinked,
 * not deleted, so the day's figures stay true. Every record sent signed in as the account, and every record of
 * a browser session it was signed in during (within the days those records span), loses the account and the
 * session id, and any id or address a single event's free data carried. The rollups name nobody. A provider's
 * listings go with their account in the catalog; this copy of them forgets the provider. Answers the sessions,
 * so the service's published events that carry them are forgotten too.
 */
export async function eraseAccount(tx: PoolClient, account: AccountToErase): Promise<{ mentions: string[] }> {
  const { rows } = await tx.query<{ sessions: string[] | null; first: Date | null; last: Date | null }>(
    `SELECT array_agg(DISTINCT session_id) FILTER (WHERE session_id IS NOT NULL) AS sessions, min(received_at) AS first, max(received_at) AS last
       FROM raw_events WHERE user_id = $1`,
    [account.userId],
  );
  const sessions = rows[0]?.sessions ?? [];
  await tx.query(
    `UPDATE raw_events SET user_id = NULL, session_id = NULL,
            payload = payload #- '{userId}' #- '{sessionId}' #- '{email}' #- '{data,userId}' #- '{data,sessionId}' #- '{data,email}'
      WHERE user_id = $1
         OR (session_id = ANY($2::text[]) AND received_at BETWEEN $3::timestamptz - interval '1 day' AND $4::timestamptz + interval '1 day')`,
    [account.userId, sessions, rows[0]?.first ?? new Date(0), rows[0]?.last ?? new Date(0)],
  );
  await tx.query('UPDATE hotels SET provider_id = NULL WHERE provider_id = $1', [account.userId]);
  return { mentions: sessions };
}
