import type { Pool, Queryable } from '@reproute/platform';
import type { DisplayPreferencesAnswer, DisplayPreferencesChange } from '@reproute/contracts';

/**
 * A traveller's display preferences (migration 007): a row only once they chose; none is the defaults (kg, each
 * hotel's own currency). The row goes with the account's row (ON DELETE CASCADE) when a deletion finishes.
 */
interface Row {
  units: 'kg' | 'lb';
  currency: DisplayPreferencesAnswer['currency'];
  updated_at: Date;
}

const answer = (row: Row | undefined): DisplayPreferencesAnswer =>
  row ? { units: row.units, currency: row.currency, updatedAt: row.updated_at.toISOString() } : { units: 'kg', currency: null, updatedAt: null };

/** The stored row as the export shows it, or null when the owner never chose. */
export async function findDisplayPreferences(db: Queryable, userId: string): Promise<DisplayPreferencesAnswer | null> {
  const { rows } = await db.query<Row>('SELECT units, currency, updated_at FROM display_preferences WHERE user_id = $1', [userId]);
  return rows[0] ? answer(rows[0]) : null;
}

export async function readDisplayPreferences(db: Queryable, userId: string): Promise<DisplayPreferencesAnswer> {
  return (await findDisplayPreferences(db, userId)) ?? answer(undefined);
}

/**
 * Sets what the change gives (a field left out keeps its value) in one statement; undefined when the account is gone
 * or being deleted (its tokens have ended, but a request may already be under way).
 */
export async function setDisplayPreferences(pool: Pool, userId: string, change: DisplayPreferencesChange): Promise<DisplayPreferencesAnswer | undefined> {
  const { rows } = await pool.query<Row>(
    `INSERT INTO display_preferences AS p (user_id, units, currency)
       SELECT u.id, coalesce($2, 'kg'), $3 FROM users u
        WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id)
     ON CONFLICT (user_id) DO UPDATE SET
       units = coalesce($2, p.units),
       currency = CASE WHEN $4 THEN $3 ELSE p.currency END,
       updated_at = now()
     RETURNING units, currency, updated_at`,
    [userId, change.units ?? null, change.currency ?? null, change.currency !== undefined],
  );
  return rows[0] ? answer(rows[0]) : undefined;
}
