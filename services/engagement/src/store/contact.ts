import { randomUUID } from 'node:crypto';
import type { ContactRequest } from '@reproute/contracts';
import { enqueueEvent, withTransaction, type Pool } from '@reproute/platform';

/** Stores a contact message and its `contact.received` event in one transaction. */
export async function createContactMessage(pool: Pool, message: ContactRequest, userId: string | null): Promise<{ id: string }> {
  const id = randomUUID();
  await withTransaction(pool, async (tx) => {
    await tx.query(
      `INSERT INTO contact_messages (id, user_id, name, email, subject, message, inquiry_type) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, userId, message.name, message.email, message.subject ?? null, message.message, message.inquiryType],
    );
    await enqueueEvent(
      tx,
      'contact.received',
      { messageId: id, name: message.name, email: message.email, subject: message.subject ?? null, message: message.message, inquiryType: message.inquiryType },
      { key: id },
    );
  });
  return { id };
}
