// The same benchmarks on the old and the new runtime, side by side in one run, in alternating rounds:
//   (a) Node 20 + the tsx loader (OLD_NODE; how every process ran before the move to Node 26),
//   (b) Node 26 + the tsx loader (NEW_NODE, the old command on the new runtime),
//   (c) Node 26 on its own type stripping (NEW_NODE, infra/scripts/services.sh's command: how it runs now).
// The tsx runs use the old command (--enable-source-maps --import tsx); Node 25 and later also get
// --no-experimental-webstorage, as services.sh gives them. Every process started gets PATH with its Node.js first.
//   1. start: a second catalog (port 8096, services.sh's settings, NODE_ENV=production, TRACE_SAMPLE_RATIO=0.01) from
//      spawn to /health/live answering 200, and the CPU seconds its process used until then (/proc utime + stime);
//      one unmeasured start per runtime first (tsx's transform cache, the page cache).
//   2. floor: infra/bench/service-floor.ts once per runtime per round (ROUNDS=1, SERVICE_NODE / SERVICE_LOADER), its
//      floor always on NEW_NODE + tsx: the floor is the yardstick, the service's share of it the figure.
//   3. gateway: a signed-in GET /api/favorites (the seeded traveller's token) straight to an engagement instance
//      (port 8097, Node 26 native, production settings) and through three gateways on 8098-8100, one per runtime,
//      each with services.sh's settings, NODE_ENV=production, 1% sampling, no trace export, no rate limit to meet;
//      wrk, paths in a turning order each round: share of direct throughput and p99 added, per round.
//   4. mix: the whole system (every service, the notifier and the gateway; not the data stores) restarted on
//      (a) and on (c) in turn, with the load-test limits of README's load-test section and 1% sampling, a k6 warm-up
//      (MIX_WARMUP_SECONDS) and then `infra/scripts/k6.sh average -e RATE=… -e DURATION=…`, while every process of
//      .data/run (and Postgres), with its children, is sampled from /proc each second: CPU ms per request served
//      (k6 apart). Before each restart every process is started once beside the running system (spare ports 8101-8107),
//      so a tree that does not start (another engineer's edit under way) never takes the system down; at the end the
//      system restarts as services.sh starts it (`services.sh restart`). A process that cannot run on OLD_NODE at all
//      stays on (c) in (a)'s rounds, and the table says so (on Node 20.20.2: identity, whose argon2 needs Node-API 10).
// Uses wrk and k6 (each installed or built on first use by the scripts). The system must be running (`make up`).
// Writes .data/bench/runtimes.md (the table) and runtimes.json (every round).
//   node --import tsx infra/bench/runtimes.ts
// OLD_NODE (/usr/bin/node), NEW_NODE (the .nvmrc build in ~/.cache/reproute/node), MEASURES (start,floor,gateway,mix),
// START_ROUNDS (5), FLOOR_ROUNDS (3), FLOOR_SERVICES ('catalog engagement'), FLOOR_SECONDS (8), GATEWAY_ROUNDS (3),
// GATEWAY_SECONDS (10), CONNECTIONS (16), MIX_ROUNDS (3), MIX_RATE (40 journeys/s), MIX_SECONDS (60),
// MIX_WARMUP_SECONDS (20), KEEP_OTHERS=1 (the measures MEASURES leaves out taken from the last runtimes.json), MAX_LOAD (3: before each round it waits, at most MAX_LOAD_WAIT s (180), for a lower load
// and for another engineer's wrk or k6 to end).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

// infra/env.sh's settings (what services.sh's processes get), with whatever this process was given kept.
const baseEnv: Record<string, string> = Object.fromEntries(
  execFileSync('bash', ['-c', `source "${root}/infra/env.sh" && env -0`], { encoding: 'utf8' })
    .split('\0')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const data = baseEnv.REPROUTE_DATA ?? path.join(root, '.data');
const runDir = path.join(data, 'run');
const logDir = path.join(data, 'logs');
const services = (baseEnv.SERVICES ?? '').split(' ').filter(Boolean).map((s) => ({ name: s.split(':')[0]!, port: Number(s.split(':')[1]) }));
const portOf = (name: string) => services.find((s) => s.name === name)?.port ?? 0;
const gatewayPort = Number(baseEnv.GATEWAY_PORT ?? 8080);
const pinned = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

const oldNode = process.env.OLD_NODE ?? '/usr/bin/node';
const newNode = process.env.NEW_NODE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'reproute/node', pinned, 'bin/node');
const versionOf = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const majorOf = (node: string) => Number(/^v(\d+)/.exec(versionOf(node))?.[1]);

