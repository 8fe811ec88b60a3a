/**
 * Text search measured in-process against a database, without HTTP: what `GET /api/hotels/search` asks Postgres
 * (the page and the totals and facets, computed for every request as with SEARCH_SUMMARY_CACHE_MS=0) and, in a
 * checkout that has them, the search route's "Did you mean" retry and the reads of `GET /api/search/suggestions`.
 * Prints p50/p95 per scenario. Run it from two checkouts (before and after a change) against one database, in turns,
 * so both see the same data and the same machine:
 *
 *   DATABASE_URL=postgres://catalog@127.0.0.1:5432/reproute node --import tsx scripts/bench-search-text.ts [--requests 100] [--concurrency 8]
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hotelSearchQuery } from '@reproute/contracts';
import { toSearchCriteria } from '../src/domain/search.ts';
import { searchHotels } from '../src/store/search.ts';
import { numberOption } from './bench-http.ts';

const args = process.argv.slice(2);
const requests = numberOption(args, 'requests', 100);
const concurrency = numberOption(args, 'concurrency', 8);
const schema = process.env.DB_SCHEMA ?? 'catalog';
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://catalog@127.0.0.1:5432/reproute',
  max: concurrency,
  options: `-c search_path=${schema},public`,
});

// Present only in checkouts with the forgiving search; absent before it.
const suggestions = await import('../src/store/suggestions.ts').catch(() => null);
const withTerm = (await import('../src/domain/search.ts')) as Record<string, unknown>;

const searches: Record<string, string>[] = [
  { query: 'tokyo' },
  { query: 'lond' },
  { query: 'grand plaza' },
  { query: 'united', sort: 'price' },
  { query: 'uk' },
  { query: 'nyc' },
  { query: 'paris', eq: 'squat rack,pool' },
  { query: 'no-such-place' },
  { query: 'londn' },
];
const suggestionTexts = ['l', 'lon', 'par', 'summit', 'uk', 'londn'];

/** A search as the route answers it: with the corrected spelling's search when nothing is found and the checkout corrects. */
async function searchAsRouted(params: Record<string, string>): Promise<number> {
  const criteria = toSearchCriteria(hotelSearchQuery.parse({ pageSize: '24', ...params }));
  const result = await searchHotels(pool, criteria);
  if (result.total > 0 || !suggestions || typeof withTerm.withTerm !== 'function') return result.total;
  const meant = await suggestions.closestSpelling(pool, criteria.term);
  if (!meant) return 0;
  return (await searchHotels(pool, (withTerm.withTerm as (c: typeof criteria, t: string) => typeof criteria)(criteria, meant))).total;
}

async function measure(run: () => Promise<number>): Promise<{ p50: number; p95: number; result: number }> {
  const times: number[] = [];
  let result = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const start = performance.now();
        result = await run();
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), result };
}

const label = (params: Record<string, string>) => Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&');
try {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels');
  console.log(`${rows[0]!.n} hotels, ${requests} requests per scenario, concurrency ${concurrency}\n`);
  console.log('| what | matches | p50 ms | p95 ms |\n|---|---:|---:|---:|');
  for (const params of searches) {
    const m = await measure(() => searchAsRouted(params));
    console.log(`| search ${label(params)} | ${m.result} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} |`);
  }
  if (suggestions) {
    for (const q of suggestionTexts) {
      const m = await measure(async () => (await suggestions.suggestSearches(pool, q, 8)).items.length);
      console.log(`| suggestions q=${q} | ${m.result} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} |`);
    }
  }
} finally {
  await pool.end();
}
