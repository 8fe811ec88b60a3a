import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import type { Pool } from '../../src/db.ts';
import { pruneDelivered } from '../../src/delivery-retention.ts';
import { throwawaySchema } from '../fixtures/schema.ts';

// Real Postgres (started by `make up`); the test owns a throwaway schema with the platform's outbox and processed_events.
const logger = createLogger('platform-test', 'silent');
let pool: Pool;
let testSchema: Awaited<ReturnType<typeof throwawaySchema>>;

beforeAll(async () => {
  testSchema = await throwawaySchema(`platform_retention_${process.pid}`, logger);
  pool = testSchema.pool;
});

afterAll(async () => {
  await testSchema?.drop();
});

/** `count` outbox rows created `ageHours` ago, sent then (or not at all). */
async function outboxRows(count: number, ageHours: number, sent: boolean): Promise<void> {
  await pool.query(
    `INSERT INTO outbox (id, topic, message_key, event_type, payload, created_at, sent_at)
     SELECT gen_random_uuid(), 't', 'k', 'test.event', '{}'::jsonb, now() - make_interval(hours => $2::int), CASE WHEN $3 THEN now() - make_interval(hours => $2::int) END
       FROM generate_series(1, $1::int)`,
    [count, ageHours, sent],
  );
}

async function processedRows(count: number, ageHours: number): Promise<void> {
  await pool.query(`INSERT INTO processed_events (event_id, consumer, processed_at) SELECT gen_random_uuid(), 'c', now() - make_interval(hours => $2::int) FROM generate_series(1, $1::int)`, [count, ageHours]);
}

describe('pruning delivered-event records', () => {
  it('deletes sent outbox rows and processed-event records past their retention, in batches, and nothing else', async () => {
    await outboxRows(12_345, 30, true); // sent 30 h ago: past a day
    await outboxRows(7, 2, true); // sent lately: kept
    await outboxRows(3, 48, false); // never sent, however old: kept, the relay still owes them
    await processedRows(6_000, 200); // past 8 days
    await processedRows(5, 100); // within them: kept, a redelivery could still come
    const kept = randomUUID();
    await pool.query(`INSERT INTO processed_events (event_id, consumer) VALUES ($1, 'c')`, [kept]);

    expect(await pruneDelivered(pool, { sentOutboxHours: 24, processedEventHours: 192 })).toEqual({ outbox: 12_345, processed: 6_000 });
    const { rows } = await pool.query<{ sent: number; unsent: number; processed: number }>(
      `SELECT (SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL)::int AS sent, (SELECT count(*) FROM outbox WHERE sent_at IS NULL)::int AS unsent,
              (SELECT count(*) FROM processed_events)::int AS processed`,
    );
    expect(rows[0]).toEqual({ sent: 7, unsent: 3, processed: 6 });
    // A second run finds nothing more.
    expect(await pruneDelivered(pool, { sentOutboxHours: 24, processedEventHours: 192 })).toEqual({ outbox: 0, processed: 0 });
  });
});