interface Runtime { key: 'a' | 'b' | 'c'; label: string; node: string; loader: 'tsx' | 'native'; flags: string[]; version: string }
const runtimeOf = (key: Runtime['key'], label: string, node: string, loader: Runtime['loader']): Runtime => ({
  key, label, node, loader, version: versionOf(node), flags: majorOf(node) >= 25 ? ['--no-experimental-webstorage'] : [],
});
const runtimes: Runtime[] = [
  runtimeOf('a', `Node ${majorOf(oldNode)} + tsx`, oldNode, 'tsx'),
  runtimeOf('b', `Node ${majorOf(newNode)} + tsx`, newNode, 'tsx'),
  runtimeOf('c', `Node ${majorOf(newNode)} native`, newNode, 'native'),
];
const [rtA, , rtC] = runtimes as [Runtime, Runtime, Runtime];
/** The command every process runs: services.sh's, with the tsx loader as it was before for the tsx runtimes. */
const argsOf = (r: Runtime) => [...r.flags, ...(r.loader === 'tsx' ? ['--enable-source-maps', '--import', 'tsx'] : []), '--import', '@reproute/platform/telemetry', 'src/main.ts'];
const pathFor = (node: string) => `${path.dirname(node)}:${baseEnv.PATH ?? ''}`;
/** Runtimes in a turning order: round i starts at runtime i, so each takes every position alike. */
const turn = <T>(list: T[], round: number): T[] => list.map((_, i) => list[(round + i) % list.length]!);

const measures = (process.env.MEASURES ?? 'start,floor,gateway,mix').split(',').map((m) => m.trim());
const connections = num('CONNECTIONS', 16);
const maxLoad = num('MAX_LOAD', 3);
const maxLoadWait = num('MAX_LOAD_WAIT', 180);
const log = (line: string) => process.stdout.write(`[runtimes ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const loadNow = () => Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const loads: number[] = [];

/** A load generator (wrk, k6) running that this run did not start: another engineer's load test. */
function foreignLoadTest(): string | undefined {
  const all = procs();
  const mine = new Set(treeOf(process.pid, all));
  for (const pid of all.keys()) {
    if (mine.has(pid)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm === 'wrk' || comm === 'k6') return `${comm} (pid ${pid})`;
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/**
 * Before a round: waits (at most MAX_LOAD_WAIT s) for the 1-minute load to fall under MAX_LOAD and for another
 * load test to end (two at once would measure each other); the load it starts at is kept.
 */
async function quiet(): Promise<void> {
  const until = Date.now() + maxLoadWait * 1000;
  let said = false;
  for (;;) {
    const other = foreignLoadTest();
    if ((loadNow() <= maxLoad && !other) || Date.now() >= until) break;
    if (!said) log(`waiting: load ${loadNow().toFixed(1)}${other ? `, another load test running: ${other}` : ''}`);
    said = true;
    await sleep(5000);
  }
  loads.push(loadNow());
}

// ---- processes ----------------------------------------------------------------------------------------------

const started = new Set<ChildProcess>(); // this run's own processes (not the system's, which services.sh stops)
/** A process of this run: its runtime's command (or args given) in dir, services.sh's settings plus these. */
function launch(r: Runtime, dir: string, settings: Record<string, string | undefined>, logFile: string, options: { detached?: boolean } = {}): ChildProcess {
  const env: Record<string, string | undefined> = { ...baseEnv, PATH: pathFor(r.node), ...settings };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(r.node, argsOf(r), { cwd: path.join(root, dir), env, stdio: ['ignore', fd, fd], detached: options.detached ?? false });
  fs.closeSync(fd);
  if (!options.detached) {
    started.add(child);
    child.on('exit', () => started.delete(child));
  }
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
async function stop(child: ChildProcess, seconds = 20): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if ((await Promise.race([gone.then(() => true), sleep(seconds * 1000).then(() => false)])) === false) {
    child.kill('SIGKILL');
    await gone;
  }
}

/** The status of a GET (0: no answer). */
function statusOf(url: string, headers: Record<string, string> = {}, timeoutMs = 1000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

async function waitFor(url: string, seconds: number, child?: ChildProcess, headers: Record<string, string> = {}): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child && exited(child)) throw new Error(`the process for ${url} exited (${child.exitCode ?? child.signalCode})`);
    if ((await statusOf(url, headers)) === 200) return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s`);
}

/** A command to its end, the event loop free meanwhile (the sampler runs, this run's exited children are reaped). */
function run(cmd: string, args: string[], env: Record<string, string | undefined> = process.env, capture = false): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

// ---- /proc ----------------------------------------------------------------------------------------------------

interface Proc { ppid: number; ticks: number; start: number }
const ticksPerSecond = 100; // USER_HZ on Linux
function procs(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), start: Number(f[19]) });
    } catch {
      // gone meanwhile
    }
  }
  return all;
}
function treeOf(pid: number, all: Map<number, Proc>): number[] {
  const children = new Map<number, number[]>();
  for (const [child, p] of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), child]);
  const walk = (p: number): number[] => [p, ...(children.get(p) ?? []).flatMap(walk)];
  return all.has(pid) ? walk(pid) : [];
}
const treeTicks = (pid: number) => { const all = procs(); return treeOf(pid, all).reduce((sum, p) => sum + all.get(p)!.ticks, 0); };

