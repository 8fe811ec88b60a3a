import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { limitWaitSql, secondsUntilUnderLimit, type Pool, type Queryable } from '../../src/db.ts';
import { throwawaySchema } from '../fixtures/schema.ts';

// Real Postgres (started by `make up`); the test owns a throwaway schema.
const logger = createLogger('platform-test', 'silent');
let pool: Pool;
let testSchema: Awaited<ReturnType<typeof throwawaySchema>>;

beforeAll(async () => {
  testSchema = await throwawaySchema(`platform_limits_${process.pid}`, logger);
  pool = testSchema.pool;
  await pool.query('CREATE TABLE sent (sender text NOT NULL, created_at timestamptz NOT NULL)');
});

/**
 * Runs `check` in one transaction that first adds the rows (rolled back after): one now() for the
 * rows and the questions, as callers ask inside their transaction, so a slow machine cannot age a
 * row between its insert and the question.
 */
async function withRows(check: (db: Queryable) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One sender's rows 10, 20, 30 and 90 seconds ago; another's 5 seconds ago; a third's 59.9 seconds ago.
    await client.query(
      `INSERT INTO sent (sender, created_at) SELECT 'a', now() - make_interval(secs => s) FROM unnest(ARRAY[10, 20, 30, 90]) AS s
       UNION ALL SELECT 'b', now() - interval '5 seconds'
       UNION ALL SELECT 'c', now() - interval '59.9 seconds'`,
    );
    await check(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

afterAll(async () => {
  await testSchema?.drop();
});

describe('a limit counted in Postgres', () => {
  const rows = { table: 'sent', column: 'sender' };
  it('waits until the row that brings the count under the limit leaves the window, or not at all while under it', () =>
    withRows(async (db) => {
      // Window 60 s: three of a's rows are in it (10, 20, 30 s old).
      const wait = (limit: number) => secondsUntilUnderLimit(db, { ...rows, value: 'a' }, limit, 60);
      expect(await wait(4)).toBeNull();
      expect(await wait(3)).toBe(30); // the oldest in the window leaves in 30 s: then two, under three
      expect(await wait(2)).toBe(40); // two must leave; the 20 s old one goes second
      expect(await wait(1)).toBe(50);
      expect(await secondsUntilUnderLimit(db, { ...rows, value: 'b' }, 1, 60)).toBe(55);
      expect(await secondsUntilUnderLimit(db, { ...rows, value: 'nobody' }, 1, 60)).toBeNull();
      // A row leaving within the second is still at least a second away, never 0.
      expect(await secondsUntilUnderLimit(db, { ...rows, value: 'c' }, 1, 60)).toBe(1);
    }));

  it('is a scalar subquery that one statement can ask beside others', () =>
    withRows(async (db) => {
      const { rows: answer } = await db.query<{ a: number | null; b: number | null }>(
        `SELECT ${limitWaitSql(rows, { value: '$1', limit: '$3', windowSeconds: '$4' })} AS a,
                ${limitWaitSql(rows, { value: '$2', limit: '$3', windowSeconds: '$4' })} AS b`,
        ['a', 'b', 2, 60],
      );
      expect(answer).toEqual([{ a: 40, b: null }]);
    }));
});
