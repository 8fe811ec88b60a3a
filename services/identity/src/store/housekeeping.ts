import type { Queryable } from '@reproute/platform';

/**
 * Housekeeping: forgets revocations, reset tokens and email verification tokens past their expiry, and
 * removes the (sealed) tokens from outbox rows already published (so only the hashes stay in the database).
 */
export async function purgeExpired(db: Queryable): Promise<{ revoked: number; resetTokens: number; verificationTokens: number; scrubbed: number }> {
  const revoked = await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  const resetTokens = await db.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  // Kept a day past expiry at least, and as long as the hourly send limits look back.
  const verificationTokens = await db.query(`DELETE FROM email_verification_tokens WHERE expires_at < now() - interval '1 day'`);
  const scrubbed = await db.query(
    `UPDATE outbox SET payload = payload #- '{data,token}' #- '{data,sealedToken}'
      WHERE event_type IN ('user.password_reset_requested', 'user.email_verification_requested') AND sent_at IS NOT NULL
        AND payload -> 'data' ?| array['token', 'sealedToken']`,
  );
  return { revoked: revoked.rowCount ?? 0, resetTokens: resetTokens.rowCount ?? 0, verificationTokens: verificationTokens.rowCount ?? 0, scrubbed: scrubbed.rowCount ?? 0 };
}
