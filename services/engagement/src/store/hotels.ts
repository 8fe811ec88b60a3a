import type { HotelSnapshot, Queryable } from '@reproute/platform';
import type { KnownHotel } from '../domain/hotels.ts';

/** Inserts or refreshes the projection row from any hotel.* snapshot event. */
export async function upsertHotel(db: Queryable, hotel: HotelSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO hotels (id, name, provider_id, is_approved, deleted_at, updated_at) VALUES ($1, $2, $3, $4, NULL, now())
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, provider_id = EXCLUDED.provider_id,
         is_approved = EXCLUDED.is_approved, deleted_at = NULL, updated_at = now()`,
    [hotel.hotelId, hotel.name, hotel.providerId, hotel.isApproved],
  );
}

/** Marks a hotel deleted and drops the favourites that pointed at it; its reviews are kept for the record. */
export async function markHotelDeleted(db: Queryable, hotelId: number): Promise<void> {
  await db.query(
    `INSERT INTO hotels (id, name, is_approved, deleted_at) VALUES ($1, '', false, now())
       ON CONFLICT (id) DO UPDATE SET deleted_at = now(), updated_at = now()`,
    [hotelId],
  );
  await db.query('DELETE FROM favorites WHERE hotel_id = $1', [hotelId]);
}

interface HotelRow {
  id: number;
  name: string;
  provider_id: string | null;
  is_approved: boolean;
  deleted_at: Date | null;
}

export async function findHotel(db: Queryable, hotelId: number): Promise<KnownHotel | undefined> {
  const { rows } = await db.query<HotelRow>('SELECT id, name, provider_id, is_approved, deleted_at FROM hotels WHERE id = $1', [hotelId]);
  const row = rows[0];
  return row && { id: row.id, name: row.name, providerId: row.provider_id, isApproved: row.is_approved, deleted: row.deleted_at !== null };
}
