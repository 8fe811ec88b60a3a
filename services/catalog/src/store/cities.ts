import { listingMessages, type City } from '@reproute/contracts';
import { enqueueEvent, notFound, withTransaction, type Pool, type Queryable } from '@reproute/platform';
import { hotelSnapshot } from '../domain/hotel.ts';
import { findHotel } from './hotels.ts';
import { invalidateSearchSummaries } from './search.ts';
import { recordAudit, type AuditActor } from './audit.ts';

interface CityRow {
  id: number;
  name: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  hotel_count: number;
  listing_count?: number;
}

const toCity = (r: CityRow): City => ({
  id: r.id,
  name: r.name,
  country: r.country,
  latitude: r.latitude,
  longitude: r.longitude,
  hotelCount: r.hotel_count,
  ...(r.listing_count === undefined ? {} : { listingCount: r.listing_count }),
});

/**
 * Cities with how many approved hotels each has, by name. For admins (`withListingCount`) every city, with how many
 * listings of any status it has. For anyone else the public ones (the seed's, and each place once a listing in it was
 * approved), so a place typed for a listing still in review is not offered until then; a provider (`ownerId`) also
 * gets the cities of their own listings, which their forms show.
 */
export async function listCities(db: Queryable, options: { withListingCount?: boolean; ownerId?: string | null } = {}): Promise<City[]> {
  const listings = options.withListingCount ? ', (SELECT count(*)::int FROM hotels h WHERE h.city_id = c.id) AS listing_count' : '';
  const visible = options.withListingCount
    ? ''
    : `WHERE c.is_public OR ($1::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM hotels h WHERE h.city_id = c.id AND h.provider_id = $1::uuid))`;
  const { rows } = await db.query<CityRow>(
    `SELECT c.id, c.name, c.country, c.latitude, c.longitude,
            (SELECT count(*)::int FROM hotels h WHERE h.city_id = c.id AND h.is_approved) AS hotel_count${listings}
       FROM cities c ${visible} ORDER BY c.name, c.country`,
    options.withListingCount ? [] : [options.ownerId ?? null],
  );
  return rows.map(toCity);
}

/** Inserts or updates a city by its fixed id (seed). */
export async function upsertCity(db: Queryable, city: { id: number; name: string; country: string; latitude: number; longitude: number }): Promise<void> {
  await db.query(
    `INSERT INTO cities (id, name, country, latitude, longitude) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, country = EXCLUDED.country, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude`,
    [city.id, city.name, city.country, city.latitude, city.longitude],
  );
}

/**
 * Merges a duplicate city into the one kept: its listings (and changes awaiting review that chose it)
 * move to the kept city, the kept city takes the duplicate's coordinates if it has none, and the
 * duplicate is removed. Every moved listing is announced (hotel.updated) and logged as the admin's edit
 * (detail: the merge) in the same transaction.
 */
export async function mergeCities(pool: Pool, fromId: number, intoId: number, audit?: AuditActor): Promise<{ city: City; movedListings: number }> {
  const result = await withTransaction(pool, async (tx) => {
    const { rows: found } = await tx.query<Omit<CityRow, 'hotel_count'> & { is_public: boolean }>(
      'SELECT id, name, country, latitude, longitude, is_public FROM cities WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [[fromId, intoId]],
    );
    const from = found.find((c) => c.id === fromId);
    const into = found.find((c) => c.id === intoId);
    if (!from || !into) throw notFound(listingMessages.cityMergeNotFound);
    const { rows: moved } = await tx.query<{ id: number }>(
      'UPDATE hotels SET city_id = $2, city = $3, country = $4, updated_at = now() WHERE city_id = $1 RETURNING id',
      [fromId, intoId, into.name, into.country],
    );
    await tx.query(
      `UPDATE hotel_revisions SET fields = jsonb_set(fields, '{cityId}', to_jsonb($2::bigint)) WHERE fields->>'cityId' = $1::text`,
      [String(fromId), intoId],
    );
    await tx.query('UPDATE cities SET latitude = coalesce(latitude, $2), longitude = coalesce(longitude, $3), is_public = is_public OR $4 WHERE id = $1', [
      intoId,
      from.latitude,
      from.longitude,
      from.is_public,
    ]);
    await tx.query('DELETE FROM cities WHERE id = $1', [fromId]);
    for (const { id } of moved) {
      const hotel = (await findHotel(tx, { id }))!;
      await enqueueEvent(tx, 'hotel.updated', hotelSnapshot(hotel), { key: id });
      if (audit) await recordAudit(tx, audit, 'edited', hotel, `City ${from.name}, ${from.country} merged into ${into.name}, ${into.country}`);
    }
    const city = (await listCities(tx, { withListingCount: true })).find((c) => c.id === intoId)!;
    return { city, movedListings: moved.length };
  });
  invalidateSearchSummaries();
  return result;
}
