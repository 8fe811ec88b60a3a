import { randomUUID } from 'node:crypto';
import type { ContactRequest } from '@reproute/contracts';
import { enqueueEvent, withTransaction, type Pool, type PoolClient } from '@reproute/platform';

export interface ContactLimits {
  perEmail: number;
  emailWindowSeconds: number;
  perClient: number;
  clientWindowSeconds: number;
}

export type ContactOutcome = { kind: 'created'; id: string } | { kind: 'limited'; by: 'email' | 'client'; retryAfterSeconds: number };

// Advisory lock classes (two-key form), one per thing limited; always taken client first, then email.
const clientLockClass = 4_003_001;
const emailLockClass = 4_003_002;

/**
 * Seconds until fewer than `limit` messages match within the window, or null when under the limit
 * now. Counted in Postgres, so every instance of the service shares the same limit.
 */
async function secondsUntilUnderLimit(tx: PoolClient, match: string, value: string, limit: number, windowSeconds: number): Promise<number | null> {
  const recent = `FROM contact_messages WHERE ${match} = $1 AND created_at > now() - make_interval(secs => $2)`;
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${recent}`, [value, windowSeconds]);
  const count = rows[0]?.n ?? 0;
  if (count < limit) return null;
  const { rows: oldest } = await tx.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $2) - now()))::int AS wait ${recent} ORDER BY created_at OFFSET $3 LIMIT 1`,
    [value, windowSeconds, count - limit],
  );
  return Math.max(1, oldest[0]?.wait ?? windowSeconds);
}

/**
 * Stores a contact message and its `contact.received` event in one transaction, unless the
 * sender's address or the client's address has reached its limit. The limits are checked under
 * advisory locks, so concurrent requests on any instance cannot overshoot them.
 */
export async function createContactMessage(
  pool: Pool,
  message: ContactRequest,
  sender: { userId: string | null; ipAddress: string | null },
  limits: ContactLimits,
): Promise<ContactOutcome> {
  return withTransaction(pool, async (tx): Promise<ContactOutcome> => {
    if (sender.ipAddress) {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [clientLockClass, sender.ipAddress]);
      const wait = await secondsUntilUnderLimit(tx, 'ip_address', sender.ipAddress, limits.perClient, limits.clientWindowSeconds);
      if (wait !== null) return { kind: 'limited', by: 'client', retryAfterSeconds: wait };
    }
    const email = message.email.toLowerCase();
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [emailLockClass, email]);
    const wait = await secondsUntilUnderLimit(tx, 'lower(email)', email, limits.perEmail, limits.emailWindowSeconds);
    if (wait !== null) return { kind: 'limited', by: 'email', retryAfterSeconds: wait };

    const id = randomUUID();
    await tx.query(
      `INSERT INTO contact_messages (id, user_id, name, email, subject, message, inquiry_type, ip_address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, sender.userId, message.name, message.email, message.subject ?? null, message.message, message.inquiryType, sender.ipAddress],
    );
    await enqueueEvent(
      tx,
      'contact.received',
      { messageId: id, name: message.name, email: message.email, subject: message.subject ?? null, message: message.message, inquiryType: message.inquiryType },
      { key: id },
    );
    return { kind: 'created', id };
  });
}
