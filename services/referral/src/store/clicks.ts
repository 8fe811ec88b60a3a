import { randomUUID } from 'node:crypto';
import type { ReferralSearchParams } from '@reproute/contracts';
import { outboxInsert, prepareEvent, type Queryable } from '@reproute/platform';

export interface NewReferralClick {
  hotelId: number | null;
  hotelName: string;
  bookingUrl: string;
  clientTimestamp: string | null;
  searchParams: ReferralSearchParams;
  userId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
}

/** Stores a referral click and its `referral.clicked` event in one statement (one round trip, one implicit transaction). */
export async function createReferralClick(db: Queryable, click: NewReferralClick): Promise<{ id: string }> {
  const id = randomUUID();
  const event = prepareEvent(
    'referral.clicked',
    { clickId: id, hotelId: click.hotelId, hotelName: click.hotelName, bookingUrl: click.bookingUrl, userId: click.userId },
    { key: id },
  );
  await db.query(
    `WITH click AS (
       INSERT INTO referral_clicks (id, hotel_id, hotel_name, booking_url, client_timestamp, search_params, user_id, user_agent, ip_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ) ${outboxInsert(10)}`,
    [id, click.hotelId, click.hotelName, click.bookingUrl, click.clientTimestamp, JSON.stringify(click.searchParams), click.userId, click.userAgent, click.ipAddress, ...event.values],
  );
  return { id };
}
