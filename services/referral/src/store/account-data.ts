import type { ReferralExport } from '@reproute/contracts';
import type { AccountToErase, PoolClient, Queryable } from '@reproute/platform';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);
/** A date column as the day it names (node-postgres reads it as local midnight). */
const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`);

interface LeadRow {
  id: string;
  referral_id: string | null;
  hotel_id: number;
  hotel_name: string;
  name: string | null;
  email: string | null;
  message: string | null;
  check_in_date: Date | string | null;
  check_out_date: Date | string | null;
  guests: number | null;
  status: string;
  referral_url: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
}

interface ClickRow {
  id: string;
  hotel_id: number | null;
  hotel_name: string;
  booking_url: string;
  search_params: unknown;
  ip_address: string | null;
  user_agent: string | null;
  client_timestamp: Date | null;
  created_at: Date;
}

/** The leads the account sent (signed in, or from its address) and its booking-link clicks, for its owner. */
export async function exportReferral(db: Queryable, user: { id: string; email: string }): Promise<ReferralExport> {
  const [leads, clicks, assigned] = await Promise.all([
    db.query<LeadRow>(
      `SELECT id, referral_id, hotel_id, hotel_name, name, email, message, check_in_date::text AS check_in_date, check_out_date::text AS check_out_date,
              guests, status, referral_url, ip_address, user_agent, created_at
         FROM leads WHERE user_id = $1 OR lower(email) = lower($2) ORDER BY created_at DESC`,
      [user.id, user.email],
    ),
    db.query<ClickRow>(
      `SELECT id, hotel_id, hotel_name, booking_url, search_params, ip_address, user_agent, client_timestamp, created_at
         FROM referral_clicks WHERE user_id = $1 ORDER BY created_at DESC`,
      [user.id],
    ),
    db.query<{ id: string; hotel_id: number; hotel_name: string; assigned_at: Date | null }>(
      'SELECT id, hotel_id, hotel_name, assigned_at FROM leads WHERE assignee_id = $1 ORDER BY assigned_at DESC NULLS LAST, id',
      [user.id],
    ),
  ]);
  return {
    assignedLeads: assigned.rows.map((r) => ({ leadId: r.id, hotelId: r.hotel_id, hotelName: r.hotel_name, assignedAt: r.assigned_at ? iso(r.assigned_at) : null })),
    leads: leads.rows.map((r) => ({
      id: r.id,
      referralId: r.referral_id,
      hotelId: r.hotel_id,
      hotelName: r.hotel_name,
      name: r.name,
      email: r.email,
      message: r.message,
      checkInDate: day(r.check_in_date),
      checkOutDate: day(r.check_out_date),
      guests: r.guests,
      status: r.status,
      referralUrl: r.referral_url,
      ipAddress: r.ip_address,
      userAgent: r.user_agent,
      createdAt: iso(r.created_at),
    })),
    clicks: clicks.rows.map((r) => ({
      id: r.id,
      hotelId: r.hotel_id,
      hotelName: r.hotel_name,
      bookingUrl: r.booking_url,
      searchParams: r.search_params,
      ipAddress: r.ip_address,
      userAgent: r.user_agent,
      clientTimestamp: isoOrNull(r.client_timestamp),
      createdAt: iso(r.created_at),
    })),
  };
}

/**
 * Referral's part of deleting an account (docs/decisions.md, "Deleting an account"). Its leads were emailed to
 * the hotels when sent and stay with them; referral's copy stays in the hotel's lead inbox for its figures (hotel,
 * stay dates, guests, status, referral id) but without who sent it: no name, address, message, account, client
 * address or browser. Its clicks stay as counts without the account, address or browser. A provider's listings go
 * with their account in the catalog; this copy of them forgets the provider and their addresses.
 */
export async function eraseAccount(tx: PoolClient, account: AccountToErase): Promise<void> {
  const emails = account.emails.map((e) => e.toLowerCase());
  await tx.query(
    `UPDATE leads SET user_id = NULL, name = NULL, email = NULL, message = NULL, ip_address = NULL, user_agent = NULL, client_group = NULL,
            repeat_key = 'erased:' || id
      WHERE user_id = $1 OR lower(email) = ANY($2::text[])`,
    [account.userId, emails],
  );
  await tx.query('UPDATE referral_clicks SET user_id = NULL, ip_address = NULL, user_agent = NULL WHERE user_id = $1', [account.userId]);
  await tx.query(
    `UPDATE hotels SET provider_id = NULL, provider_email = NULL,
            contact_email = CASE WHEN lower(contact_email) = ANY($2::text[]) THEN NULL ELSE contact_email END
      WHERE provider_id = $1 OR lower(provider_email) = ANY($2::text[]) OR lower(contact_email) = ANY($2::text[])`,
    [account.userId, emails],
  );
  await tx.query('UPDATE leads SET contact_email = NULL WHERE lower(contact_email) = ANY($1::text[])', [emails]);
  // A member's hold on the organisation's leads and its addresses in lead routing go with the account.
  await tx.query(
    'UPDATE leads SET assignee_id = NULL, assignee_email = NULL, assigned_at = NULL WHERE assignee_id = $1 OR lower(assignee_email) = ANY($2::text[])',
    [account.userId, emails],
  );
  await tx.query(
    `UPDATE lead_routing SET recipients = ARRAY(SELECT r FROM unnest(recipients) AS r WHERE lower(r) <> ALL($2::text[])),
            updated_by = CASE WHEN updated_by = $1 THEN NULL ELSE updated_by END
      WHERE updated_by = $1 OR EXISTS (SELECT 1 FROM unnest(recipients) AS r WHERE lower(r) = ANY($2::text[]))`,
    [account.userId, emails],
  );
}
