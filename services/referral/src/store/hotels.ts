import type { HotelSnapshot, Queryable } from '@reproute/platform';
import type { ProjectedHotel } from '../domain/hotels.ts';

interface HotelRow {
  hotel_id: number;
  name: string;
  provider_id: string | null;
  provider_email: string | null;
  contact_email: string | null;
  booking_url: string | null;
  is_approved: boolean;
  deleted_at: Date | null;
}

const columns = 'hotel_id, name, provider_id, provider_email, contact_email, booking_url, is_approved, deleted_at';

function toHotel(row: HotelRow): ProjectedHotel {
  return {
    hotelId: row.hotel_id,
    name: row.name,
    providerId: row.provider_id,
    providerEmail: row.provider_email,
    contactEmail: row.contact_email,
    bookingUrl: row.booking_url,
    isApproved: row.is_approved,
    deleted: row.deleted_at !== null,
  };
}

/** Stores the latest snapshot of a hotel from a hotel.* event (a hotel re-created after deletion comes back). */
export async function upsertHotel(db: Queryable, hotel: HotelSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO hotels (hotel_id, name, slug, city, country, provider_id, provider_email, contact_email, booking_url, is_approved, deleted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, now())
     ON CONFLICT (hotel_id) DO UPDATE SET
       name = EXCLUDED.name, slug = EXCLUDED.slug, city = EXCLUDED.city, country = EXCLUDED.country,
       provider_id = EXCLUDED.provider_id, provider_email = EXCLUDED.provider_email, contact_email = EXCLUDED.contact_email,
       booking_url = EXCLUDED.booking_url, is_approved = EXCLUDED.is_approved, deleted_at = NULL, updated_at = now()`,
    [hotel.hotelId, hotel.name, hotel.slug, hotel.city, hotel.country, hotel.providerId, hotel.providerEmail, hotel.contactEmail, hotel.bookingUrl, hotel.isApproved],
  );
}

/** Marks a hotel deleted; the row stays so its past leads keep their hotel name. */
export async function markHotelDeleted(db: Queryable, hotelId: number): Promise<void> {
  await db.query('UPDATE hotels SET deleted_at = now(), updated_at = now() WHERE hotel_id = $1 AND deleted_at IS NULL', [hotelId]);
}

export async function findHotel(db: Queryable, hotelId: number): Promise<ProjectedHotel | null> {
  const { rows } = await db.query<HotelRow>(`SELECT ${columns} FROM hotels WHERE hotel_id = $1`, [hotelId]);
  return rows[0] ? toHotel(rows[0]) : null;
}

/** A live hotel with exactly this name (ignoring case), approved ones first. */
export async function findHotelByName(db: Queryable, name: string): Promise<ProjectedHotel | null> {
  const { rows } = await db.query<HotelRow>(
    `SELECT ${columns} FROM hotels WHERE lower(name) = lower($1) AND deleted_at IS NULL ORDER BY is_approved DESC, hotel_id LIMIT 1`,
    [name.trim()],
  );
  return rows[0] ? toHotel(rows[0]) : null;
}
