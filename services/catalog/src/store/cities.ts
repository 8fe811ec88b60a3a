import type { City } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';

/** Cities with how many approved hotels each has, by name. */
export async function listCities(db: Queryable): Promise<City[]> {
  const { rows } = await db.query<{ id: number; name: string; country: string; latitude: number | null; longitude: number | null; hotel_count: number }>(
    `SELECT c.id, c.name, c.country, c.latitude, c.longitude,
            (SELECT count(*)::int FROM hotels h WHERE h.city_id = c.id AND h.is_approved) AS hotel_count
       FROM cities c ORDER BY c.name, c.country`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, country: r.country, latitude: r.latitude, longitude: r.longitude, hotelCount: r.hotel_count }));
}

/** Inserts or updates a city by its fixed id (seed). */
export async function upsertCity(db: Queryable, city: { id: number; name: string; country: string; latitude: number; longitude: number }): Promise<void> {
  await db.query(
    `INSERT INTO cities (id, name, country, latitude, longitude) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, country = EXCLUDED.country, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude`,
    [city.id, city.name, city.country, city.latitude, city.longitude],
  );
}
