import { cityAdminMessages as m, type City, type CityUpdate } from '@reproute/contracts';
import { conflict, enqueueEvent, isUniqueViolation, notFound, withTransaction, type Pool } from '@reproute/platform';
import { hotelSnapshot } from '../domain/hotel.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { listCities } from './cities.ts';
import { findHotel } from './hotels.ts';
import { invalidateSearchSummaries } from './search.ts';

/**
 * An admin's fix of a city (docs/decisions.md, "Fixing a city"): its name, country and coordinates, and every listing
 * in it takes the new name and country, each announced (`hotel.updated`) and logged, in one transaction.
 */
export async function updateCity(pool: Pool, id: number, update: CityUpdate, audit?: AuditActor): Promise<City> {
  const result = await withTransaction(pool, async (tx) => {
    const { rows: found } = await tx.query<{ name: string; country: string }>('SELECT name, country FROM cities WHERE id = $1 FOR UPDATE', [id]);
    const before = found[0];
    if (!before) throw notFound(m.cityNotFound);
    try {
      await tx.query('SAVEPOINT city_update');
      await tx.query('UPDATE cities SET name = $2, country = $3, latitude = $4, longitude = $5 WHERE id = $1', [id, update.name, update.country, update.latitude, update.longitude]);
      await tx.query('RELEASE SAVEPOINT city_update');
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(m.cityExists);
      throw err;
    }
    const { rows: moved } = await tx.query<{ id: number }>(
      'UPDATE hotels SET city = $2, country = $3, updated_at = now() WHERE city_id = $1 AND (city IS DISTINCT FROM $2 OR country IS DISTINCT FROM $3) RETURNING id',
      [id, update.name, update.country],
    );
    for (const { id: hotelId } of moved) {
      const hotel = (await findHotel(tx, { id: hotelId }))!;
      await enqueueEvent(tx, 'hotel.updated', hotelSnapshot(hotel), { key: hotelId });
      if (audit) await recordAudit(tx, audit, 'edited', hotel, `City ${before.name}, ${before.country} renamed ${update.name}, ${update.country}`);
    }
    return (await listCities(tx, { withListingCount: true })).find((c) => c.id === id)!;
  });
  invalidateSearchSummaries();
  return result;
}
