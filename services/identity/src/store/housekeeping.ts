import type { Queryable } from '@reproute/platform';

/**
 * Housekeeping: forgets revocations and reset tokens past their expiry, and blanks the raw reset
 * token out of outbox rows already published (so only the hash stays in the database).
 */
export async function purgeExpired(db: Queryable): Promise<{ revoked: number; resetTokens: number; scrubbed: number }> {
  const revoked = await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  const resetTokens = await db.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  const scrubbed = await db.query(
    `UPDATE outbox SET payload = jsonb_set(payload, '{data,token}', '"[sent]"')
      WHERE event_type = 'user.password_reset_requested' AND sent_at IS NOT NULL AND payload #>> '{data,token}' <> '[sent]'`,
  );
  return { revoked: revoked.rowCount ?? 0, resetTokens: resetTokens.rowCount ?? 0, scrubbed: scrubbed.rowCount ?? 0 };
}
