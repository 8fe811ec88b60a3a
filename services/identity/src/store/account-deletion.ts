import { erasingServices, type ErasingService } from '@reproute/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import type { UserRow } from '../domain/users.ts';
import { userEvents } from '../events/users.ts';
import { eraseOrganisationData } from './organisations.ts';

/**
 * Deleting an account (docs/decisions.md, "Deleting an account"). Identity marks the account being deleted,
 * ends every token of it in the same transaction (as a password reset does: `tokens_not_before`), and
 * publishes `user.deletion-requested`; each service in `erasingServices` erases its part in its consumer and
 * reports `user.data-erased`; once all have, identity removes the account's row. Until then the account is
 * "being deleted": sign-in is refused, no reset or verification link is sent or opened.
 */

/** How long identity waits for a service's report before it publishes the request again (a service down, a dead-lettered message). */
export const deletionRetryAfterSeconds = 600;

/** Every address the account used that identity still knows: its email, a pending one, those of its email links. */
export async function addressesOf(db: Queryable, user: Pick<UserRow, 'id' | 'email' | 'pending_email'>): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>('SELECT DISTINCT email FROM email_verification_tokens WHERE user_id = $1', [user.id]);
  return [...new Set([user.email, ...(user.pending_email ? [user.pending_email] : []), ...rows.map((r) => r.email)].map((e) => e.toLowerCase()))];
}

async function publishRequest(tx: Queryable, user: UserRow, requestedAt: Date): Promise<void> {
  await userEvents.deletionRequested(tx, { userId: user.id, emails: await addressesOf(tx, user), isProvider: user.is_provider, requestedAt: requestedAt.toISOString() });
}

export interface DeletionStarted {
  requestedAt: Date;
  /** Seconds, rounded up as a token's iat is: every token issued before it is refused. */
  tokensNotBefore: number;
}

/**
 * Starts deleting the account: one transaction marks it, ends its tokens and writes the request's event.
 * A second request while one runs answers the first (nothing is written twice). Undefined: no such account.
 */
export async function requestAccountDeletion(pool: Pool, userId: string): Promise<DeletionStarted | undefined> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const user = rows[0];
    if (!user) return undefined;
    const { rows: running } = await tx.query<{ requested_at: Date; not_before: string }>(
      'SELECT requested_at, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before FROM account_deletions WHERE user_id = $1',
      [userId],
    );
    if (running[0]) return { requestedAt: running[0].requested_at, tokensNotBefore: Number(running[0].not_before) };
    // The same moment ends the sessions (users, which notifies identity's instances) and is kept with the deletion.
    const { rows: ended } = await tx.query<{ at: Date; not_before: string }>(
      `UPDATE users SET tokens_not_before = clock_timestamp(), updated_at = now() WHERE id = $1
        RETURNING tokens_not_before AS at, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before`,
      [userId],
    );
    const { rows: made } = await tx.query<{ requested_at: Date }>(
      'INSERT INTO account_deletions (user_id, tokens_not_before) VALUES ($1, $2) RETURNING requested_at',
      [userId, ended[0]!.at],
    );
    await publishRequest(tx, user, made[0]!.requested_at);
    return { requestedAt: made[0]!.requested_at, tokensNotBefore: Number(ended[0]!.not_before) };
  });
}

/**
 * Where the account's deletion stands: `running` (refused sign-in, links and resets), `finished` (the account is gone,
 * though a request that read it just before may still hold its row), or `none`.
 */
export async function deletionProgress(db: Queryable, userId: string): Promise<'none' | 'running' | 'finished'> {
  const { rows } = await db.query<{ finished: boolean }>('SELECT finished_at IS NOT NULL AS finished FROM account_deletions WHERE user_id = $1', [userId]);
  return !rows[0] ? 'none' : rows[0].finished ? 'finished' : 'running';
}

/** True while the account's deletion runs (it is refused sign-in, links and resets). */
export async function isBeingDeleted(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM account_deletions WHERE user_id = $1 AND finished_at IS NULL', [userId]);
  return rows.length > 0;
}

