import { enqueueEvent, type Queryable } from '@reproute/platform';
import type { EventData } from '@reproute/contracts';

/** The account's verified address, as its token claims it when it adds a favourite. */
export async function rememberAlertAddress(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `INSERT INTO favorite_alert_addresses (user_id, email) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now() WHERE favorite_alert_addresses.email <> EXCLUDED.email`,
    [userId, email],
  );
}

/** identity's `user.email_verified`: the account's new proved address, kept only for an account with favourites. */
export async function followVerifiedAddress(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `INSERT INTO favorite_alert_addresses (user_id, email) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM favorites WHERE user_id = $1)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now()`,
    [userId, email],
  );
}

export async function alertAddressOf(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM favorite_alert_addresses WHERE user_id = $1', [userId]);
  return rows[0]?.email ?? null;
}

/**
 * A favourite hotel's gym changed (the catalog's `hotel.gym-updated`): one `favorite.gym-updated` for each account
 * that keeps the hotel and has a verified address, in the consumer's transaction. Answers how many.
 */
export async function tellFavoriteOwners(tx: Queryable, update: EventData<'hotel.gym-updated'>): Promise<number> {
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    `SELECT f.user_id, a.email FROM favorites f JOIN favorite_alert_addresses a ON a.user_id = f.user_id WHERE f.hotel_id = $1 ORDER BY f.user_id`,
    [update.hotelId],
  );
  for (const row of rows) {
    await enqueueEvent(tx, 'favorite.gym-updated', { userId: row.user_id, email: row.email, hotelId: update.hotelId, name: update.name, slug: update.slug, changes: update.changes }, { key: row.user_id });
  }
  return rows.length;
}

/** A deleted account's alert address goes, and so do its favourite updates not yet published (nobody's to receive). */
export async function eraseAlertAddress(tx: Queryable, userId: string, emails: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM favorite_alert_addresses WHERE user_id = $1 OR lower(email) = ANY($2::text[])', [userId, emails.map((e) => e.toLowerCase())]);
  await tx.query(`DELETE FROM outbox WHERE sent_at IS NULL AND event_type = 'favorite.gym-updated' AND payload->'data'->>'userId' = $1`, [userId]);
}
