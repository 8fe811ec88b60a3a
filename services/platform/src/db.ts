import pg from 'pg';
import type { Logger } from './logger.ts';
import { TracedPool } from './telemetry/pg-spans.ts';
import { postgresConnection } from './connections.ts';
import type { PostgresTls } from './deployment-settings.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool itself or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>;

// Postgres numerics and bigints arrive as strings by default; the services use JS numbers for them.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * A pool whose connections see only the service's own schema first (search_path), its queries spans of a
 * sampled request or message (telemetry/pg-spans.ts). TLS as `sslmode` in the URL or PGSSLMODE in `tls` say
 * (connections.ts: postgresConnection).
 */
export function createPool(options: { url: string; schema: string; max?: number; logger?: Logger; tls?: PostgresTls }): pg.Pool {
  const pool = new TracedPool({
    ...postgresConnection(options.url, options.tls),
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
 * SQL of a scalar subquery for a limit counted in Postgres: seconds (at least 1) until fewer than the
 * limit's rows of `table` with `column` equal to the value were created within the window, or NULL
 * while under the limit. The arguments are SQL: `table` and `column` the caller's constants (never
 * input), the others parameters such as `$2`. The limit-th newest row of the window exists exactly when
 * the limit is reached, and its leaving the window is what brings the count under it, so one index walk
 * answers both (an index on the column and `created_at` serves it).
 */
export function limitWaitSql(rows: { table: string; column: string }, sql: { value: string; limit: string; windowSeconds: string }): string {
  const window = `make_interval(secs => ${sql.windowSeconds}::double precision)`;
  return (
    `(SELECT greatest(1, ceil(extract(epoch FROM created_at + ${window} - now())))::int FROM ${rows.table}` +
    ` WHERE ${rows.column} = ${sql.value} AND created_at > now() - ${window}` +
    ` ORDER BY created_at DESC OFFSET greatest(${sql.limit}::int - 1, 0) LIMIT 1)`
  );
}

/**
 * A limit counted in Postgres, so every instance of a service shares it: seconds until fewer than
 * `limit` rows of `table` with `column = value` were created within the window, or null when under
 * the limit now (`limitWaitSql`, one round trip). `table` and `column` are the caller's constants,
 * never input. Call it inside the transaction that holds the lock serialising writers of the same `value`.
 */
export async function secondsUntilUnderLimit(
  tx: Queryable,
  rows: { table: string; column: string; value: unknown },
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const { rows: answer } = await tx.query<{ wait: number | null }>(
    `SELECT ${limitWaitSql(rows, { value: '$1', limit: '$2', windowSeconds: '$3' })} AS wait`,
    [rows.value, limit, windowSeconds],
  );
  return answer[0]?.wait ?? null;
}
