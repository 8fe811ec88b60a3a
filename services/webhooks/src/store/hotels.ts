import { hotelProjectionHandlersFor, type HotelSnapshot, type Queryable } from '@reproute/platform';

/** Stores who owns each hotel, from every hotel.* snapshot. */
export async function upsertHotel(db: Queryable, hotel: HotelSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO hotels (hotel_id, name, provider_id, deleted_at, updated_at) VALUES ($1, $2, $3, NULL, now())
     ON CONFLICT (hotel_id) DO UPDATE SET name = EXCLUDED.name, provider_id = EXCLUDED.provider_id, deleted_at = NULL, updated_at = now()`,
    [hotel.hotelId, hotel.name, hotel.providerId],
  );
}

export async function markHotelDeleted(db: Queryable, hotelId: number): Promise<void> {
  await db.query('UPDATE hotels SET deleted_at = now(), updated_at = now() WHERE hotel_id = $1', [hotelId]);
}

/** The webhooks service's copy of the catalog's hotels (owner and name only). */
export const hotelProjectionHandlers = hotelProjectionHandlersFor({ upsert: upsertHotel, markDeleted: markHotelDeleted });

/** The hotel's name when the organisation owns it (and it is not deleted); null otherwise. */
export async function ownedHotelName(db: Queryable, ownerId: string, hotelId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM hotels WHERE hotel_id = $1 AND provider_id = $2 AND deleted_at IS NULL', [hotelId, ownerId]);
  return rows[0]?.name ?? null;
}