export type ErasureOutcome = { kind: 'unknown' } | { kind: 'waiting'; missing: ErasingService[] } | { kind: 'finished'; emails: string[] };

/**
 * A service's report (`user.data-erased`), in the consumer's transaction: recorded once per service; the last
 * one finishes the deletion. Finishing removes the account's row (its reset and verification links go with it),
 * the revocations of its single tokens (its not-before time here covers every one), and identity's published
 * events of the account (the outbox rows keyed by it, sent already). A report for an account not being deleted
 * (a finished deletion's report replayed) changes nothing.
 */
export async function recordErasure(tx: PoolClient, userId: string, service: ErasingService): Promise<ErasureOutcome> {
  const { rows } = await tx.query<{ erased_by: string[] }>(
    `UPDATE account_deletions SET erased_by = ARRAY(SELECT DISTINCT s FROM unnest(array_append(erased_by, $2::text)) AS s ORDER BY s)
      WHERE user_id = $1 AND finished_at IS NULL RETURNING erased_by`,
    [userId, service],
  );
  if (!rows[0]) return { kind: 'unknown' };
  const missing = erasingServices.filter((name) => !rows[0]!.erased_by.includes(name));
  if (missing.length > 0) return { kind: 'waiting', missing };
  return { kind: 'finished', emails: await finishDeletion(tx, userId) };
}

async function finishDeletion(tx: PoolClient, userId: string): Promise<string[]> {
  const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const emails = rows[0] ? await addressesOf(tx, rows[0]) : [];
  await eraseOrganisationData(tx, userId, emails);
  await tx.query('DELETE FROM users WHERE id = $1', [userId]);
  await tx.query('DELETE FROM revoked_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM outbox WHERE message_key = $1 AND sent_at IS NOT NULL', [userId]);
  await tx.query('UPDATE account_deletions SET finished_at = now() WHERE user_id = $1', [userId]);
  return emails;
}

/**
 * Publishes the request again for every deletion still waiting for a report after `olderThanSeconds` (a service
 * was down past its consumer's retries, or dead-lettered the message): the services erase idempotently, so one
 * that already did finds nothing left and reports again. Returns how many were sent again.
 */
export async function republishWaitingDeletions(pool: Pool, olderThanSeconds = deletionRetryAfterSeconds): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<UserRow & { requested_at: Date }>(
      `SELECT u.*, d.requested_at FROM account_deletions d JOIN users u ON u.id = d.user_id
        WHERE d.finished_at IS NULL AND d.last_requested_at < now() - make_interval(secs => $1)
        ORDER BY d.last_requested_at LIMIT 100 FOR UPDATE OF d SKIP LOCKED`,
      [olderThanSeconds],
    );
    for (const row of rows) {
      await publishRequest(tx, row, row.requested_at);
      await tx.query('UPDATE account_deletions SET last_requested_at = now(), requests = requests + 1 WHERE user_id = $1', [row.id]);
    }
    return rows.length;
  });
}

/** Forgets finished deletions once no token of the account can still be valid (a token's lifetime after they began). */
export async function purgeFinishedDeletions(db: Queryable, tokenTtlSeconds: number): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM account_deletions WHERE finished_at IS NOT NULL AND tokens_not_before < now() - make_interval(secs => $1)',
    [tokenTtlSeconds + 60],
  );
  return rowCount ?? 0;
}

/** Where one account's deletion stands (for tests and operators). */
export async function deletionState(db: Queryable, userId: string): Promise<{ requestedAt: Date; erasedBy: string[]; requests: number; finishedAt: Date | null } | undefined> {
  const { rows } = await db.query<{ requested_at: Date; erased_by: string[]; requests: number; finished_at: Date | null }>(
    'SELECT requested_at, erased_by, requests, finished_at FROM account_deletions WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { requestedAt: row.requested_at, erasedBy: row.erased_by, requests: row.requests, finishedAt: row.finished_at } : undefined;
}
