import { randomUUID } from 'node:crypto';
import type { ContactRequest } from '@reproute/contracts';
import { enqueueEvent, secondsUntilUnderLimit, withTransaction, type Pool } from '@reproute/platform';

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
      const wait = await secondsUntilUnderLimit(tx, { table: 'contact_messages', column: 'ip_address', value: sender.ipAddress }, limits.perClient, limits.clientWindowSeconds);
      if (wait !== null) return { kind: 'limited', by: 'client', retryAfterSeconds: wait };
    }
    const email = message.email.toLowerCase();
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [emailLockClass, email]);
    const wait = await secondsUntilUnderLimit(tx, { table: 'contact_messages', column: 'lower(email)', value: email }, limits.perEmail, limits.emailWindowSeconds);
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
