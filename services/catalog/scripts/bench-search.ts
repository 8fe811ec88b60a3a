/**
 * Search latency benchmark: runs text, equipment and combined searches against
 * GET /api/hotels/search, directly on the catalog (:4002) and through the gateway (:8080),
 * and prints p50/p95/p99 per scenario. With --explain it also prints EXPLAIN ANALYZE of the
 * SQL each scenario runs (the same builders the service uses), to show which indexes serve it.
 *
 *   node --import tsx scripts/bench-search.ts [--requests 200] [--gateway-requests 60] [--concurrency 4] [--explain]
 *
 * The gateway rate-limits each client to RATE_LIMIT_MAX requests a minute (1200 by default), so
 * the gateway run uses fewer requests per scenario; any non-200 answer is counted and shown.
 *
 * The gateway keeps a visitor's public read for a moment (docs/api.md, "Caching"), so a scenario asked
 * over and over is mostly answered from its memory. It is therefore asked twice: with
 * `Cache-Control: no-cache`, which every request passes on to the catalog (what a search nobody made in
 * the last seconds costs), and as visitors ask (what a popular search costs).
 */
import pg from 'pg';
import { hotelSearchQuery } from '@reproute/contracts';
import { toSearchCriteria } from '../src/domain/search.ts';
import { searchPageSql, searchSummarySql } from '../src/store/search.ts';
import { measureUrl, numberOption, tableHeader, tableRow } from './bench-http.ts';

const args = process.argv.slice(2);
const requests = numberOption(args, 'requests', 200);
const gatewayRequests = numberOption(args, 'gateway-requests', 60);
const concurrency = numberOption(args, 'concurrency', 4);
const schema = process.env.DB_SCHEMA ?? 'catalog';
// Several catalogs (CATALOG_URL=a,b, e.g. before and after a change over the same database) are asked
// scenario by scenario in turn, so both see the same machine load; likewise several gateways (GATEWAY_URL=a,b).
const direct = (process.env.CATALOG_URL ?? 'http://127.0.0.1:4002').split(',');
const gateways = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').split(',');

const scenarios: { kind: string; params: Record<string, string> }[] = [
  { kind: 'browse', params: {} },
  { kind: 'text', params: { query: 'tokyo' } },
  { kind: 'text', params: { query: 'TÔKYO' } },
  { kind: 'text', params: { query: 'lond' } },
  { kind: 'text', params: { query: 'grand plaza' } },
  { kind: 'text', params: { query: 'united', sort: 'price' } },
  { kind: 'text', params: { query: 'no-such-place' } },
  { kind: 'equipment', params: { eq: 'cold plunge' } },
  { kind: 'equipment', params: { eq: 'pool,sauna' } },
  { kind: 'equipment', params: { eq: 'squat rack,pool,treadmill' } },
  { kind: 'combined', params: { query: 'paris', eq: 'squat rack,pool' } },
  { kind: 'combined', params: { query: 'united', eq: 'kettlebells,sauna', sort: 'name' } },
];

const label = (params: Record<string, string>) => Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&') || '(all)';

const measure = (base: string, params: Record<string, string>, count: number, headers?: Record<string, string>) =>
  measureUrl(`${base}/api/hotels/search?${new URLSearchParams({ pageSize: '24', ...params })}`, { count, concurrency, headers });

async function run(name: string, bases: string[], count: number, headers?: Record<string, string>) {
  console.log(`\n## ${name} (${bases.join(' then ')}), ${count} requests per scenario, concurrency ${concurrency}\n`);
  console.log(bases.length > 1 ? `| catalog ${tableHeader.replace('\n', '\n|---')}` : tableHeader);
  for (const scenario of scenarios) {
    for (const base of bases) {
      const row = tableRow(scenario.kind, label(scenario.params), await measure(base, scenario.params, count, headers));
      console.log(bases.length > 1 ? `| ${base} ${row}` : row);
    }
  }
}

async function explain() {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? 'postgres://catalog@127.0.0.1:5432/reproute',
    max: 1,
    options: `-c search_path=${schema},public`,
  });
  try {
    for (const scenario of scenarios.filter((s) => s.kind !== 'browse')) {
      const criteria = toSearchCriteria(hotelSearchQuery.parse({ pageSize: '24', ...scenario.params }));
      for (const [part, sql] of [['page', searchPageSql(criteria)], ['total and facets', searchSummarySql(criteria)]] as const) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql.text}`, sql.values);
        console.log(`\n### ${scenario.kind}: ${label(scenario.params)} (${part})\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
      }
    }
  } finally {
    await pool.end();
  }
}

const countPool = new pg.Pool({ connectionString: process.env.DATABASE_URL ?? 'postgres://catalog@127.0.0.1:5432/reproute', max: 1 });
const { rows } = await countPool.query<{ n: number; approved: number }>(
  `SELECT count(*)::int AS n, count(*) FILTER (WHERE is_approved)::int AS approved FROM ${schema}.hotels`,
);
await countPool.end();
console.log(`hotels in the catalog: ${rows[0]?.n} (${rows[0]?.approved} approved)`);
await run('direct to the catalog', direct, requests);
if (gatewayRequests > 0) {
  await run('through the gateway, every answer computed by the catalog (Cache-Control: no-cache)', gateways, gatewayRequests, { 'cache-control': 'no-cache' });
  await run('through the gateway as visitors ask (a repeated search answered from its memory)', gateways, gatewayRequests);
}
if (args.includes('--explain')) await explain();