/** The system's processes by name: the pid files of .data/run, and Postgres by its data folder's postmaster.pid. */
function roots(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const file of fs.readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
    const pid = Number(fs.readFileSync(path.join(runDir, file), 'utf8').trim());
    if (pid > 0) byName.set(file.replace(/\.pid$/, ''), pid);
  }
  const postmaster = path.join(data, 'pg/postmaster.pid');
  if (fs.existsSync(postmaster)) byName.set('postgres', Number(fs.readFileSync(postmaster, 'utf8').split('\n')[0]));
  return byName;
}

/**
 * CPU of every system process (and its children) over a window, sampled each second so a process that ends within
 * it (a Postgres backend) keeps what it used until its last sample; one that begins within it counts from zero.
 */
function cpuSampler(): { stop: () => Map<string, number> } {
  const windowStart = Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * ticksPerSecond;
  const seen = new Map<string, { name: string; base: number; last: number }>();
  let first = true;
  const sample = () => {
    const all = procs();
    for (const [name, pid] of roots()) {
      for (const p of treeOf(pid, all)) {
        const info = all.get(p)!;
        const key = `${p}:${info.start}`;
        const entry = seen.get(key);
        if (entry) entry.last = info.ticks;
        else seen.set(key, { name, base: first || info.start < windowStart ? info.ticks : 0, last: info.ticks });
      }
    }
    first = false;
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const byName = new Map<string, number>();
      for (const { name, base, last } of seen.values()) byName.set(name, (byName.get(name) ?? 0) + (last - base) * (1000 / ticksPerSecond));
      return byName; // CPU ms by process name
    },
  };
}

// ---- settings -------------------------------------------------------------------------------------------------

const dbUrl = (name: string) => `postgres://${name}@${baseEnv.PGHOST}:${baseEnv.PGPORT}/${baseEnv.PGDATABASE}`;
/** What services.sh gives a service (start_one + service_env). */
const serviceSettings = (name: string, port: number, label = name): Record<string, string> => ({
  PORT: String(port),
  INSTANCE_ID: label,
  SERVICE_NAME: name,
  DATABASE_URL: dbUrl(name),
  DB_SCHEMA: name,
  PHOTOS_DIR: baseEnv.PHOTOS_DIR ?? path.join(data, 'photos'),
  ...(name === 'catalog' ? { MALLOC_ARENA_MAX: baseEnv.MALLOC_ARENA_MAX ?? '1' } : {}),
  IDENTITY_JWKS_URL: baseEnv.IDENTITY_JWKS_URL ?? `http://127.0.0.1:${portOf('identity')}/.well-known/jwks.json`,
});
/** What services.sh gives the gateway. */
const gatewaySettings = (port: number, label: string, urls: Partial<Record<string, string>> = {}): Record<string, string> => ({
  PORT: String(port),
  INSTANCE_ID: label,
  SERVICE_NAME: 'gateway',
  ...Object.fromEntries(['identity', 'catalog', 'engagement', 'referral', 'analytics', 'notifier'].map((s) => [`${s.toUpperCase()}_URL`, urls[s] ?? `http://127.0.0.1:${portOf(s)}`])),
});
const production = { NODE_ENV: 'production', TRACE_SAMPLE_RATIO: '0.01' };

async function signIn(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.SEED_TRAVELLER_EMAIL ?? 'traveller@reproute.example', password: process.env.SEED_TRAVELLER_PASSWORD ?? 'Traveller!2345' }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`could not sign in the seeded traveller (${res.status}); is the system running?`);
  return token;
}

// ---- 1. start -------------------------------------------------------------------------------------------------

interface StartRun { ms: number; cpuS: number }
const startPort = 8096;
async function startOnce(r: Runtime): Promise<StartRun> {
  for (let i = 0; (await statusOf(`http://127.0.0.1:${startPort}/health/live`)) !== 0; i += 1) {
    if (i === 100) throw new Error(`something else answers on port ${startPort}`);
    await sleep(200);
  }
  const t0 = performance.now();
  const child = launch(r, 'services/catalog', { ...serviceSettings('catalog', startPort, 'catalog-runtimes'), ...production }, path.join(out, `runtimes-start-${r.key}.log`));
  try {
    for (;;) {
      if (exited(child)) throw new Error(`catalog on ${r.label} exited before answering (see ${out}/runtimes-start-${r.key}.log)`);
      if ((await statusOf(`http://127.0.0.1:${startPort}/health/live`, {}, 2000)) === 200) break;
      await sleep(20);
    }
    const ms = performance.now() - t0;
    return { ms, cpuS: treeTicks(child.pid!) / ticksPerSecond };
  } finally {
    await stop(child);
  }
}

async function measureStart(): Promise<Record<string, StartRun[]>> {
  const rounds = num('START_ROUNDS', 5);
  const runs: Record<string, StartRun[]> = { a: [], b: [], c: [] };
  log('start: one unmeasured start per runtime');
  for (const r of runtimes) await startOnce(r);
  for (let round = 0; round < rounds; round += 1) {
    await quiet();
    for (const r of turn(runtimes, round)) {
      const result = await startOnce(r);
      runs[r.key]!.push(result);
      log(`start round ${round + 1}: ${r.label} ${result.ms.toFixed(0)} ms, ${result.cpuS.toFixed(2)} CPU s`);
    }
  }
  return runs;
}

