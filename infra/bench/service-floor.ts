// Each service against its stack's own floor, side by side in one run: the service's simplest read (as deployed:
// production mode, info logs, 1% trace sampling, its hooks, token check, schemas, metrics and shedding) beside a
// bare Fastify + node-postgres server answering the same read with the service's own queries
// (infra/bench/service-floor-server.ts). Target: every service keeps at least 70% of its floor's throughput.
// Before measuring, both answers are compared (the floor must answer exactly what the service does).
// Uses wrk; the system must be running (`make up`). Writes a Markdown table to .data/bench/service-floor.md.
//   source infra/env.sh && node --import tsx infra/bench/service-floor.ts [service...]
//   ROUNDS (3), BENCH_SECONDS (10), CONNECTIONS (16); SERVICE_NODE_FLAGS='--cpu-prof --cpu-prof-dir=…' profiles the service (FLOOR_NODE_FLAGS its floor).
// What a part of the service costs: SERVICE_ENV='LOG_LEVEL=warn TRACE_SAMPLE_RATIO=1' overrides its settings, and
// SERVICE_TELEMETRY=0 starts it without the tracing instrumentation.
// On another runtime: SERVICE_NODE=/usr/bin/node runs the service on that Node.js binary (default: `node` on PATH, as the
// floor), and SERVICE_LOADER=native on Node's own type stripping as services.sh runs it, instead of the tsx loader
// (SERVICE_LOADER=tsx, the default); infra/bench/runtimes.ts compares them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { floorReads, type Caller, type FloorRead } from './service-floor-reads.ts';
import { median } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
execFileSync('bash', ['-c', `source "${root}/infra/scripts/lib.sh" && apt_install wrk`], { stdio: 'inherit' });
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 16);
const gateway = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
const servicePort = 8095;
const floorPort = 8094;
const target = 0.7;
const serviceLoader = process.env.SERVICE_LOADER ?? 'tsx';
if (serviceLoader !== 'tsx' && serviceLoader !== 'native') throw new Error(`SERVICE_LOADER is tsx or native, not ${serviceLoader}`);
const chosen = process.argv.slice(2);
const reads = chosen.length ? floorReads.filter((r) => chosen.includes(r.service)) : floorReads;
if (!reads.length) throw new Error(`name one of: ${floorReads.map((r) => r.service).join(', ')}`);

/** The seeded accounts' tokens, and their user ids (the token's subject) for the floor. */
async function signIn(caller: Exclude<Caller, null>): Promise<{ token: string; userId: string }> {
  const [email, password] =
    caller === 'traveller'
      ? [process.env.SEED_TRAVELLER_EMAIL ?? 'traveller@reproute.example', process.env.SEED_TRAVELLER_PASSWORD ?? 'Traveller!2345']
      : [process.env.SEED_PROVIDER_EMAIL ?? 'provider@reproute.example', process.env.SEED_PROVIDER_PASSWORD ?? 'Provider!2345'];
  const res = await fetch(`${gateway}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`could not sign in the seeded ${caller} (${res.status}); is the system running?`);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { token, userId: claims.sub };
}

/** A process started with these settings (undefined: the setting removed), its output in .data/bench. */
function start(name: string, args: string[], cwd: string, settings: Record<string, string | undefined>, node = 'node'): ChildProcess {
  const log = fs.openSync(path.join(out, `service-floor-${name}.log`), 'w');
  const env = { ...process.env, ...settings };
  for (const [key, value] of Object.entries(settings)) if (value === undefined) delete env[key];
  return spawn(node, args, { cwd, env, stdio: ['ignore', log, log] });
}

async function answerOf(url: string, headers: Record<string, string>): Promise<unknown> {
  for (let i = 0; i < 180; i += 1) {
    try {
      const res = await fetch(url, { headers });
      if (res.status === 200) return await res.json();
      throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // connection refused: not listening yet
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not answer`);
}

const withoutVolatile = (answer: unknown, keys: string[] = []): unknown =>
  answer && typeof answer === 'object' && !Array.isArray(answer) ? Object.fromEntries(Object.entries(answer).filter(([k]) => !keys.includes(k))) : answer;

interface Run { rps: number; p50: number; p99: number; bytes: number }

function toMs(value: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(value);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

function wrk(url: string, headers: string[]): Run {
  execFileSync('wrk', ['-t1', '-c8', '-d2s', ...headers, url], { stdio: 'ignore' }); // warm-up
  const text = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, url], { encoding: 'utf8' });
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} error answers during the run`);
  const requests = Number(/(\d+) requests in/.exec(text)?.[1]);
  const read = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(text);
  const bytes = read ? Number(read[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[read[2] as 'B'] : NaN;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]),
    p50: toMs(/\s50%\s+(\S+)/.exec(text)?.[1] ?? ''),
    p99: toMs(/\s99%\s+(\S+)/.exec(text)?.[1] ?? ''),
    bytes: bytes / requests,
  };
}

const dbUrl = (service: string) => `postgres://${service}@${process.env.PGHOST ?? '127.0.0.1'}:${process.env.PGPORT ?? 5432}/${process.env.PGDATABASE ?? 'reproute'}`;
const identityPort = (process.env.SERVICES ?? '').split(' ').find((s) => s.startsWith('identity:'))?.split(':')[1] ?? '4001';

