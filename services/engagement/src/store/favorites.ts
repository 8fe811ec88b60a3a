import type { FavoriteItem } from '@reproute/contracts';
import { outboxInsert, prepareEvent, type Queryable } from '@reproute/platform';

interface FavoriteRow {
  hotel_id: number;
  created_at: Date;
}
const toItem = (row: FavoriteRow): FavoriteItem => ({ hotelId: row.hotel_id, createdAt: row.created_at.toISOString() });

/** The user's favourites, newest first. */
export async function listFavorites(db: Queryable, userId: string): Promise<FavoriteItem[]> {
  const { rows } = await db.query<FavoriteRow>(
    `SELECT f.hotel_id, f.created_at FROM favorites f
       LEFT JOIN hotels h ON h.id = f.hotel_id
      WHERE f.user_id = $1 AND h.deleted_at IS NULL
      ORDER BY f.created_at DESC, f.hotel_id DESC`,
    [userId],
  );
  return rows.map(toItem);
}

/**
 * Adds a favourite once: a repeat keeps the existing row and emits nothing. `created` tells the
 * caller whether this call added it. One statement writes the row and, only when it was inserted,
 * its `favorite.added` event (one round trip, one implicit transaction). The no-op update makes the
 * statement return the row (and lock it) even when it already exists, so a concurrent removal can
 * never leave the answer without a row.
 */
export async function addFavorite(db: Queryable, userId: string, hotelId: number): Promise<{ item: FavoriteItem; created: boolean }> {
  const event = prepareEvent('favorite.added', { userId, hotelId }, { key: hotelId });
  const { rows } = await db.query<FavoriteRow & { inserted: boolean }>(
    `WITH added AS (
       INSERT INTO favorites AS f (user_id, hotel_id) VALUES ($1, $2)
         ON CONFLICT (user_id, hotel_id) DO UPDATE SET created_at = f.created_at
         RETURNING f.hotel_id, f.created_at, (xmax = 0) AS inserted
     ), event AS (${outboxInsert(3, 'added WHERE added.inserted')})
     SELECT hotel_id, created_at, inserted FROM added`,
    [userId, hotelId, ...event.values],
  );
  const row = rows[0]!;
  return { item: toItem(row), created: row.inserted };
}

/** Removes a favourite if present, with its `favorite.removed` event in the same statement; returns whether a row was removed. */
export async function removeFavorite(db: Queryable, userId: string, hotelId: number): Promise<boolean> {
  const event = prepareEvent('favorite.removed', { userId, hotelId }, { key: hotelId });
  const { rows } = await db.query<{ removed: number }>(
    `WITH removed AS (DELETE FROM favorites WHERE user_id = $1 AND hotel_id = $2 RETURNING hotel_id),
          event AS (${outboxInsert(3, 'removed')})
     SELECT count(*)::int AS removed FROM removed`,
    [userId, hotelId, ...event.values],
  );
  return rows[0]!.removed > 0;
}
