import { enqueueEvent, withTransaction, type Pool, type Queryable } from '@reproute/platform';
import type { EmailKind, EmailOptOut } from '@reproute/contracts';

/**
 * An account's email opt-outs (migration 006): only what the owner turned off is stored. Each change writes the
 * account's whole list as `user.email_preferences_changed` in the same transaction (the outbox), so the notifier's
 * copy follows within a moment; `scope` '' in the table is null (the whole kind) in the contracts.
 */
export interface StoredOptOut extends EmailOptOut {
  source: string;
  createdAt: Date;
}

export async function listOptOuts(db: Queryable, userId: string): Promise<StoredOptOut[]> {
  const { rows } = await db.query<{ kind: EmailKind; scope: string; source: string; created_at: Date }>(
    'SELECT kind, scope, source, created_at FROM email_opt_outs WHERE user_id = $1 ORDER BY kind, scope',
    [userId],
  );
  return rows.map((r) => ({ kind: r.kind, scope: r.scope === '' ? null : r.scope, source: r.source, createdAt: r.created_at }));
}

/**
 * Turns one kind (or one scope of it) on or off for the account, and announces the account's whole list when that
 * changed anything. Answers the list after the change; undefined when the account is gone or being deleted (a
 * deletion has ended its tokens and its links stop working too).
 */
export async function setEmailPreference(
  pool: Pool,
  userId: string,
  change: { kind: EmailKind; scope: string | null; subscribed: boolean; source: 'preferences' | 'one-click' },
): Promise<EmailOptOut[] | undefined> {
  return withTransaction(pool, async (tx) => {
    // The account's row is locked, so two changes at once are announced in the order they were made.
    const { rows } = await tx.query(
      'SELECT 1 FROM users u WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id) FOR UPDATE OF u',
      [userId],
    );
    if (rows.length === 0) return undefined;
    const scope = change.scope ?? '';
    const result = change.subscribed
      ? await tx.query('DELETE FROM email_opt_outs WHERE user_id = $1 AND kind = $2 AND scope = $3', [userId, change.kind, scope])
      : await tx.query('INSERT INTO email_opt_outs (user_id, kind, scope, source) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [userId, change.kind, scope, change.source]);
    const optOuts = (await listOptOuts(tx, userId)).map(({ kind, scope: s }) => ({ kind, scope: s }));
    if ((result.rowCount ?? 0) > 0) await enqueueEvent(tx, 'user.email_preferences_changed', { userId, optOuts }, { key: userId });
    return optOuts;
  });
}
