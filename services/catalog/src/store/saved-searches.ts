import { messages, savedSearchLimit, savedSearchPath, type CatalogExport, type SavedSearchAlertMode, type SavedSearchParams } from '@reproute/contracts';
import { conflict, enqueueEvent, isUniqueViolation, notFound, withTransaction, type Logger, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { savedSearchCriteria, savedSearchKey, type StoredSavedSearch } from '../domain/saved-search.ts';
import { searchConditions } from './search.ts';
import { hotelsWithGym } from './rows.ts';

interface SavedSearchRow {
  id: string;
  user_id: string;
  email: string;
  name: string;
  params: SavedSearchParams;
  alerts: SavedSearchAlertMode;
  created_at: Date;
  updated_at: Date;
  hotels_notified: number;
}

const columns = `s.id, s.user_id, s.email, s.name, s.params, s.alerts, s.created_at, s.updated_at,
  (SELECT count(*)::int FROM saved_search_hits x WHERE x.saved_search_id = s.id) AS hotels_notified`;

const fromRow = (row: SavedSearchRow): StoredSavedSearch => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  name: row.name,
  params: row.params,
  alerts: row.alerts,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  hotelsNotified: row.hotels_notified,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's saved searches, newest first. */
export async function listSavedSearches(db: Queryable, userId: string): Promise<StoredSavedSearch[]> {
  const { rows } = await db.query<SavedSearchRow>(`SELECT ${columns} FROM saved_searches s WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC`, [userId]);
  return rows.map(fromRow);
}

/**
 * Saves a search for the account. The account's searches are counted under a lock of its own, so two saves at once
 * cannot pass the limit together; the same parameters twice are one search (409).
 */
export async function createSavedSearch(
  pool: Pool,
  input: { userId: string; email: string; name: string; params: SavedSearchParams; alerts: SavedSearchAlertMode },
): Promise<StoredSavedSearch> {
  return withTransaction(pool, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('saved-searches:' || $1, 0))", [input.userId]);
    const { rows: counted } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1', [input.userId]);
    if (counted[0]!.n >= savedSearchLimit) throw conflict(messages.savedSearchLimit);
    try {
      const { rows } = await tx.query<SavedSearchRow>(
        `INSERT INTO saved_searches AS s (id, user_id, email, name, params, params_key, alerts)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)
         RETURNING ${columns.replace('(SELECT count(*)::int FROM saved_search_hits x WHERE x.saved_search_id = s.id)', '0')}`,
        [input.userId, input.email, input.name, JSON.stringify(input.params), savedSearchKey(input.params), input.alerts],
      );
      return fromRow(rows[0]!);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(messages.savedSearchDuplicate);
      throw err;
    }
  });
}

/**
 * Renames a saved search or changes its alerts; another account's, or an unknown id, is not found. A change of the
 * alerts is announced (`saved-search.changed`, in the same transaction), so the notifier drops a paused search's
 * matches kept for the digest.
 */