// ---- 2. floor -------------------------------------------------------------------------------------------------

interface FloorRun { service: string; read: string; serviceRps: number; floorRps: number; share: number; p99: number }
async function measureFloor(): Promise<Record<string, FloorRun[]>> {
  const rounds = num('FLOOR_ROUNDS', 3);
  const chosen = (process.env.FLOOR_SERVICES ?? 'catalog engagement').split(' ').filter(Boolean);
  const runs: Record<string, FloorRun[]> = { a: [], b: [], c: [] };
  // service-floor.ts writes its own table: the one there before this run is put back afterwards.
  const own = path.join(out, 'service-floor.md');
  const kept = fs.existsSync(own) ? fs.readFileSync(own) : undefined;
  try {
    for (let round = 0; round < rounds; round += 1) {
      await quiet();
      for (const r of turn(runtimes, round)) {
        const { code, stdout } = await run(newNode, ['--import', 'tsx', path.join(root, 'infra/bench/service-floor.ts'), ...chosen], {
          ...baseEnv,
          PATH: pathFor(newNode), // the floor (and wrk's driver) on the new runtime in every run
          SERVICE_NODE: r.node,
          SERVICE_LOADER: r.loader,
          SERVICE_NODE_FLAGS: r.flags.join(' '),
          ROUNDS: '1',
          BENCH_SECONDS: String(num('FLOOR_SECONDS', 8)),
          CONNECTIONS: String(connections),
        }, true);
        if (code !== 0) throw new Error(`service-floor.ts on ${r.label} failed (${code}):\n${stdout}`);
        for (const line of stdout.split('\n')) {
          const cells = line.split('|').map((c) => c.trim());
          if (cells.length < 9 || !chosen.includes(cells[1]!)) continue;
          const serviceRps = Number(cells[3]);
          const floorRps = Number(cells[4]);
          runs[r.key]!.push({ service: cells[1]!, read: cells[2]!, serviceRps, floorRps, share: serviceRps / floorRps, p99: Number(cells[7]!.split('/')[0]) });
          log(`floor round ${round + 1}: ${r.label} ${cells[1]} ${serviceRps} req/s, floor ${floorRps}: ${((serviceRps / floorRps) * 100).toFixed(0)}%`);
        }
      }
    }
  } finally {
    if (kept) fs.writeFileSync(own, kept);
    else fs.rmSync(own, { force: true });
  }
  return runs;
}

// ---- 3. gateway -----------------------------------------------------------------------------------------------

interface WrkRun { rps: number; p50: number; p99: number }
const toMs = (value: string) => {
  const m = /([\d.]+)(us|ms|s)/.exec(value);
  if (!m) return NaN;
  return m[2] === 'us' ? Number(m[1]) / 1000 : m[2] === 's' ? Number(m[1]) * 1000 : Number(m[1]);
};
function wrk(url: string, headers: string[], seconds: number, warmup = 3): WrkRun {
  if (warmup) execFileSync('wrk', ['-t1', '-c8', `-d${warmup}s`, ...headers, url], { stdio: 'ignore' });
  const text = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, url], { encoding: 'utf8' });
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} error answers during the run`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]), p50: toMs(/\s50%\s+(\S+)/.exec(text)?.[1] ?? ''), p99: toMs(/\s99%\s+(\S+)/.exec(text)?.[1] ?? '') };
}

interface GatewayRun { rps: number; directRps: number; share: number; p99: number; p99Added: number }
async function measureGateway(): Promise<Record<string, GatewayRun[]>> {
  execFileSync('bash', ['-c', `source "${root}/infra/scripts/lib.sh" && apt_install wrk`], { stdio: 'inherit' });
  const rounds = num('GATEWAY_ROUNDS', 3);
  const seconds = num('GATEWAY_SECONDS', 10);
  const target = '/api/favorites';
  const token = await signIn();
  const auth = { authorization: `Bearer ${token}` };
  const wrkHeaders = ['-H', `Authorization: Bearer ${token}`];
  const directPort = 8097;
  // No trace is exported (none would reach a collector in the middle of the figures).
  const quietTraces = { OTEL_EXPORTER_OTLP_ENDPOINT: undefined };
  const engagement = launch(rtC, 'services/engagement', { ...serviceSettings('engagement', directPort, 'engagement-runtimes'), ...production, ...quietTraces }, path.join(out, 'runtimes-engagement.log'));
  const gateways = runtimes.map((r, i) => ({
    r,
    port: 8098 + i,
    child: launch(r, 'gateway', {
      ...gatewaySettings(8098 + i, `gateway-runtimes-${r.key}`, { engagement: `http://127.0.0.1:${directPort}` }),
      ...production,
      ...quietTraces,
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_NAMESPACE: `ratelimit:gateway-runtimes-${r.key}:`,
    }, path.join(out, `runtimes-gateway-${r.key}.log`)),
  }));
  const runs: Record<string, GatewayRun[]> = { a: [], b: [], c: [] };
  try {
    await waitFor(`http://127.0.0.1:${directPort}${target}`, 90, engagement, auth);
    for (const g of gateways) await waitFor(`http://127.0.0.1:${g.port}${target}`, 90, g.child, auth);
    const paths = [{ key: 'direct', url: `http://127.0.0.1:${directPort}${target}` }, ...gateways.map((g) => ({ key: g.r.key, url: `http://127.0.0.1:${g.port}${target}` }))];
    for (const p of paths) wrk(p.url, wrkHeaders, 5, 0); // first warm-up: the code of every path optimized
    for (let round = 0; round < rounds; round += 1) {
      await quiet();
      const results = new Map<string, WrkRun>();
      for (const p of turn(paths, round)) results.set(p.key, wrk(p.url, wrkHeaders, seconds));
      const direct = results.get('direct')!;
      for (const r of runtimes) {
        const g = results.get(r.key)!;
        runs[r.key]!.push({ rps: g.rps, directRps: direct.rps, share: g.rps / direct.rps, p99: g.p99, p99Added: g.p99 - direct.p99 });
      }
      log(`gateway round ${round + 1}: direct ${direct.rps.toFixed(0)} req/s p99 ${direct.p99.toFixed(2)} ms; ${runtimes.map((r) => `${r.label} ${results.get(r.key)!.rps.toFixed(0)} req/s p99 ${results.get(r.key)!.p99.toFixed(2)} ms`).join('; ')}`);
    }
  } finally {
    await Promise.all([engagement, ...gateways.map((g) => g.child)].map((c) => stop(c)));
  }
  return runs;
}

