/**
 * The search page at directory scale: the requests a traveller's search page makes (search with filters and the
 * counts beside them, the fit sort, the next page, suggestions as they type, the city list; the map shows the same
 * search answer's hotels, clustered in the browser) against 100,000 generated hotels, through a gateway, by 8
 * concurrent callers; p50/p95/p99 per request and over the mix (docs/performance.md, "The search page at 100,000
 * hotels").
 *
 * The hotels live in a database of their own (`reproute_bench` by default), never in the main stack's catalog (other
 * tests rely on its seeded hotels). The script runs a catalog on that database (in a child process, with an in-memory
 * event bus: it sends nothing to the stack's Kafka and consumes nothing from it) and a gateway of its own in front of
 * it (the main stack's other services behind it), measures, and stops both.
 *
 *   node --import tsx infra/bench/search-page.ts prepare [100000]     # database, catalog migrations, generate-hotels.ts
 *   node --import tsx infra/bench/search-page.ts [--requests 40] [--concurrency 8] [--warmup 3] [--explain]
 *   node --import tsx infra/bench/search-page.ts serve                # the same gateway and catalog for a browser
 *
 * Each request is asked twice over: as visitors ask (the gateway's 2 s public cache and the catalog's 5 s summary
 * cache at work) and with `Cache-Control: no-cache`, which the gateway passes on, with the catalog's summary cache off
 * (SEARCH_SUMMARY_CACHE_MS=0): a search nobody made in the last seconds. `--explain` prints the query plans of the
 * slowest search rows (EXPLAIN ANALYZE of the SQL the catalog runs for them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hotelSearchQuery, trainingNeedsToParams, type TrainingNeeds } from '@reproute/contracts';
import { measureUrl, numberOption, type Measured } from '../../services/catalog/scripts/bench-http.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const database = process.env.BENCH_DATABASE ?? 'reproute_bench';
const pgHost = process.env.PGHOST ?? '127.0.0.1';
const pgPort = process.env.PGPORT ?? '5432';
const adminUrl = (db: string) => `postgres://${process.env.PGUSER ?? 'postgres'}@${pgHost}:${pgPort}/${db}`;
const catalogPort = Number(process.env.BENCH_CATALOG_PORT ?? 4802);
const gatewayPort = Number(process.env.BENCH_GATEWAY_PORT ?? 8095);
const requests = numberOption(args, 'requests', 40);
const concurrency = numberOption(args, 'concurrency', 8);
/** Untimed rounds of every request before a mode is timed: a process that has served traffic, its code compiled by the JIT. */
const warmup = numberOption(args, 'warmup', 3);

const needs: TrainingNeeds = { equipment: ['rower', 'sauna'], pieces: [{ item: 'rack', kind: 'power-rack', count: 1 }], minDumbbellKg: 40, opensBefore: '06:00', openAfter: null };

/** What the search page asks, as its code builds it: the page of 24 with its totals and facets, and the rest. */
const search = (params: Record<string, string>) => `/api/hotels/search?${new URLSearchParams({ sort: 'rating', pageSize: '24', ...params })}`;
const scenarios: { kind: string; label: string; path: string }[] = [
  { kind: 'search', label: 'all hotels (no query)', path: search({}) },
  { kind: 'search', label: 'query=london', path: search({ query: 'london' }) },
  { kind: 'search', label: 'query=london, page 2', path: search({ query: 'london', page: '2' }) },
  { kind: 'search', label: 'query=tokyo&eq=squat rack,sauna', path: search({ query: 'tokyo', eq: 'squat rack,sauna' }) },
  { kind: 'search', label: 'query=paris&minRacks=2&adjustableBench&openEarly', path: search({ query: 'paris', minRacks: '2', adjustableBench: 'true', openEarly: 'true' }) },
  { kind: 'search', label: 'query=new york&minPrice=100&maxPrice=400&minRating=4', path: search({ query: 'new york', minPrice: '100', maxPrice: '400', minRating: '4' }) },
  { kind: 'search', label: 'eq=cold plunge&minDumbbellKg=40', path: search({ eq: 'cold plunge', minDumbbellKg: '40' }) },
  { kind: 'search', label: 'query=uk&sort=gymScore', path: search({ query: 'uk', sort: 'gymScore' }) },
  { kind: 'search', label: 'query=london&sort=fit (4 needs)', path: search({ query: 'london', sort: 'fit', ...(trainingNeedsToParams(needs) as Record<string, string>) }) },
  { kind: 'search', label: 'sort=fit, no query (4 needs)', path: search({ sort: 'fit', ...(trainingNeedsToParams(needs) as Record<string, string>) }) },
  { kind: 'search', label: 'query=londn (did you mean)', path: search({ query: 'londn' }) },
  ...['l', 'lon', 'par', 'new y', 'squat', 'londn'].map((q) => ({ kind: 'suggestions', label: `q=${q}`, path: `/api/search/suggestions?${new URLSearchParams({ q })}` })),
  { kind: 'cities', label: 'GET /api/cities', path: '/api/cities' },
];

