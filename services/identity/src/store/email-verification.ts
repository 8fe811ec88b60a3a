import { randomUUID } from 'node:crypto';
import { conflict, isUniqueViolation, withTransaction, type Pool, type Queryable } from '@reproute/platform';
import { seal } from '@reproute/platform/sealing';
import { emailVerificationSealContext, messages, type PublicUser } from '@reproute/contracts';
import { hashResetToken, isResetTokenUsable, newResetToken, sendLimit } from '../domain/reset-tokens.ts';
import { toPublicUser, type UserRow } from '../domain/users.ts';
import { userEvents, type VerificationReason } from '../events/users.ts';

/** How verification links are made: their lifetime and the key they travel sealed with (identity and the notifier's). */
export interface VerificationLinks {
  ttlMinutes: number;
  sealingKey: Buffer;
}

/** An hourly limit on one kind of email for one account. */
export interface SendLimit {
  max: number;
  windowSeconds: number;
}

type Purpose = 'verify' | 'change';

/**
 * Records a new verification link (its hash only) for `email` and emits the event that carries it
 * sealed to the notifier, in the caller's transaction. Earlier unused links of the same purpose stop
 * working: only the newest link in the mailbox opens.
 */
export async function issueVerificationLink(
  tx: Queryable,
  userId: string,
  link: { email: string; purpose: Purpose; reason: VerificationReason },
  links: VerificationLinks,
): Promise<Date> {
  const { token, tokenHash, expiresAt } = newResetToken(new Date(), links.ttlMinutes);
  await tx.query('UPDATE email_verification_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, link.purpose]);
  await tx.query(
    'INSERT INTO email_verification_tokens (id, user_id, email, purpose, reason, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [randomUUID(), userId, link.email, link.purpose, link.reason, tokenHash, expiresAt],
  );
  await userEvents.emailVerificationRequested(tx, userId, link.email, link.reason, seal(links.sealingKey, token, emailVerificationSealContext(userId, link.email)), expiresAt);
  return expiresAt;
}

/** Links of this reason sent to the account within the window, oldest first (the hourly limits). */
async function recentSends(tx: Queryable, userId: string, reason: VerificationReason, windowSeconds: number): Promise<Date[]> {
  const { rows } = await tx.query<{ created_at: Date }>(
    `SELECT created_at FROM email_verification_tokens WHERE user_id = $1 AND reason = $2 AND created_at > now() - make_interval(secs => $3) ORDER BY created_at`,
    [userId, reason, windowSeconds],
  );
  return rows.map((r) => r.created_at);
}

async function lockUser(tx: Queryable, userId: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

export type ResendOutcome = { kind: 'sent' } | { kind: 'verified' } | { kind: 'limited'; retryAfterSeconds: number } | { kind: 'unknown' };

/**
 * A new verification link to the account's own address, under the hourly limit. The account row is
 * locked while the limit is counted and the link recorded, so concurrent resends cannot pass it together.
 */
export async function resendVerification(pool: Pool, userId: string, links: VerificationLinks, limit: SendLimit): Promise<ResendOutcome> {
  return withTransaction(pool, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return { kind: 'unknown' };
    if (user.email_verified_at) return { kind: 'verified' };
    const gate = sendLimit(await recentSends(tx, userId, 'resend', limit.windowSeconds), limit.max, limit.windowSeconds, new Date());
    if (!gate.allowed) return { kind: 'limited', retryAfterSeconds: gate.retryAfterSeconds };
    await issueVerificationLink(tx, userId, { email: user.email, purpose: 'verify', reason: 'resend' }, links);
    return { kind: 'sent' };
  });
}

export type EmailChangeOutcome =
  | { kind: 'sent'; pendingEmail: string }
  | { kind: 'same' }
  | { kind: 'taken' }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'unknown' };

/**
 * Asks to change the account's email: the new address is kept as pending and gets a confirmation
 * link; the current address gets a notice. Nothing else changes until the link is opened, so sign-in
 * keeps the current address. A newer request replaces an older one (whose link stops working).
 */
