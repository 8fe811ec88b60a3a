/**
 * Seeds the catalog: six cities and the 25 hotels of scripts/seed-data.ts with fixed ids, and the
 * ratings of their seeded approved reviews (scripts/seed-reviews.ts, which engagement's seed stores),
 * from which each hotel's rating and review count are computed.
 * Idempotent: a second run changes nothing (a hotel whose seed definition changed is rewritten and
 * announced with hotel.updated; clicks and reviews approved since are kept). New hotels
 * are announced with hotel.created through the outbox, so other services' projections fill in.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, loadConfig, migrate, withTransaction } from '@reproute/platform';
import { z } from 'zod';
import { configSchema } from '../src/config.ts';
import { gymFrom, type HotelRecord } from '../src/domain/hotel.ts';
import { upsertCity } from '../src/store/cities.ts';
import { findHotel, insertHotel, rewriteHotel } from '../src/store/hotels.ts';
import { refreshReviewFigures } from '../src/store/counters.ts';
import { refreshGymScores } from '../src/store/gym-score.ts';
import { seedAccessibility, seedCities, seedHotels, seedProvider, type SeedHotel } from './seed-data.ts';
import { seedReviews } from './seed-reviews.ts';
import { seedGymSpecs } from './seed-gym-specs.ts';
import { seedCaptions } from './seed-captions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export function seedImagePaths(hotel: Pick<SeedHotel, 'id' | 'gymImageCount'>) {
  const dir = `/images/hotels/h${String(hotel.id).padStart(2, '0')}`;
  return {
    hero: `${dir}/hero.jpg`,
    images: [`${dir}/hero.jpg`, `${dir}/room.jpg`],
    gymImages: Array.from({ length: hotel.gymImageCount }, (_, i) => `${dir}/gym-${i + 1}.jpg`),
  };
}

export function seedRecord(hotel: SeedHotel): HotelRecord {
  const city = seedCities.find((c) => c.id === hotel.cityId)!;
  const pictures = seedImagePaths(hotel);
  return {
    name: hotel.name,
    description: hotel.description,
    address: hotel.address,
    cityId: city.id,
    city: city.name,
    country: city.country,
    providerId: hotel.ownedByProvider ? seedProvider.id : null,
    providerEmail: hotel.ownedByProvider ? seedProvider.email : null,
    contactEmail: hotel.ownedByProvider ? null : `reservations@${hotel.site}`,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    pricePerNight: hotel.pricePerNight,
    currency: hotel.currency,
    imageUrl: pictures.hero,
    images: pictures.images,
    gymImages: pictures.gymImages,
    photoCaptions: seedCaptions(hotel, city.name, pictures),
    bookingUrl: `https://${hotel.site}/book`,
    affiliateUrl: null,
    gymAccessType: hotel.gymAccessType,
    accessibilityFeatures: seedAccessibility[hotel.id] ?? [],
    rawEquipment: hotel.rawEquipment,
    isPremium: hotel.isPremium,
    status: 'approved',
    rejectionReason: null,
    gym: gymFrom({ ...hotel.gym, ...seedGymSpecs[hotel.id] }, null),
  };
}

/** Keys in order at every depth, so the gym read back from the database compares equal to the seed's. */
const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value && typeof value === 'object' && !(value instanceof Date)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortedKeys(v)]))
      : value;
const comparable = (record: HotelRecord) => JSON.stringify(sortedKeys(record));

async function main() {
  // The seed listens on nothing: infra/scripts/seed.sh passes PORT=0.
  const config = loadConfig(configSchema.safeExtend({ PORT: z.coerce.number().int().min(0).default(0) }));
  const logger = createLogger(`${config.SERVICE_NAME}-seed`, config.LOG_LEVEL);
  await migrate({ databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, dir: path.resolve(here, '../migrations'), logger, tls: config });
  const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 2, logger, tls: config });
  let created = 0;
  let updated = 0;
  try {
    await withTransaction(pool, async (tx) => {
      for (const city of seedCities) await upsertCity(tx, city);
      await tx.query(`SELECT setval(pg_get_serial_sequence('cities', 'id'), GREATEST((SELECT max(id) FROM cities), 100))`);
      for (const hotel of seedHotels) {
        const record = seedRecord(hotel);
        const current = await findHotel(tx, { id: hotel.id }, { forUpdate: true });
        if (!current) {
          await insertHotel(tx, record, [{ type: 'hotel.created' }], { id: hotel.id });
          created += 1;
          continue;
        }
        const { id: _id, slug: _slug, gymFacts: _gymFacts, equipmentLabels: _labels, rating: _rating, totalReviews: _reviews, affiliateClicks: _clicks, pageViews: _views, createdAt: _c, updatedAt: _u, ...stored } = current;
        if (comparable(stored) !== comparable(record)) {
          await rewriteHotel(tx, current, record, [{ type: 'hotel.updated' }]);
          updated += 1;
        }
      }
      for (const review of seedReviews) {
        await tx.query(
          `INSERT INTO approved_reviews (review_id, hotel_id, rating, gym_rating, recorded_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (review_id) DO UPDATE SET hotel_id = EXCLUDED.hotel_id, rating = EXCLUDED.rating, gym_rating = EXCLUDED.gym_rating`,
          [review.id, review.hotelId, review.rating, review.gymRating, review.createdAt],
        );
      }
      await refreshReviewFigures(tx, seedHotels.map((h) => h.id));
      await refreshGymScores(tx, seedHotels.map((h) => h.id));
      // Never move the sequence backwards: ids of deleted hotels are not reused.
      await tx.query(`SELECT setval('hotels_id_seq', GREATEST((SELECT max(id) FROM hotels), 100, (SELECT last_value FROM hotels_id_seq)))`);
    });
    logger.info({ cities: seedCities.length, hotels: seedHotels.length, created, updated }, 'catalog seeded');
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
