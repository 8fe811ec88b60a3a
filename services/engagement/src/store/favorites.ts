import type { FavoriteItem } from '@reproute/contracts';
import { enqueueEvent, withTransaction, type Pool, type Queryable } from '@reproute/platform';

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
 * Adds a favourite once: a repeat keeps the existing row and emits nothing.
 * `created` tells the caller whether this call added it. The no-op update makes the statement
 * return the row (and lock it) even when it already exists, so a concurrent removal between an
 * insert attempt and a second read can never leave the answer without a row.
 */
export async function addFavorite(pool: Pool, userId: string, hotelId: number): Promise<{ item: FavoriteItem; created: boolean }> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<FavoriteRow & { inserted: boolean }>(
      `INSERT INTO favorites AS f (user_id, hotel_id) VALUES ($1, $2)
         ON CONFLICT (user_id, hotel_id) DO UPDATE SET created_at = f.created_at
         RETURNING f.hotel_id, f.created_at, (xmax = 0) AS inserted`,
      [userId, hotelId],
    );
    const row = rows[0]!;
    if (row.inserted) await enqueueEvent(tx, 'favorite.added', { userId, hotelId }, { key: hotelId });
    return { item: toItem(row), created: row.inserted };
  });
}

/** Removes a favourite if present; returns whether a row was removed (and an event emitted). */
export async function removeFavorite(pool: Pool, userId: string, hotelId: number): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const deleted = await tx.query('DELETE FROM favorites WHERE user_id = $1 AND hotel_id = $2', [userId, hotelId]);
    if (deleted.rowCount === 0) return false;
    await enqueueEvent(tx, 'favorite.removed', { userId, hotelId }, { key: hotelId });
    return true;
  });
}