export async function updateSavedSearch(pool: Pool, userId: string, id: string, changes: { name?: string; alerts?: SavedSearchAlertMode }): Promise<StoredSavedSearch> {
  if (!uuidPattern.test(id)) throw notFound(messages.savedSearchNotFound);
  return withTransaction(pool, async (tx) => {
    const { rows: before } = await tx.query<{ alerts: SavedSearchAlertMode }>('SELECT alerts FROM saved_searches WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
    if (!before[0]) throw notFound(messages.savedSearchNotFound);
    const { rows } = await tx.query<SavedSearchRow>(
      `UPDATE saved_searches s SET name = coalesce($3, s.name), alerts = coalesce($4, s.alerts), updated_at = now()
        WHERE s.id = $1 AND s.user_id = $2 RETURNING ${columns}`,
      [id, userId, changes.name ?? null, changes.alerts ?? null],
    );
    const updated = fromRow(rows[0]!);
    if (updated.alerts !== before[0].alerts) await enqueueEvent(tx, 'saved-search.changed', { savedSearchId: id, userId, alerts: updated.alerts }, { key: userId });
    return updated;
  });
}

/** Deletes the owner's saved search (what it matched goes by cascade), announced so a kept digest drops its matches. */
export async function deleteSavedSearch(pool: Pool, userId: string, id: string): Promise<void> {
  if (!uuidPattern.test(id)) throw notFound(messages.savedSearchNotFound);
  await withTransaction(pool, async (tx) => {
    const { rowCount } = await tx.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2', [id, userId]);
    if (!rowCount) throw notFound(messages.savedSearchNotFound);
    await enqueueEvent(tx, 'saved-search.changed', { savedSearchId: id, userId, alerts: 'deleted' }, { key: userId });
  });
}

/** The searches a hotel is matched against in one statement. */
const matchBatchSize = 200;

/**
 * The saved searches (not paused, saved by `savedBefore`) that find the hotel, by the search page's own rules: each
 * search's criteria become the search's WHERE clause (`searchConditions`, the same SQL `GET /api/hotels/search`
 * runs), asked of this one hotel, a batch of searches per statement. A search whose parameters no longer pass the
 * search's schema (a rule changed since it was saved) is skipped and logged.
 */
export async function savedSearchesFinding(tx: Queryable, hotelId: number, savedBefore: Date, logger: Logger): Promise<string[]> {
  const found: string[] = [];
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const { rows } = await tx.query<{ id: string; params: SavedSearchParams }>(
      `SELECT id, params FROM saved_searches WHERE alerts <> 'paused' AND created_at <= $1 AND id > $2 ORDER BY id LIMIT ${matchBatchSize}`,
      [savedBefore, after],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const values: unknown[] = [hotelId];
    const branches: string[] = [];
    for (const row of rows) {
      let where;
      try {
        where = searchConditions(savedSearchCriteria(row.params));
      } catch (err) {
        logger.warn({ err, savedSearchId: row.id }, 'saved search skipped: its parameters no longer pass the search schema');
        continue;
      }
      const offset = values.length;
      const text = where.text.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + offset}`);
      values.push(...where.values, row.id);
      branches.push(`SELECT $${values.length}::uuid AS id WHERE EXISTS (SELECT 1 FROM ${hotelsWithGym} WHERE h.id = $1 AND ${text})`);
    }
    if (branches.length > 0) {
      const { rows: matched } = await tx.query<{ id: string }>(branches.join(' UNION ALL '), values);
      found.push(...matched.map((m) => m.id));
    }
    if (rows.length < matchBatchSize) break;
  }
  return found;
}

/**
 * A hotel went live: every saved search that finds it and has not told about it yet records it (once ever per search
 * and hotel: the hits' key) and announces `saved-search.matched` in the same transaction. Answers how many.
 */
export async function recordSavedSearchMatches(tx: PoolClient, hotelId: number, occurredAt: Date, logger: Logger): Promise<number> {
  const { rows: hotels } = await tx.query<{ name: string; slug: string; city: string | null; country: string | null }>(
    'SELECT name, slug, city, country FROM hotels WHERE id = $1 AND is_approved',
    [hotelId],
  );
  const hotel = hotels[0];
  if (!hotel) return 0;
  const ids = await savedSearchesFinding(tx, hotelId, occurredAt, logger);
  if (ids.length === 0) return 0;
  const { rows } = await tx.query<{ id: string; user_id: string; email: string; name: string; params: SavedSearchParams; alerts: 'instant' | 'weekly' }>(
    `WITH hits AS (
       INSERT INTO saved_search_hits (saved_search_id, hotel_id, delivery)
       SELECT s.id, $2, s.alerts FROM saved_searches s WHERE s.id = ANY($1::uuid[]) AND s.alerts <> 'paused'
       ON CONFLICT DO NOTHING RETURNING saved_search_id
     )
     SELECT s.id, s.user_id, s.email, s.name, s.params, s.alerts FROM saved_searches s JOIN hits ON hits.saved_search_id = s.id ORDER BY s.id`,
    [ids, hotelId],
  );
  for (const search of rows) {
    await enqueueEvent(
      tx,
      'saved-search.matched',
      {
        savedSearchId: search.id,
        userId: search.user_id,
        email: search.email,
        searchName: search.name,
        searchPath: savedSearchPath(search.params),
        delivery: search.alerts,
        hotel: { hotelId, name: hotel.name, slug: hotel.slug, city: hotel.city, country: hotel.country },
      },
      { key: search.user_id },
    );
  }
  return rows.length;
}

/** The account's address changed (identity's `user.email_verified`): its saved searches' alerts go to the new one. */
export async function updateSavedSearchEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query('UPDATE saved_searches SET email = $2 WHERE user_id = $1 AND email <> $2', [userId, email]);
}

/** The account's saved searches for its export, with the address their alerts go to and each hotel they told about. */
export async function exportSavedSearches(db: Queryable, userId: string): Promise<CatalogExport['savedSearches']> {
  const searches = await listSavedSearches(db, userId);
  if (searches.length === 0) return [];
  const { rows: hits } = await db.query<{ saved_search_id: string; hotel_id: string; delivery: string; matched_at: Date }>(
    'SELECT saved_search_id, hotel_id, delivery, matched_at FROM saved_search_hits WHERE saved_search_id = ANY($1::uuid[]) ORDER BY matched_at, hotel_id',
    [searches.map((s) => s.id)],
  );
  return searches.map((s) => ({
    id: s.id,
    name: s.name,
    params: s.params as Record<string, string>,
    searchPath: savedSearchPath(s.params),
    alerts: s.alerts,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    hotelsNotified: s.hotelsNotified,
    alertEmail: s.email,
    hotelsMatched: hits
      .filter((h) => h.saved_search_id === s.id)
      .map((h) => ({ hotelId: Number(h.hotel_id), matchedAt: h.matched_at.toISOString(), delivery: h.delivery })),
  }));
}

/**
 * The account's saved searches go with it (their hits by cascade), also any saved under one of its addresses, and so
 * do its alerts not yet published: an alert for an account being deleted is nobody's to receive.
 */
export async function eraseSavedSearches(tx: Queryable, userId: string, emails: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM saved_searches WHERE user_id = $1 OR lower(email) = ANY($2::text[])', [userId, emails.map((e) => e.toLowerCase())]);
  await tx.query(`DELETE FROM outbox WHERE sent_at IS NULL AND event_type IN ('saved-search.matched', 'saved-search.changed') AND payload->'data'->>'userId' = $1`, [userId]);
}
