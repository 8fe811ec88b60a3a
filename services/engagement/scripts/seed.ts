/**
 * Seeds engagement: the approved reviews of the seeded hotels (catalog's scripts/seed-reviews.ts, the
 * same list the catalog seed derives ratings from, so counts agree everywhere). Stored as already
 * moderated, without events: the catalog seed records their ratings itself, and nobody is emailed.
 * Idempotent: a review is written once by its fixed id and put back as defined on later runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, loadConfig, migrate, withTransaction } from '@reproute/platform';
import { z } from 'zod';
import { configSchema } from '../src/config.ts';
import { seedReviews } from '../../catalog/scripts/seed-reviews.ts';
import { bandOfHour } from '@reproute/contracts';
import { seedGymDetails } from './seed-gym-details.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  // The seed listens on nothing: infra/scripts/seed.sh passes PORT=0.
  const config = loadConfig(configSchema.safeExtend({ PORT: z.coerce.number().int().min(0).default(0) }));
  const logger = createLogger(`${config.SERVICE_NAME}-seed`, config.LOG_LEVEL);
  await migrate({ databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, dir: path.resolve(here, '../migrations'), logger, tls: config });
  const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 2, logger, tls: config });
  try {
    await withTransaction(pool, async (tx) => {
      for (const [index, r] of seedReviews.entries()) {
        // The gym details (sub-scores, when and what the reviewer trained), or none (one review in five).
        const gym = seedGymDetails(r, index);
        await tx.query(
          `INSERT INTO reviews (id, hotel_id, user_id, reviewer_email, reviewer_first_name, reviewer_last_name, rating, gym_rating, title, content,
              travel_type, room_type, stay_date, pros, cons, tags, is_approved, moderated_at, created_at,
              equipment_score, space_score, cleanliness_score, crowding_score, trained_hour, trained_band, trained_kinds)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, true, $17, $17, $18, $19, $20, $21, $22, $23, $24)
            ON CONFLICT (id) DO UPDATE SET hotel_id = EXCLUDED.hotel_id, user_id = EXCLUDED.user_id, reviewer_first_name = EXCLUDED.reviewer_first_name,
              reviewer_last_name = EXCLUDED.reviewer_last_name, rating = EXCLUDED.rating, gym_rating = EXCLUDED.gym_rating, title = EXCLUDED.title,
              content = EXCLUDED.content, travel_type = EXCLUDED.travel_type, room_type = EXCLUDED.room_type, stay_date = EXCLUDED.stay_date,
              pros = EXCLUDED.pros, cons = EXCLUDED.cons, tags = EXCLUDED.tags, is_approved = true,
              equipment_score = EXCLUDED.equipment_score, space_score = EXCLUDED.space_score, cleanliness_score = EXCLUDED.cleanliness_score,
              crowding_score = EXCLUDED.crowding_score, trained_hour = EXCLUDED.trained_hour, trained_band = EXCLUDED.trained_band, trained_kinds = EXCLUDED.trained_kinds`,
          [
            r.id, r.hotelId, r.reviewer.id, r.reviewer.email, r.reviewer.firstName, r.reviewer.lastName, r.rating, r.gymRating, r.title, r.content,
            r.travelType, r.roomType, r.stayDate, r.pros, r.cons, r.tags, r.createdAt,
            gym?.gymScores.equipment ?? null, gym?.gymScores.space ?? null, gym?.gymScores.cleanliness ?? null, gym?.gymScores.crowding ?? null,
            gym?.trainedHour ?? null, gym ? (gym.trainedHour !== null ? bandOfHour(gym.trainedHour) : gym.trainedBand) : null, gym?.trainedKinds ?? [],
          ],
        );
      }
    });
    logger.info({ reviews: seedReviews.length }, 'engagement seeded');
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