async function prepare(count: number): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl('postgres') });
  await admin.connect();
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  // As infra/scripts/provision-sql.sh provisions the main database: the extensions, the catalog's schema and role.
  const setup = new pg.Client({ connectionString: adminUrl(database) });
  await setup.connect();
  await setup.query('CREATE EXTENSION IF NOT EXISTS unaccent; CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE SCHEMA IF NOT EXISTS catalog AUTHORIZATION catalog');
  await setup.end();
  const { migrate, createLogger } = await import('@reproute/platform');
  await migrate({ databaseUrl: adminUrl(database), schema: 'catalog', dir: path.join(root, 'services/catalog/migrations'), logger: createLogger('bench-migrate', 'warn') });
  const db = new pg.Client({ connectionString: adminUrl(database), options: '-c search_path=catalog,public' });
  await db.connect();
  const have = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels WHERE synthetic')).rows[0]!.n;
  await db.end();
  if (have >= count) {
    console.log(`${database} holds ${have} generated hotels already`);
    return;
  }
  await run('node', ['--import', 'tsx', 'scripts/generate-hotels.ts', String(count - have)], path.join(root, 'services/catalog'), { DATABASE_URL: adminUrl(database), DB_SCHEMA: 'catalog' });
}

function run(command: string, argv: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

/** The catalog on the bench database, in this process (the child `serve-catalog` runs): no Kafka, no consumers. */
async function serveCatalog(): Promise<void> {
  const { loadConfig, createLogger, createPool, OutboxRelay, remoteKeySet } = await import('@reproute/platform');
  const { InMemoryBus } = await import('@reproute/platform/testing/in-memory-bus');
  const { InMemoryRevocations } = await import('@reproute/platform/testing/service-under-test');
  const { configSchema } = await import('../../services/catalog/src/config.ts');
  const { buildApp } = await import('../../services/catalog/src/app.ts');
  const config = loadConfig(configSchema, {
    ...process.env,
    SERVICE_NAME: 'catalog-bench',
    PORT: String(catalogPort),
    DATABASE_URL: adminUrl(database),
    DB_SCHEMA: 'catalog',
    KAFKA_BROKERS: '127.0.0.1:1',
    REDIS_URL: 'redis://127.0.0.1:1',
    LOG_LEVEL: 'warn',
    GYM_FACTS_JOB_INTERVAL_MINUTES: '0',
    IDENTITY_JWKS_URL: process.env.IDENTITY_JWKS_URL ?? `http://127.0.0.1:${process.env.IDENTITY_PORT ?? 4001}/.well-known/jwks.json`,
  });
  const logger = createLogger('catalog-bench', config.LOG_LEVEL);
  const pool = createPool({ url: config.DATABASE_URL, schema: 'catalog', max: config.DB_POOL_MAX, logger });
  const bus = new InMemoryBus({});
  const relay = new OutboxRelay({ pool, bus, logger, schema: 'catalog' });
  const app = await buildApp({ config, logger, pool, bus, relay, revocations: new InMemoryRevocations() } as never, { key: remoteKeySet(config.IDENTITY_JWKS_URL) } as never);
  // As a deployed instance is ready only once its facet index has loaded (services/catalog/src/store/search-index.ts).
  await (await import('../../services/catalog/src/store/search.ts')).warmFacetIndex(pool);
  await app.listen({ host: '127.0.0.1', port: catalogPort });
  // The gateway asks a lone instance's readiness only for /api/health; answer it on the ops port too.
  const ops = (await import('node:http')).createServer((_req, res) => res.writeHead(200).end('{"status":"ok"}'));
  ops.listen(catalogPort + 50, '127.0.0.1');
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function startChild(label: string, argv: string[], cwd: string, env: Record<string, string>): ChildProcess {
  const child = spawn('node', ['--no-experimental-webstorage', ...argv], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`${label} exited with ${code ?? signal}`);
  });
  return child;
}

const fmt = (m: Measured) => `${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)}`;

async function measureAll(): Promise<void> {
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const modes: { name: string; summaryCacheMs: string; headers?: Record<string, string> }[] = [
    { name: 'as visitors ask (the gateway\'s public cache and the catalog\'s summary cache at work)', summaryCacheMs: '5000' },
    { name: 'uncached (Cache-Control: no-cache through the gateway, the catalog\'s summary cache off)', summaryCacheMs: '0', headers: { 'cache-control': 'no-cache' } },
  ];
  const slow: { label: string; path: string; p95: number }[] = [];
  for (const mode of modes) {
    const catalog = startChild('bench catalog', ['--import', 'tsx', 'infra/bench/search-page.ts', 'serve-catalog'], root, { SEARCH_SUMMARY_CACHE_MS: mode.summaryCacheMs });
    try {
      await waitFor(`http://127.0.0.1:${catalogPort}/api/cities`, 60_000);
      await measureMode(gateway, mode, slow);
    } finally {
      catalog.kill('SIGTERM');
      await new Promise((r) => catalog.once('exit', r));
    }
  }
  if (args.includes('--explain')) await explain(slow.sort((a, b) => b.p95 - a.p95).slice(0, 3));
}

