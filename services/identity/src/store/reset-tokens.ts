import { randomUUID } from 'node:crypto';
import { withTransaction, type Pool, type Queryable } from '@reproute/platform';
import { seal } from '@reproute/platform/sealing';
import { passwordResetSealContext } from '@reproute/contracts';
import { hashResetToken, isResetTokenUsable, newResetToken } from '../domain/reset-tokens.ts';
import { toPublicUser, type UserRow } from '../domain/users.ts';
import { userEvents } from '../events/users.ts';

/**
 * Records a new reset token (hashed) for the account and emits `user.password_reset_requested`
 * in the same transaction; the token leaves only inside that event, sealed for the notifier.
 */
export async function requestPasswordReset(pool: Pool, user: UserRow, ttlMinutes: number, sealingKey: Buffer): Promise<void> {
  const { token, tokenHash, expiresAt } = newResetToken(new Date(), ttlMinutes);
  await withTransaction(pool, async (tx) => {
    await tx.query('INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
      randomUUID(),
      user.id,
      tokenHash,
      expiresAt,
    ]);
    await tx.query('UPDATE users SET reset_token = $2, reset_token_expiry = $3 WHERE id = $1', [user.id, tokenHash, expiresAt]);
    await userEvents.passwordResetRequested(tx, toPublicUser(user), seal(sealingKey, token, passwordResetSealContext(user.id)), expiresAt);
  });
}

interface ResetTokenRow {
  id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Sets a new password with a reset token, once: the token row is locked, checked (unused, not
 * expired), marked used, and every other outstanding token of the account is voided with it.
 * Answers the account's email, or undefined for an unknown, used or expired token.
 */
export async function resetPasswordWithToken(
  pool: Pool,
  token: string,
  passwordHash: string,
): Promise<{ userId: string; email: string; tokensNotBefore: number } | undefined> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<ResetTokenRow>(
      'SELECT id, user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = $1 FOR UPDATE',
      [hashResetToken(token)],
    );
    const stored = rows[0];
    if (!stored || !isResetTokenUsable({ expiresAt: stored.expires_at, usedAt: stored.used_at }, new Date())) return undefined;
    await tx.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [stored.user_id]);
    // Every token issued before this moment stops working (seconds, rounded up to match a token's iat).
    const { rows: users } = await tx.query<{ id: string; email: string; not_before: string }>(
      `UPDATE users SET password_hash = $2, reset_token = NULL, reset_token_expiry = NULL, tokens_not_before = clock_timestamp(), updated_at = now()
        WHERE id = $1 RETURNING id, email, ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before`,
      [stored.user_id, passwordHash],
    );
    const user = users[0];
    return user ? { userId: user.id, email: user.email, tokensNotBefore: Number(user.not_before) } : undefined;
  });
}

/** Reset requests for one account within the last `windowSeconds` (to stop a mailbox being flooded). */
export async function recentResetRequests(db: Queryable, userId: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)`,
    [userId, windowSeconds],
  );
  return rows[0]?.n ?? 0;
}
