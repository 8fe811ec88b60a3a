import { withTransaction, type Pool, type Queryable } from '@reproute/platform';
import type { IdentityExport } from '@reproute/contracts';
import { toPublicUser, type UserRow } from '../domain/users.ts';
import { listOptOuts } from './email-preferences.ts';
import { findDisplayPreferences } from './display-preferences.ts';
import { exportOrganisation } from './organisations.ts';

/**
 * Ends every session of the account: tokens issued before this moment are refused (as after a password reset).
 * Answers the moment in seconds, rounded up as a token's iat is, for the announcement and a fresh token; undefined
 * for an unknown account.
 */
export async function endSessions(db: Queryable, userId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ not_before: string }>(
    `UPDATE users SET tokens_not_before = clock_timestamp(), updated_at = now() WHERE id = $1
      RETURNING ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before`,
    [userId],
  );
  return rows[0] ? Number(rows[0].not_before) : undefined;
}

/**
 * A new password for the account (its current one already checked): every earlier token ends and outstanding
 * reset links stop working, in one transaction. Answers the account as it is now and the sessions' end.
 */
export async function changePassword(pool: Pool, userId: string, passwordHash: string): Promise<{ user: UserRow; tokensNotBefore: number } | undefined> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<UserRow & { not_before: string }>(
      `UPDATE users SET password_hash = $2, reset_token = NULL, reset_token_expiry = NULL, tokens_not_before = clock_timestamp(), updated_at = now()
        WHERE id = $1 RETURNING *, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before`,
      [userId, passwordHash],
    );
    if (!rows[0]) return undefined;
    await tx.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return { user: rows[0], tokensNotBefore: Number(rows[0].not_before) };
  });
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Everything identity keeps about the account, for its owner: never the password hash or a token (nor a token's hash). */
export async function exportAccount(db: Queryable, userId: string): Promise<IdentityExport | undefined> {
  const { rows } = await db.query<UserRow & { updated_at: Date }>('SELECT * FROM users WHERE id = $1', [userId]);
  const user = rows[0];
  if (!user) return undefined;
  const [links, resets, revoked, optOuts, displayPreferences, organisation] = await Promise.all([
    db.query<{ email: string; purpose: string; reason: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
      'SELECT email, purpose, reason, created_at, expires_at, used_at FROM email_verification_tokens WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    db.query<{ created_at: Date; expires_at: Date; used_at: Date | null }>('SELECT created_at, expires_at, used_at FROM password_reset_tokens WHERE user_id = $1 ORDER BY created_at', [userId]),
    db.query<{ revoked_at: Date; expires_at: Date }>('SELECT revoked_at, expires_at FROM revoked_tokens WHERE user_id = $1 ORDER BY revoked_at', [userId]),
    listOptOuts(db, userId),
    findDisplayPreferences(db, userId),
    exportOrganisation(db, userId),
  ]);
  return {
    profile: { ...toPublicUser(user), updatedAt: iso(user.updated_at) },
    emailVerifiedAt: isoOrNull(user.email_verified_at),
    sessionsEndedAt: isoOrNull(user.tokens_not_before),
    emailVerificationLinks: links.rows.map((r) => ({ email: r.email, purpose: r.purpose, reason: r.reason, createdAt: iso(r.created_at), expiresAt: iso(r.expires_at), usedAt: isoOrNull(r.used_at) })),
    passwordResetRequests: resets.rows.map((r) => ({ createdAt: iso(r.created_at), expiresAt: iso(r.expires_at), usedAt: isoOrNull(r.used_at) })),
    signedOutSessions: revoked.rows.map((r) => ({ revokedAt: iso(r.revoked_at), expiresAt: iso(r.expires_at) })),
    emailPreferences: optOuts.map((o) => ({ kind: o.kind, scope: o.scope, source: o.source, createdAt: iso(o.createdAt) })),
    displayPreferences,
    organisation: organisation.organisation,
    organisationActivity: organisation.activity,
  };
}
