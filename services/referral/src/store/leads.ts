import { randomUUID } from 'node:crypto';
import type { ProviderLead } from '@reproute/contracts';
import { enqueueEvent, withTransaction, type Pool, type Queryable } from '@reproute/platform';

export interface NewLead {
  hotelId: number;
  hotelName: string;
  contactEmail: string | null;
  userId: string | null;
  name: string | null;
  email: string | null;
  message: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  referralUrl: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  repeatKey: string;
}

/**
 * Stores a lead and its `lead.created` event (which the notifier emails to the hotel) in one
 * transaction. The same lead repeated within `repeatWindowSeconds` answers the first one's id
 * and emits nothing, so a double click or a retried request sends the hotel one email.
 */
export async function createLead(pool: Pool, lead: NewLead, repeatWindowSeconds: number): Promise<{ id: string; repeated: boolean }> {
  return withTransaction(pool, async (tx) => {
    // Serialises concurrent copies of the same lead, so only one of them is inserted.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lead.repeatKey]);
    const earlier = await tx.query<{ id: string }>(
      `SELECT id FROM leads WHERE repeat_key = $1 AND created_at > now() - make_interval(secs => $2) ORDER BY created_at DESC LIMIT 1`,
      [lead.repeatKey, repeatWindowSeconds],
    );
    if (earlier.rows[0]) return { id: earlier.rows[0].id, repeated: true };

    const id = randomUUID();
    await tx.query(
      `INSERT INTO leads (id, hotel_id, hotel_name, contact_email, user_id, name, email, message, check_in_date, check_out_date, guests,
                          referral_url, ip_address, user_agent, repeat_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        id, lead.hotelId, lead.hotelName, lead.contactEmail, lead.userId, lead.name, lead.email, lead.message, lead.checkInDate, lead.checkOutDate,
        lead.guests, lead.referralUrl, lead.ipAddress, lead.userAgent, lead.repeatKey,
      ],
    );
    await enqueueEvent(
      tx,
      'lead.created',
      {
        leadId: id,
        hotelId: lead.hotelId,
        hotelName: lead.hotelName,
        contactEmail: lead.contactEmail,
        userId: lead.userId,
        name: lead.name,
        email: lead.email,
        message: lead.message,
        checkInDate: lead.checkInDate,
        checkOutDate: lead.checkOutDate,
        guests: lead.guests,
      },
      { key: id },
    );
    return { id, repeated: false };
  });
}

interface ProviderLeadRow {
  id: string;
  created_at: Date;
  hotel_id: number;
  hotel_name: string;
  name: string | null;
  email: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  guests: number | null;
  message: string | null;
}

/** Leads for the hotels the provider owns now (by the projection), newest first. */
export async function leadsForProvider(db: Queryable, providerId: string, limit = 500): Promise<ProviderLead[]> {
  const { rows } = await db.query<ProviderLeadRow>(
    `SELECT l.id, l.created_at, l.hotel_id, h.name AS hotel_name, l.name, l.email,
            to_char(l.check_in_date, 'YYYY-MM-DD') AS check_in_date, to_char(l.check_out_date, 'YYYY-MM-DD') AS check_out_date,
            l.guests, l.message
       FROM leads l JOIN hotels h ON h.hotel_id = l.hotel_id
      WHERE h.provider_id = $1
      ORDER BY l.created_at DESC, l.id
      LIMIT $2`,
    [providerId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    hotel: { id: row.hotel_id, name: row.hotel_name },
    name: row.name,
    email: row.email,
    checkInDate: row.check_in_date,
    checkOutDate: row.check_out_date,
    guests: row.guests,
    message: row.message,
  }));
}