async function measure(read: FloorRead): Promise<{ read: FloorRead; service: Run; floor: Run; perRound: number[]; bytes: [number, number] }> {
  const who = read.caller ? await signIn(read.caller) : undefined;
  const headers: Record<string, string> = who ? { authorization: `Bearer ${who.token}` } : {};
  const wrkHeaders = who ? ['-H', `Authorization: Bearer ${who.token}`] : [];
  // A second instance of the service with the production settings (as services.sh starts one, plus these).
  const service = start(
    read.service,
    [
      ...(process.env.SERVICE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      ...(serviceLoader === 'tsx' ? ['--enable-source-maps', '--import', 'tsx'] : []),
      ...(process.env.SERVICE_TELEMETRY === '0' ? [] : ['--import', '@reproute/platform/telemetry']),
      'src/main.ts',
    ],
    path.join(root, 'services', read.service),
    {
      SERVICE_NAME: read.service,
      INSTANCE_ID: `${read.service}-bench`,
      PORT: String(servicePort),
      DATABASE_URL: dbUrl(read.service),
      DB_SCHEMA: read.service,
      PHOTOS_DIR: path.join(process.env.REPROUTE_DATA ?? path.join(root, '.data'), 'photos'),
      IDENTITY_JWKS_URL: `http://127.0.0.1:${identityPort}/.well-known/jwks.json`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      TRACE_SAMPLE_RATIO: '0.01',
      // Spans are made for the sampled share but not exported, so no collector skews the run.
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      ...Object.fromEntries((process.env.SERVICE_ENV ?? '').split(' ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
    },
    process.env.SERVICE_NODE || 'node',
  );
  const floor = start(`${read.service}-floor`, [...(process.env.FLOOR_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', path.join(root, 'infra/bench/service-floor-server.ts')], root, {
    FLOOR: read.service,
    PORT: String(floorPort),
    DATABASE_URL: dbUrl(read.service),
    DB_SCHEMA: read.service,
    USER_ID: who?.userId ?? '',
    NODE_ENV: 'production',
  });
  try {
    const serviceUrl = `http://127.0.0.1:${servicePort}${read.path}`;
    const floorUrl = `http://127.0.0.1:${floorPort}${read.path}`;
    const [fromService, fromFloor] = await Promise.all([answerOf(serviceUrl, headers), answerOf(floorUrl, {})]);
    if (!isDeepStrictEqual(withoutVolatile(fromService, read.volatile), withoutVolatile(fromFloor, read.volatile))) {
      throw new Error(`${read.service}: the floor's answer to ${read.path} is not the service's:\n${JSON.stringify(fromService).slice(0, 400)}\n${JSON.stringify(fromFloor).slice(0, 400)}`);
    }
    // Rounds in a turning order, so a slow spell of this shared machine falls on both alike; medians.
    const runs: { service: Run[]; floor: Run[] } = { service: [], floor: [] };
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['service', 'floor'] as const) : (['floor', 'service'] as const);
      for (const side of order) runs[side].push(side === 'service' ? wrk(serviceUrl, wrkHeaders) : wrk(floorUrl, []));
    }
    const summary = (list: Run[]): Run => ({ rps: median(list.map((r) => r.rps)), p50: median(list.map((r) => r.p50)), p99: median(list.map((r) => r.p99)), bytes: median(list.map((r) => r.bytes)) });
    return {
      read,
      service: summary(runs.service),
      floor: summary(runs.floor),
      perRound: runs.service.map((s, i) => s.rps / runs.floor[i]!.rps),
      bytes: [summary(runs.service).bytes, summary(runs.floor).bytes],
    };
  } finally {
    service.kill('SIGTERM');
    floor.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

const results = [];
for (const read of reads) {
  process.stdout.write(`${read.service}: GET ${read.path}…\n`);
  results.push(await measure(read));
}
const lines = [
  `Each service against its floor (bare Fastify + node-postgres, the same queries), wrk 2 threads × ${connections} connections × ${seconds} s, ${rounds} rounds (medians), ${new Date().toISOString()}`,
  '',
  '| service | read | service req/s | floor req/s | share of floor (per round) | p50 ms service / floor | p99 ms service / floor | bytes per answer service / floor |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(({ read, service, floor, perRound, bytes }) =>
    `| ${read.service} | GET ${read.path}${read.caller ? ` (${read.caller})` : ''} | ${service.rps.toFixed(0)} | ${floor.rps.toFixed(0)} | **${((service.rps / floor.rps) * 100).toFixed(0)}%** (${perRound.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}) | ${service.p50.toFixed(2)} / ${floor.p50.toFixed(2)} | ${service.p99.toFixed(2)} / ${floor.p99.toFixed(2)} | ${bytes[0].toFixed(0)} / ${bytes[1].toFixed(0)} |`,
  ),
  '',
  ...results.map(({ read, service, floor }) => `${read.service}: ${service.rps / floor.rps >= target ? 'meets' : 'misses'} the target (${(target * 100).toFixed(0)}% of its floor)`),
];
fs.writeFileSync(path.join(out, 'service-floor.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
