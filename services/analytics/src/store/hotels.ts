import type { HotelSnapshot, Queryable } from '@reproute/platform';

/** Stores the latest snapshot of a hotel from a hotel.* event. */
export async function upsertHotel(db: Queryable, hotel: HotelSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO hotels (hotel_id, name, slug, provider_id, is_approved, city, country, equipment_labels, deleted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, now())
     ON CONFLICT (hotel_id) DO UPDATE SET
       name = EXCLUDED.name, slug = EXCLUDED.slug, provider_id = EXCLUDED.provider_id,
       is_approved = EXCLUDED.is_approved, city = EXCLUDED.city, country = EXCLUDED.country,
       equipment_labels = COALESCE(EXCLUDED.equipment_labels, hotels.equipment_labels), deleted_at = NULL, updated_at = now()`,
    // An event from before equipment was carried keeps the labels already known.
    [hotel.hotelId, hotel.name, hotel.slug, hotel.providerId, hotel.isApproved, hotel.city, hotel.country, hotel.equipmentLabels ?? null],
  );
}

/** Marks a hotel deleted: its past figures stay in the admin summary under its name. */
export async function markHotelDeleted(db: Queryable, hotelId: number): Promise<void> {
  await db.query('UPDATE hotels SET deleted_at = now(), updated_at = now() WHERE hotel_id = $1 AND deleted_at IS NULL', [hotelId]);
}

/** Live hotels' ids by slug, for the slugs given. */
export async function hotelIdsBySlug(db: Queryable, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const { rows } = await db.query<{ slug: string; hotel_id: number }>(
    'SELECT DISTINCT ON (slug) slug, hotel_id FROM hotels WHERE slug = ANY($1::text[]) AND deleted_at IS NULL ORDER BY slug, hotel_id',
    [slugs],
  );
  return new Map(rows.map((row) => [row.slug, row.hotel_id]));
}

/** The provider's live hotels, by id. */
export async function hotelsOfProvider(db: Queryable, providerId: string): Promise<{ hotelId: number; name: string }[]> {
  const { rows } = await db.query<{ hotel_id: number; name: string }>(
    'SELECT hotel_id, name FROM hotels WHERE provider_id = $1 AND deleted_at IS NULL ORDER BY hotel_id',
    [providerId],
  );
  return rows.map((row) => ({ hotelId: row.hotel_id, name: row.name }));
}

export interface ProviderHotelPlace {
  hotelId: number;
  name: string;
  city: string | null;
  country: string | null;
  /** Null when no event has carried the labels yet. */
  equipmentLabels: string[] | null;
}

/** The provider's live hotels with their city and gym labels, for demand data. */
export async function placesOfProvider(db: Queryable, providerId: string): Promise<ProviderHotelPlace[]> {
  const { rows } = await db.query<{ hotel_id: number; name: string; city: string | null; country: string | null; equipment_labels: string[] | null }>(
    'SELECT hotel_id, name, city, country, equipment_labels FROM hotels WHERE provider_id = $1 AND deleted_at IS NULL ORDER BY hotel_id',
    [providerId],
  );
  return rows.map((row) => ({ hotelId: row.hotel_id, name: row.name, city: row.city, country: row.country, equipmentLabels: row.equipment_labels }));
}
