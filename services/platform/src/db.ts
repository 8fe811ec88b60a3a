import pg from 'pg';
import type { Logger } from './logger.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool itself or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

// Postgres numerics and bigints arrive as strings by default; the services use JS numbers for them.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A pool whose connections see only the service's own schema first (search_path). */
export function createPool(options: { url: string; schema: string; max?: number; logger?: Logger }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    options: `-c search_path=${options.schema},public`,
    application_name: options.schema,
  });
  // A client losing its connection (e.g. Postgres restarting) must not crash the process: idle clients
  // report through the pool, checked-out ones through their own listener; the query in flight fails
  // and the pool replaces the client on its next checkout.
  pool.on('error', (err) => options.logger?.warn({ err }, 'idle Postgres client error'));
  pool.on('connect', (client) => {
    client.on('error', (err) => options.logger?.warn({ err }, 'Postgres connection lost'));
  });
  return pool;
}

/** Runs `work` in one transaction: commit on success, roll back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * A limit counted in Postgres, so every instance of a service shares it: seconds until fewer than
 * `limit` rows of `table` with `column = value` were created within the window, or null when under
 * the limit now. `table` and `column` are the caller's constants, never input. Call it inside the
 * transaction that holds the lock serialising writers of the same `value`.
 */
export async function secondsUntilUnderLimit(
  tx: Queryable,
  rows: { table: string; column: string; value: unknown },
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const recent = `FROM ${rows.table} WHERE ${rows.column} = $1 AND created_at > now() - make_interval(secs => $2)`;
  const counted = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${recent}`, [rows.value, windowSeconds]);
  const count = counted.rows[0]?.n ?? 0;
  if (count < limit) return null;
  const oldest = await tx.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $2) - now()))::int AS wait ${recent} ORDER BY created_at OFFSET $3 LIMIT 1`,
    [rows.value, windowSeconds, count - limit],
  );
  return Math.max(1, oldest.rows[0]?.wait ?? windowSeconds);
}
