import type { Queryable } from '@reproute/platform';
import type { EmailKind, EmailOptOut } from '@reproute/contracts';

/**
 * The notifier's copy of the accounts' email opt-outs (identity's, from `user.email_preferences_changed`).
 * `scope` '' in the table is the whole kind (null in the contracts).
 */

/** Whether an email of `kind` about `scope` may go to the account: not when it turned the kind, or that scope, off. */
export async function isEmailWanted(db: Queryable, list: { userId: string; kind: EmailKind; scope?: string | null }): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM email_opt_outs WHERE user_id = $1 AND kind = $2 AND (scope = '' OR scope = $3) LIMIT 1`, [
    list.userId,
    list.kind,
    list.scope ?? '',
  ]);
  return rows.length === 0;
}

/** The account's opt-outs become exactly `optOuts` (each event carries the whole list). */
export async function replaceOptOuts(db: Queryable, userId: string, optOuts: readonly EmailOptOut[]): Promise<void> {
  await db.query('DELETE FROM email_opt_outs WHERE user_id = $1', [userId]);
  if (optOuts.length === 0) return;
  await db.query(
    `INSERT INTO email_opt_outs (user_id, kind, scope) SELECT $1, k, s FROM unnest($2::text[], $3::text[]) AS t(k, s) ON CONFLICT DO NOTHING`,
    [userId, optOuts.map((o) => o.kind), optOuts.map((o) => o.scope ?? '')],
  );
}

/** A deleted account's copy goes (user.deletion-requested). */
export async function eraseOptOuts(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM email_opt_outs WHERE user_id = $1', [userId]);
}