export async function requestEmailChange(pool: Pool, userId: string, newEmail: string, links: VerificationLinks, limit: SendLimit): Promise<EmailChangeOutcome> {
  const email = newEmail.trim().toLowerCase();
  return withTransaction(pool, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) return { kind: 'unknown' };
    if (user.email === email) return { kind: 'same' };
    const gate = sendLimit(await recentSends(tx, userId, 'change', limit.windowSeconds), limit.max, limit.windowSeconds, new Date());
    if (!gate.allowed) return { kind: 'limited', retryAfterSeconds: gate.retryAfterSeconds };
    const { rows: taken } = await tx.query('SELECT 1 FROM users WHERE email = $1', [email]);
    if (taken.length > 0) return { kind: 'taken' };
    const { rows } = await tx.query<UserRow>('UPDATE users SET pending_email = $2, updated_at = now() WHERE id = $1 RETURNING *', [userId, email]);
    await issueVerificationLink(tx, userId, { email, purpose: 'change', reason: 'change' }, links);
    await userEvents.emailChangeRequested(tx, toPublicUser(rows[0]!));
    return { kind: 'sent', pendingEmail: email };
  });
}

interface VerificationTokenRow {
  id: string;
  user_id: string;
  email: string;
  purpose: Purpose;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Opens a verification link, once. A `verify` link proves the account's current address (and only
 * while it is still the account's address); a `change` link makes its address the account's email (and
 * only while it is still the pending one), verified, and ends the outstanding reset links, which went to
 * the old address. Undefined for an unknown, used, expired or superseded link; 409 when the new address
 * was taken by another account meanwhile (nothing is written then).
 */
export async function verifyEmailWithToken(pool: Pool, token: string): Promise<{ user: PublicUser; previousEmail: string | null } | undefined> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<VerificationTokenRow>(
      'SELECT id, user_id, email, purpose, expires_at, used_at FROM email_verification_tokens WHERE token_hash = $1 FOR UPDATE',
      [hashResetToken(token)],
    );
    const stored = rows[0];
    if (!stored || !isResetTokenUsable({ expiresAt: stored.expires_at, usedAt: stored.used_at }, new Date())) return undefined;
    const user = await lockUser(tx, stored.user_id);
    if (!user) return undefined;
    // An account being deleted proves no address any more.
    if ((await tx.query('SELECT 1 FROM account_deletions WHERE user_id = $1', [user.id])).rows.length > 0) return undefined;
    const stillMeant = stored.purpose === 'verify' ? user.email === stored.email : user.pending_email === stored.email;
    if (!stillMeant) return undefined;
    await tx.query('UPDATE email_verification_tokens SET used_at = now() WHERE id = $1', [stored.id]);

    if (stored.purpose === 'verify') {
      if (user.email_verified_at) return { user: toPublicUser(user), previousEmail: null };
      const { rows: updated } = await tx.query<UserRow>('UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = $1 RETURNING *', [user.id]);
      const verified = toPublicUser(updated[0]!);
      await userEvents.emailVerified(tx, verified, null);
      return { user: verified, previousEmail: null };
    }

    let updated: UserRow[];
    try {
      ({ rows: updated } = await tx.query<UserRow>(
        `UPDATE users SET email = $2, pending_email = NULL, email_verified_at = now(), reset_token = NULL, reset_token_expiry = NULL, updated_at = now()
          WHERE id = $1 RETURNING *`,
        [user.id, stored.email],
      ));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(messages.emailExists);
      throw err;
    }
    await tx.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    await tx.query(`UPDATE email_verification_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
    const changed = toPublicUser(updated[0]!);
    await userEvents.emailVerified(tx, changed, user.email);
    return { user: changed, previousEmail: user.email };
  });
}

/** Marks an account's address as proved without a link: the seed's accounts only. */
export async function markEmailVerified(tx: Queryable, userId: string): Promise<void> {
  await tx.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [userId]);
}