// ---- 4. mix ---------------------------------------------------------------------------------------------------

// README, load testing: k6 sends from one address, so the per-client limits are raised; traces sampled as load
// tests do. The gateway keeps its own (no) latency shedding: every run serves the same requests.
const loadTestSettings = {
  TRACE_SAMPLE_RATIO: '0.01',
  RATE_LIMIT_MAX: '100000000',
  LEAD_LIMIT_PER_CLIENT: '100000000',
  LEAD_LIMIT_PER_HOTEL_PER_CLIENT: '100000000',
  LEAD_LIMIT_PER_HOTEL: '100000000',
};
let systemTouched = false;

/**
 * Processes that cannot start on the old runtime at all stay on (c) in its rounds, and the table says so. The
 * identity service's argon2 (0.45.1, the npm registry's own prebuild) asks for Node-API 10, which Node 20 has not:
 * Node 20.20.2 dies loading it (SIGSEGV in napi_module_register_by_symbol). MIX_KEEP_NEW names them by hand.
 */
function keptOnNew(): string[] {
  if (process.env.MIX_KEEP_NEW !== undefined) return process.env.MIX_KEEP_NEW.split(' ').filter(Boolean);
  const probe = spawnSync(oldNode, ['-e', "require('argon2')"], { cwd: path.join(root, 'services/identity'), stdio: 'ignore' });
  return probe.status === 0 ? [] : ['identity'];
}
let kept: string[] = [];

const runtimeFor = (r: Runtime, name: string) => (r === rtA && kept.includes(name) ? rtC : r);

/**
 * Whether every service and the gateway start on this runtime from the tree as it is now (other engineers edit it:
 * a half-done edit must not take the running system down). Each starts once beside the system, on spare ports
 * (8101 the gateway, 8102 and up the services), until /health/live answers; undefined when all did, else why not.
 */
async function startable(r: Runtime): Promise<string | undefined> {
  const trial = [
    ...services.map((s, i) => ({ name: s.name, port: 8102 + i, dir: `services/${s.name}`, settings: serviceSettings(s.name, 8102 + i, `${s.name}-preflight`) })),
    { name: 'gateway', port: 8101, dir: 'gateway', settings: { ...gatewaySettings(8101, 'gateway-preflight'), RATE_LIMIT_NAMESPACE: 'ratelimit:gateway-preflight:' } },
  ].map((t) => ({ ...t, logFile: path.join(out, `runtimes-preflight-${t.name}.log`), child: launch(runtimeFor(r, t.name), t.dir, t.settings, path.join(out, `runtimes-preflight-${t.name}.log`)) }));
  try {
    for (const t of trial) {
      try {
        await waitFor(`http://127.0.0.1:${t.port}/health/live`, 120, t.child);
      } catch (error) {
        const tail = fs.readFileSync(t.logFile, 'utf8').trim().split('\n').slice(-4).join('\n');
        return `${t.name} does not start on ${runtimeFor(r, t.name).label} (${(error as Error).message}):\n${tail}`;
      }
    }
    return undefined;
  } finally {
    await Promise.all(trial.map((t) => stop(t.child)));
  }
}