async function measureMode(gateway: string, mode: { name: string; headers?: Record<string, string> }, slow: { label: string; path: string; p95: number }[]): Promise<void> {
  {
    console.log(`\n## ${mode.name}: ${requests} requests each, ${concurrency} concurrent callers, through the gateway (:${gatewayPort})\n`);
    console.log('| request | kind | matches | p50 ms | p95 ms | p99 ms | failures |\n|---|---|---|---|---|---|---|');
    const all: number[] = [];
    for (let round = 0; round < warmup; round += 1) {
      for (const scenario of scenarios) await (await fetch(`${gateway}${scenario.path}`, { headers: mode.headers })).arrayBuffer();
    }
    for (const scenario of scenarios) {
      const m = await measureUrl(`${gateway}${scenario.path}`, { count: requests, concurrency, headers: mode.headers });
      all.push(m.p95);
      console.log(`| ${scenario.label} | ${scenario.kind} | ${m.total >= 0 ? m.total : '—'} | ${fmt(m)} | ${m.failures} |`);
      if (mode.headers && scenario.kind === 'search') slow.push({ label: scenario.label, path: scenario.path, p95: m.p95 });
    }
    all.sort((a, b) => a - b);
    console.log(`\nworst row p95: ${all.at(-1)!.toFixed(1)} ms; rows with p95 under 100 ms: ${all.filter((p) => p < 100).length} of ${all.length}`);
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the page and summary SQL the catalog runs for these searches. */
async function explain(rows: { label: string; path: string }[]): Promise<void> {
  const { toSearchCriteria } = await import('../../services/catalog/src/domain/search.ts');
  const { searchPageSql, searchSummarySql } = await import('../../services/catalog/src/store/search.ts');
  const db = new pg.Client({ connectionString: adminUrl(database), options: '-c search_path=catalog,public' });
  await db.connect();
  try {
    for (const row of rows) {
      const query = hotelSearchQuery.parse(Object.fromEntries(new URL(`http://x${row.path}`).searchParams));
      const criteria = toSearchCriteria(query);
      for (const [what, sql] of [['page', searchPageSql(criteria)], ['totals and facets', searchSummarySql(criteria)]] as const) {
        const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
        console.log(`\n### ${row.label}: ${what}\n\n\`\`\`\n${plan.map((p) => p['QUERY PLAN']).join('\n')}\n\`\`\``);
      }
    }
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const mode = args[0] && !args[0].startsWith('--') ? args[0] : 'run';
  if (mode === 'prepare') return prepare(Number(args[1] ?? 100_000));
  if (mode === 'serve-catalog') return serveCatalog();
  const serveOnly = mode === 'serve';
  const env = process.env;
  const url = (port: string | undefined, fallback: number) => `http://127.0.0.1:${port ?? fallback}`;
  const gateway = startChild('bench gateway', ['src/main.ts'], path.join(root, 'gateway'), {
    SERVICE_NAME: 'gateway',
    INSTANCE_ID: 'gateway-bench',
    PORT: String(gatewayPort),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_NAMESPACE: 'ratelimit:gateway-bench:',
    CATALOG_URL: `http://127.0.0.1:${catalogPort}`,
    IDENTITY_URL: url(env.IDENTITY_PORT, 4001),
    ENGAGEMENT_URL: url(env.ENGAGEMENT_PORT, 4003),
    REFERRAL_URL: url(env.REFERRAL_PORT, 4004),
    ANALYTICS_URL: url(env.ANALYTICS_PORT, 4005),
    NOTIFIER_URL: url(env.NOTIFIER_PORT, 4006),
    WEBHOOKS_URL: url(env.WEBHOOKS_PORT, 4007),
  });
  try {
    await waitFor(`http://127.0.0.1:${gatewayPort}/health/live`, 60_000);
    const db = new pg.Client({ connectionString: adminUrl(database), options: '-c search_path=catalog,public' });
    await db.connect();
    const count = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels WHERE is_approved')).rows[0]!.n;
    await db.end();
    if (serveOnly) {
      // The page itself at this scale, in a browser: http://127.0.0.1:<gateway port>/search (until interrupted).
      const catalog = startChild('bench catalog', ['--import', 'tsx', 'infra/bench/search-page.ts', 'serve-catalog'], root, {});
      await waitFor(`http://127.0.0.1:${catalogPort}/api/cities`, 60_000);
      console.log(`serving ${count} hotels at http://127.0.0.1:${gatewayPort}/search; Ctrl-C stops`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()).once('SIGTERM', () => resolve()));
      catalog.kill('SIGTERM');
      return;
    }
    console.log(`# The search page at ${count.toLocaleString('en-US')} approved hotels (${database}), ${new Date().toISOString()}`);
    await measureAll();
  } finally {
    gateway.kill('SIGTERM');
  }
}

await main();
