import type { LeadDelivery, LeadRoutingAnswer } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';
import { leadRecipient, type ProjectedHotel } from '../domain/hotels.ts';

interface RoutingRow {
  recipients: string[];
  delivery: LeadDelivery;
  updated_at: Date;
}

const answerOf = (hotel: ProjectedHotel, row: RoutingRow | undefined): LeadRoutingAnswer => ({
  hotelId: hotel.hotelId,
  recipients: row?.recipients ?? [],
  delivery: row?.delivery ?? 'instant',
  fallback: leadRecipient(hotel),
  updatedAt: row ? row.updated_at.toISOString() : null,
});

/** A property's lead routing (docs/decisions.md, "Lead routing and the inbox"): its recipients, else the listing's lead address. */
export async function leadRoutingOf(db: Queryable, hotel: ProjectedHotel): Promise<LeadRoutingAnswer> {
  const { rows } = await db.query<RoutingRow>('SELECT recipients, delivery, updated_at FROM lead_routing WHERE hotel_id = $1', [hotel.hotelId]);
  return answerOf(hotel, rows[0]);
}

export async function saveLeadRouting(db: Queryable, hotel: ProjectedHotel, routing: { recipients: string[]; delivery: LeadDelivery }, memberId: string): Promise<LeadRoutingAnswer> {
  const { rows } = await db.query<RoutingRow>(
    `INSERT INTO lead_routing (hotel_id, recipients, delivery, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (hotel_id) DO UPDATE SET recipients = EXCLUDED.recipients, delivery = EXCLUDED.delivery, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING recipients, delivery, updated_at`,
    [hotel.hotelId, routing.recipients, routing.delivery, memberId],
  );
  return answerOf(hotel, rows[0]);
}
