/**
 * Announces every provider-owned hotel once more as hotel.updated (through the outbox), so other
 * services' projections pick up fields added to the hotel snapshot after the hotel was last
 * announced (the analytics service's city and equipment labels for demand data). Run once after
 * such a change: consumers upsert, so a second run changes nothing. Batches of 500 by id.
 *
 *   cd services/catalog && SERVICE_NAME=catalog DATABASE_URL=… DB_SCHEMA=catalog PORT=0 node --import tsx scripts/announce-hotels.ts
 */
import { createLogger, createPool, enqueueEvent, loadConfig, withTransaction } from '@reproute/platform';
import { z } from 'zod';
import { configSchema } from '../src/config.ts';
import { hotelSnapshot } from '../src/domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from '../src/store/rows.ts';

const batchSize = 500;

async function main() {
  const config = loadConfig(configSchema.safeExtend({ PORT: z.coerce.number().int().min(0).default(0) }));
  const logger = createLogger(`${config.SERVICE_NAME}-announce-hotels`, config.LOG_LEVEL);
  const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 2, logger, tls: config });
  let announced = 0;
  let after = 0;
  try {
    for (;;) {
      const count = await withTransaction(pool, async (tx) => {
        const { rows } = await tx.query<HotelRow>(
          `SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.id > $1 AND h.provider_id IS NOT NULL ORDER BY h.id LIMIT $2`,
          [after, batchSize],
        );
        for (const hotel of rows.map(hotelFromRow)) {
          await enqueueEvent(tx, 'hotel.updated', hotelSnapshot(hotel), { key: hotel.id });
          after = hotel.id;
        }
        return rows.length;
      });
      announced += count;
      if (count < batchSize) break;
    }
    logger.info({ announced }, 'provider hotels announced');
  } finally {
    await pool.end();
  }
}

await main();
