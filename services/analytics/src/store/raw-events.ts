import { enqueueEvent, withTransaction, type Pool } from '@reproute/platform';
import type { RecordedItem } from '../domain/recording.ts';
import { hotelIdsBySlug } from './hotels.ts';

/**
 * Stores browser records and announces each new one as analytics.recorded (in the same
 * transaction); records already stored (same dedupe key) are skipped. Returns how many were new.
 */
export async function recordItems(pool: Pool, items: RecordedItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const slugs = [...new Set(items.flatMap((i) => (i.hotelRef && 'slug' in i.hotelRef ? [i.hotelRef.slug] : [])))];
  return withTransaction(pool, async (tx) => {
    const idsBySlug = await hotelIdsBySlug(tx, slugs);
    const hotelIdOf = (item: RecordedItem) => (!item.hotelRef ? null : 'hotelId' in item.hotelRef ? item.hotelRef.hotelId : (idsBySlug.get(item.hotelRef.slug) ?? null));
    const { rows } = await tx.query<{ dedupe_key: string }>(
      `INSERT INTO raw_events (dedupe_key, kind, session_id, user_id, hotel_id, value, payload, client_timestamp)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::int[], $6::text[], $7::jsonb[], $8::timestamptz[])
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING dedupe_key`,
      [
        items.map((i) => i.dedupeKey),
        items.map((i) => i.kind),
        items.map((i) => i.sessionId),
        items.map((i) => i.userId),
        items.map(hotelIdOf),
        items.map((i) => i.value),
        items.map((i) => JSON.stringify(i.payload)),
        items.map((i) => i.clientTimestamp),
      ],
    );
    const inserted = new Set(rows.map((row) => row.dedupe_key));
    const announced = new Set<string>();
    for (const item of items) {
      // A batch may itself hold the same record twice; it is announced once.
      if (!inserted.has(item.dedupeKey) || announced.has(item.dedupeKey)) continue;
      announced.add(item.dedupeKey);
      await enqueueEvent(
        tx,
        'analytics.recorded',
        { kind: item.kind, hotelId: hotelIdOf(item), value: item.value, sessionId: item.sessionId },
        { key: item.sessionId ?? item.dedupeKey },
      );
    }
    return announced.size;
  });
}

/** Deletes raw records older than the retention period; returns how many went. */
export async function purgeRawEvents(pool: Pool, retentionDays: number): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM raw_events WHERE received_at < now() - make_interval(days => $1)', [retentionDays]);
  return rowCount ?? 0;
}
