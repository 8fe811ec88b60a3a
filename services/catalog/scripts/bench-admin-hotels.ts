/**
 * Admin hotel table benchmark: pages, sorts and filters of GET /api/admin/hotels asked directly of a
 * catalog (CATALOG_URL, :4002 by default; a comma-separated list compares catalogs) with an admin's token, p50/p95/p99 per scenario, beside the
 * this code's store call timed against Postgres alone (the `db ms` row: the median of 20 calls).
 *
 *   node --import tsx scripts/bench-admin-hotels.ts [--requests 100] [--concurrency 4]
 *
 * The token comes from signing in as the seeded admin through the gateway (GATEWAY_URL).
 */
import pg from 'pg';
import { adminHotelListQuery } from '@reproute/contracts';
import { login, seedAccounts } from '@reproute/platform/testing';
import { listAdminHotels } from '../src/store/admin-hotels.ts';
import { measureUrl, numberOption, percentile } from './bench-http.ts';

const args = process.argv.slice(2);
const requests = numberOption(args, 'requests', 100);
const concurrency = numberOption(args, 'concurrency', 4);
// Several catalogs (CATALOG_URL=a,b: before and after a change, over one database) are asked in turn per scenario.
const catalogs = (process.env.CATALOG_URL ?? 'http://127.0.0.1:4002').split(',');
const schema = process.env.DB_SCHEMA ?? 'catalog';

const scenarios: Record<string, string>[] = [
  {},
  { sort: 'name' },
  { sort: '-name' },
  { sort: 'city' },
  { sort: 'status' },
  { status: 'pending' },
  { status: 'approved', sort: 'name' },
  { q: 'zurich' },
  { q: 'grand plaza' },
  { q: 'tokyo', status: 'pending', sort: 'city' },
  { q: 'no-such-hotel' },
  { page: '200', sort: 'city' },
  { page: '4000', sort: 'name' },
  { page: '10000', sort: '-created' },
];
const label = (params: Record<string, string>) => Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&') || '(default: -created, page 1)';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://catalog@127.0.0.1:5432/reproute',
  max: 2,
  options: `-c search_path=${schema},public`,
});
try {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels');
  console.log(`hotels in ${schema}: ${rows[0]?.n}; ${requests} requests per scenario at concurrency ${concurrency}, ${catalogs.join(' then ')}\n`);
  const { token } = await login(seedAccounts.admin.email, seedAccounts.admin.password);
  console.log('| catalog | query | matches | p50 ms | p95 ms | p99 ms | non-200 | db ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const params of scenarios) {
    for (const catalog of catalogs) {
      const url = `${catalog}/api/admin/hotels?${new URLSearchParams({ pageSize: '25', ...params })}`;
      const r = await measureUrl(url, { count: requests, concurrency, headers: { authorization: `Bearer ${token}` } });
      console.log(`| ${catalog} | ${label(params)} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failures} | |`);
    }
    const query = adminHotelListQuery.parse({ pageSize: '25', ...params });
    const db: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await listAdminHotels(pool, query);
      db.push(performance.now() - started);
    }
    db.sort((a, b) => a - b);
    console.log(`| this code's store call | ${label(params)} | | | | | | ${percentile(db, 50).toFixed(1)} |`);
  }
} finally {
  await pool.end();
}