/** The whole system's Node processes stopped (services.sh stop) and started on this runtime as services.sh would. */
async function systemOn(r: Runtime): Promise<ChildProcess[]> {
  // The tree must start on this runtime before the running system is stopped; a broken one gets 5 minutes to mend.
  for (let attempt = 1; ; attempt += 1) {
    const why = await startable(r);
    if (!why) break;
    if (attempt === 10) throw new Error(`the system was not restarted: ${why}`);
    log(`the tree does not start now, trying again in 30 s: ${why}`);
    await sleep(30_000);
  }
  systemTouched = true;
  await run('bash', [path.join(root, 'infra/scripts/services.sh'), 'stop'], { ...process.env });
  const children: ChildProcess[] = [];
  const begin = (name: string, dir: string, settings: Record<string, string>) => {
    const child = launch(runtimeFor(r, name), dir, { ...settings, ...loadTestSettings }, path.join(logDir, `${name}.log`), { detached: true });
    child.unref();
    fs.writeFileSync(path.join(runDir, `${name}.pid`), `${child.pid}\n`);
    children.push(child);
    return child;
  };
  const list = services.map((s) => ({ ...s, child: begin(s.name, `services/${s.name}`, serviceSettings(s.name, s.port)) }));
  for (const s of list) await waitFor(`http://127.0.0.1:${s.port}/health/live`, 120, s.child);
  const gateway = begin('gateway', 'gateway', gatewaySettings(gatewayPort, 'gateway'));
  await waitFor(`http://127.0.0.1:${gatewayPort}/health/live`, 90, gateway);
  await waitFor(`http://127.0.0.1:${gatewayPort}/api/health`, 120, gateway);
  await sleep(5000);
  return children;
}

interface MixRun { requests: number; seconds: number; failedRate: number; thresholdsHeld: boolean; cpuMs: Record<string, number>; totalMs: number; nodeMs: number }
const k6 = (rate: number, seconds: number, summary: string) =>
  run('bash', [path.join(root, 'infra/scripts/k6.sh'), 'average', '-e', `RATE=${rate}`, '-e', `DURATION=${seconds}s`], { ...process.env, K6_SUMMARY_FILE: summary }, true);

async function measureMix(): Promise<Record<string, MixRun[]>> {
  const extra = fs.readdirSync(runDir).filter((f) => /-\d+\.pid$/.test(f));
  if (extra.length) throw new Error(`mix: more than one instance runs (${extra.join(', ')}); this bench restarts one of each`);
  const rounds = num('MIX_ROUNDS', 3);
  const rate = num('MIX_RATE', 40);
  const seconds = num('MIX_SECONDS', 60);
  const warmup = num('MIX_WARMUP_SECONDS', 20);
  const nodeNames = new Set(['gateway', ...services.map((s) => s.name)]);
  const runs: Record<string, MixRun[]> = { a: [], c: [] };
  kept = keptOnNew();
  if (kept.length) log(`mix: ${kept.join(', ')} cannot start on ${rtA.label}: kept on ${rtC.label} in its rounds`);
  for (let round = 0; round < rounds; round += 1) {
    for (const r of [rtA, rtC]) for (let attempt = 1; ; attempt += 1) { // A B A B …: every restart changes the runtime
      log(`mix round ${round + 1}: the system restarting on ${r.label}`);
      const children = await systemOn(r);
      if (warmup > 0) await k6(rate, warmup, path.join(out, `runtimes-k6-warmup.json`));
      await quiet();
      const summaryFile = path.join(out, `runtimes-k6-${r.key}-${round + 1}.json`);
      const sampler = cpuSampler();
      const t0 = performance.now();
      const { code, stdout } = await k6(rate, seconds, summaryFile);
      const elapsed = (performance.now() - t0) / 1000;
      const cpuMs = Object.fromEntries(sampler.stop());
      const crashed = children.filter(exited);
      // Another engineer may restart a service of the shared system meanwhile: that round is run again (twice at most).
      if (crashed.length && attempt < 3) { log(`mix on ${r.label}: a process exited during the run (restarted by someone?); again`); continue; }
      if (crashed.length) throw new Error(`mix on ${r.label}: ${crashed.length} process(es) exited during the run (see ${logDir})`);
      const metrics = (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as { metrics: Record<string, { values: Record<string, number> }> }).metrics;
      const requests = metrics.http_reqs?.values.count ?? 0;
      if (!requests) throw new Error(`mix on ${r.label}: k6 served no request:\n${stdout}`);
      const totalMs = Object.values(cpuMs).reduce((a, b) => a + b, 0);
      const nodeMs = Object.entries(cpuMs).filter(([name]) => nodeNames.has(name)).reduce((a, [, ms]) => a + ms, 0);
      const result: MixRun = { requests, seconds: elapsed, failedRate: metrics.http_req_failed?.values.rate ?? 0, thresholdsHeld: code === 0, cpuMs, totalMs, nodeMs };
      runs[r.key]!.push(result);
      log(`mix round ${round + 1}: ${r.label} ${requests} requests, ${(totalMs / requests).toFixed(2)} CPU ms each (gateway + services ${(nodeMs / requests).toFixed(2)}), thresholds ${code === 0 ? 'held' : 'missed'}`);
      break;
    }
  }
  return runs;
}

// ---- the run --------------------------------------------------------------------------------------------------

let restoring = false;
async function cleanUp(): Promise<void> {
  await Promise.all([...started].map((c) => stop(c)));
  if (systemTouched && !restoring) {
    restoring = true;
    log('restoring the system as services.sh starts it (services.sh restart)');
    let { code } = await run('bash', [path.join(root, 'infra/scripts/services.sh'), 'restart'], { ...process.env });
    // A tree that does not start (an edit under way): `start` brings up what is not running, for up to 10 minutes.
    for (let attempt = 0; code !== 0 && attempt < 20; attempt += 1) {
      log('the system did not start; trying again in 30 s (services.sh start)');
      await sleep(30_000);
      ({ code } = await run('bash', [path.join(root, 'infra/scripts/services.sh'), 'start'], { ...process.env }));
    }
    if (code !== 0) log('could not restart the services: run infra/scripts/services.sh restart');
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

for (const file of fs.readdirSync(out).filter((f) => /^runtimes-.*\.log$/.test(f))) fs.rmSync(path.join(out, file));
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).length;
log(`${runtimes.map((r) => `(${r.key}) ${r.label} ${r.version} [${r.node} ${argsOf(r).join(' ')}]`).join('; ')}`);
const startedAt = new Date();
const results: {
  start?: Record<string, StartRun[]>;
  floor?: Record<string, FloorRun[]>;
  gateway?: Record<string, GatewayRun[]>;
  mix?: Record<string, MixRun[]>;
} = {};
const failures: string[] = [];
for (const [name, measure] of [['start', measureStart], ['floor', measureFloor], ['gateway', measureGateway], ['mix', measureMix]] as const) {
  if (!measures.includes(name)) continue;
  try {
    log(`${name}…`);
    (results as Record<string, unknown>)[name] = await measure();
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message}`);
    log(`${name} failed: ${(error as Error).stack}`);
  }
}
await cleanUp();
// KEEP_OTHERS=1 with MEASURES naming some: the rest come from the last run's runtimes.json, and the table says when.
const keptFrom: string[] = [];
/** Which run measured each figure (this one, or the one it was kept from). */
const origins: Record<string, { startedAt: string; commit: string }> = Object.fromEntries(
  Object.keys(results).map((name) => [name, { startedAt: startedAt.toISOString(), commit }]),
);
const previousFile = path.join(out, 'runtimes.json');
if (process.env.KEEP_OTHERS === '1' && fs.existsSync(previousFile)) {
  const previous = JSON.parse(fs.readFileSync(previousFile, 'utf8')) as { startedAt: string; commit: string; results: typeof results; origins?: Record<string, { startedAt: string; commit: string }> };
  for (const name of ['start', 'floor', 'gateway', 'mix'] as const) {
    if (measures.includes(name) || !previous.results[name]) continue;
    (results as Record<string, unknown>)[name] = previous.results[name];
    origins[name] = previous.origins?.[name] ?? { startedAt: previous.startedAt, commit: previous.commit };
    keptFrom.push(`${name} from the run of ${origins[name]!.startedAt} (commit ${origins[name]!.commit})`);
  }
}

// ---- the table ------------------------------------------------------------------------------------------------

const keys = ['a', 'b', 'c'] as const;
type Row = { figure: string; values: Partial<Record<(typeof keys)[number], number>>; format: (v: number) => string; perRound?: string };
const rows: Row[] = [];
const med = (list: number[] | undefined) => (list && list.length ? median(list) : undefined);
const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
const fixed = (digits: number) => (v: number) => v.toFixed(digits);
const listOf = (values: number[], format: (v: number) => string) => values.map(format).join(', ');
const pick = <T>(runs: Record<string, T[]> | undefined, f: (x: T) => number, filter: (x: T) => boolean = () => true) =>
  Object.fromEntries(keys.filter((k) => runs?.[k]?.length).map((k) => [k, runs![k]!.filter(filter).map(f)])) as Partial<Record<(typeof keys)[number], number[]>>;
const rowOf = (figure: string, lists: Partial<Record<(typeof keys)[number], number[]>>, format: (v: number) => string) =>
  rows.push({ figure, values: Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, med(l)])), format, perRound: keys.filter((k) => lists[k]?.length).map((k) => `${k}: ${listOf(lists[k]!, format)}`).join('; ') });

if (results.start) {
  rowOf('catalog start: spawn to /health/live 200, ms', pick(results.start, (x) => x.ms), fixed(0));
  rowOf('catalog start: CPU s of its process until then', pick(results.start, (x) => x.cpuS), fixed(2));
}
if (results.floor) {
  for (const service of [...new Set(Object.values(results.floor).flat().map((x) => x.service))]) {
    const read = Object.values(results.floor).flat().find((x) => x.service === service)!.read;
    rowOf(`${service} floor (${read}): service req/s`, pick(results.floor, (x) => x.serviceRps, (x) => x.service === service), fixed(0));
    rowOf(`${service} floor: share of the floor (its floor on Node 26 + tsx each run)`, pick(results.floor, (x) => x.share, (x) => x.service === service), pct);
  }
}
if (results.gateway) {
  rowOf('gateway, signed-in GET /api/favorites: req/s through it', pick(results.gateway, (x) => x.rps), fixed(0));
  rowOf('gateway: share of direct throughput', pick(results.gateway, (x) => x.share), pct);
  rowOf('gateway: p99 added against direct, ms', pick(results.gateway, (x) => x.p99Added), fixed(2));
}
if (results.mix) {
  const rate = num('MIX_RATE', 40);
  const note = kept.length ? ` (in (a) ${kept.join(', ')} on ${rtC.label}: it cannot start on ${rtA.label})` : '';
  rowOf(`mix (k6 average, ${rate} journeys/s, ${num('MIX_SECONDS', 60)} s): CPU ms per request, every system process${note}`, pick(results.mix, (x) => x.totalMs / x.requests), fixed(2));
  rowOf('mix: CPU ms per request, the gateway and the services (the Node processes)', pick(results.mix, (x) => x.nodeMs / x.requests), fixed(2));
  if (kept.length) {
    const moved = (x: MixRun) => Object.entries(x.cpuMs).filter(([name]) => ['gateway', ...services.map((s) => s.name)].includes(name) && !kept.includes(name)).reduce((a, [, ms]) => a + ms, 0);
    rowOf(`mix: CPU ms per request, the Node processes that changed runtime (all but ${kept.join(', ')})`, pick(results.mix, (x) => moved(x) / x.requests), fixed(2));
  }
  rowOf('mix: requests/s served', pick(results.mix, (x) => x.requests / x.seconds), fixed(0));
}
const ratio = (row: Row, top: 'b' | 'c', bottom: 'a' | 'b') => {
  const [t, b] = [row.values[top], row.values[bottom]];
  if (t === undefined || b === undefined) return '—';
  if (row.figure.includes('p99 added')) return `${(t - b >= 0 ? '+' : '')}${(t - b).toFixed(2)} ms`;
  return `${(t / b).toFixed(2)}×`;
};
const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0);
const lines = [
  `Runtimes side by side, ${startedAt.toISOString()} (${seconds} s), commit ${commit}${dirty ? ` with ${dirty} files of others' edits in the tree` : ''}; 1-minute load at each round's start ${loads.length ? `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` : 'n/a'}.`,
  `(a) ${rtA.label} (${rtA.version}, --enable-source-maps --import tsx), (b) ${runtimes[1]!.label} (${runtimes[1]!.version}, the same), (c) ${rtC.label} (${rtC.version}, services.sh's command). Medians over rounds in a turning order; "new/old" is (c)/(a).`,
  ...(keptFrom.length ? [`Kept: ${keptFrom.join('; ')}.`] : []),
  '',
  `| figure | (a) ${rtA.label} | (b) ${runtimes[1]!.label} | (c) ${rtC.label} | new/old (c)/(a) | (b)/(a) runtime | (c)/(b) loader |`,
  '|---|---|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.figure} | ${keys.map((k) => (row.values[k] === undefined ? '—' : row.format(row.values[k]!))).join(' | ')} | **${ratio(row, 'c', 'a')}** | ${ratio(row, 'b', 'a')} | ${ratio(row, 'c', 'b')} |`),
  '',
  'Every round:',
  ...rows.map((row) => `- ${row.figure}: ${row.perRound}`),
];
if (results.mix) {
  const names = [...new Set(Object.values(results.mix).flat().flatMap((x) => Object.keys(x.cpuMs)))];
  const perRequest = (k: 'a' | 'c', name: string) => med(results.mix![k]?.map((x) => (x.cpuMs[name] ?? 0) / x.requests));
  const rowsOf = names.map((name) => ({ name, a: perRequest('a', name), c: perRequest('c', name) })).sort((x, y) => (y.c ?? 0) - (x.c ?? 0));
  lines.push('', 'The mix, CPU ms per request by process (medians):', '', `| process | (a) ${rtA.label} | (c) ${rtC.label} | (c)/(a) |`, '|---|---|---|---|');
  for (const row of rowsOf) lines.push(`| ${row.name} | ${row.a?.toFixed(3) ?? '—'} | ${row.c?.toFixed(3) ?? '—'} | ${row.a && row.c ? `${(row.c / row.a).toFixed(2)}×` : '—'} |`);
  lines.push('', `k6 thresholds held: ${(['a', 'c'] as const).map((k) => `${k}: ${results.mix![k]!.map((x) => (x.thresholdsHeld ? 'yes' : 'no')).join(', ')}`).join('; ')}; failed requests ${(['a', 'c'] as const).map((k) => `${k}: ${results.mix![k]!.map((x) => `${(x.failedRate * 100).toFixed(3)}%`).join(', ')}`).join('; ')}.`);
}
if (failures.length) lines.push('', 'Not measured:', ...failures.map((f) => `- ${f}`));
fs.writeFileSync(path.join(out, 'runtimes.md'), `${lines.join('\n')}\n`);
fs.writeFileSync(path.join(out, 'runtimes.json'), `${JSON.stringify({ startedAt, commit, dirty, runtimes, keptOnNewInMix: kept, keptFrom, origins, loads, results, failures }, null, 2)}\n`);
process.stdout.write(`\n${lines.join('\n')}\n`);
process.exitCode = failures.length ? 1 : 0;
