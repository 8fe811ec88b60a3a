// The system's cost as a ratio to its stack's own floor, side by side in one run on this machine:
//   1. the realistic mix (infra/k6/journeys.js, `average`) at a fixed rate below capacity, every process of the
//      system sampled from /proc (as idle.ts does), the load generator counted apart: CPU ms per request;
//   2. the floor: a bare Fastify + node-postgres server (service-floor-server.ts) answering its simplest read with
//      the service's own queries, at the mix's concurrency (its requests in flight on average, Little's law:
//      requests/s × mean duration), the floor process and Postgres sampled the same way: CPU ms per request.
// Prints the mix's CPU per request in all and per process, and as a multiple of the floor's; writes
// .data/bench/cost.md and cost.json. The system must be running (`make up`); it restarts with load-test settings
// (infra/scripts/load-test-settings.sh) and afterwards with its own (KEEP_LOAD_TEST_SETTINGS=1 leaves them).
//   node --import tsx infra/bench/cost.ts [journeys/s (40)] [seconds (60)]
//   FLOOR=catalog (the floor's read: catalog GET /api/hotels/1, or engagement, identity…); ROUNDS (1): mix and floor
//   in turns, medians; WARMUP_SECONDS (30) of the mix first, not counted.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMeter, cpuTicks, processTree, root, systemProcesses } from './processes.ts';
import { median } from './stats.ts';

const rate = Number(process.argv[2] ?? 40);
const seconds = Number(process.argv[3] ?? 60);
const rounds = Number(process.env.ROUNDS ?? 1);
const warmup = Number(process.env.WARMUP_SECONDS ?? 30);
const floorName = process.env.FLOOR ?? 'catalog';
const target = 3;
const scripts = path.join(root, 'infra/scripts');
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
execFileSync('bash', ['-c', `source "${scripts}/lib.sh" && apt_install wrk`], { stdio: 'inherit' });

interface Mix { requests: number; rps: number; meanMs: number; failed: number; cpuMs: Map<string, number>; k6CpuMs: number }
interface Floor { requests: number; rps: number; connections: number; cpuMs: Map<string, number> }

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Runs k6's `average` scenario, sampling the system's processes and k6's own apart. */
async function mix(journeysPerSecond: number, duration: number, summaryFile: string): Promise<Mix> {
  const meter = cpuMeter(systemProcesses());
  const k6 = spawn(path.join(scripts, 'k6.sh'), ['average', '-e', `RATE=${journeysPerSecond}`, '-e', `DURATION=${duration}s`, '-e', 'MAX_VUS=600'], {
    env: { ...process.env, K6_SUMMARY_FILE: summaryFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // k6's CPU: its process tree, read just before it exits (a child's ticks are lost once it is reaped).
  let k6Ticks = 0;
  const k6Sampler = setInterval(() => {
    try {
      const ticks = processTree(k6.pid!).reduce((total, pid) => total + cpuTicks(pid), 0);
      k6Ticks = Math.max(k6Ticks, ticks);
    } catch {
      // a process of the tree ended meanwhile
    }
  }, 500);
  await new Promise((resolve) => k6.on('exit', resolve));
  clearInterval(k6Sampler);
  const cpuMs = meter();
  const metrics = JSON.parse(fs.readFileSync(summaryFile, 'utf8')).metrics;
  return {
    requests: metrics.http_reqs.values.count,
    rps: metrics.http_reqs.values.rate,
    meanMs: metrics.http_req_duration.values.avg,
    failed: metrics.http_req_failed.values.rate,
    cpuMs,
    k6CpuMs: k6Ticks * 10,
  };
}

const dbUrl = (service: string) => `postgres://${service}@${process.env.PGHOST ?? '127.0.0.1'}:${process.env.PGPORT ?? 5432}/${process.env.PGDATABASE ?? 'reproute'}`;

/** The floor server on its read, under wrk at this many connections, for as long as the mix ran. */
async function floor(connections: number, duration: number): Promise<Floor> {
  const { floorReads } = await import('./service-floor-reads.ts');
  const read = floorReads.find((r) => r.service === floorName);
  if (!read) throw new Error(`FLOOR names one of ${floorReads.map((r) => r.service).join(', ')}`);
  if (read.caller) throw new Error(`FLOOR=${floorName}: the cost's floor is a public read (catalog)`);
  const port = 8094;
  const log = fs.openSync(path.join(out, 'cost-floor.log'), 'w');
  const server = spawn('node', [path.join(root, 'infra/bench/service-floor-server.ts')], {
    cwd: root,
    env: { ...process.env, FLOOR: read.service, PORT: String(port), DATABASE_URL: dbUrl(read.service), DB_SCHEMA: read.service, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  });
  try {
    const url = `http://127.0.0.1:${port}${read.path}`;
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 120) throw new Error('the floor server did not answer');
      await sleep(500);
    }
    execFileSync('wrk', ['-t1', `-c${connections}`, '-d3s', url], { stdio: 'ignore' }); // warm-up
    const postgres = systemProcesses().get('postgres') ?? [];
    const meter = cpuMeter(new Map([['floor server', processTree(server.pid!)], ['postgres', postgres]]));
    const text = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, url], { encoding: 'utf8' });
    const cpuMs = meter();
    if (/Non-2xx or 3xx responses/.test(text)) throw new Error(`the floor answered errors:\n${text}`);
    const requests = Number(/(\d+) requests in/.exec(text)?.[1]);
    return { requests, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]), connections, cpuMs };
  } finally {
    server.kill('SIGTERM');
    await sleep(1000);
  }
}

const restore = () => {
  if (process.env.KEEP_LOAD_TEST_SETTINGS === '1') return;
  execFileSync(path.join(scripts, 'load-test-settings.sh'), ['off'], { stdio: 'inherit' });
};
execFileSync(path.join(scripts, 'load-test-settings.sh'), ['on'], { stdio: 'inherit' });
const mixes: Mix[] = [];
const floors: Floor[] = [];
try {
  if (warmup > 0) {
    process.stdout.write(`warming up: the mix at ${rate} journeys/s for ${warmup} s (not counted)\n`);
    await mix(rate, warmup, path.join(out, 'cost-warmup.json'));
  }
  for (let round = 0; round < rounds; round += 1) {
    process.stdout.write(`round ${round + 1}: the mix at ${rate} journeys/s for ${seconds} s…\n`);
    const m = await mix(rate, seconds, path.join(out, `cost-mix-${round + 1}.json`));
    mixes.push(m);
    const connections = Math.max(1, Math.round((m.rps * m.meanMs) / 1000));
    process.stdout.write(`round ${round + 1}: the floor at ${connections} connections for ${seconds} s…\n`);
    floors.push(await floor(connections, seconds));
  }
} finally {
  restore();
}

const perRequest = (m: Mix) => sum(m.cpuMs) / m.requests;
const floorPerRequest = (f: Floor) => sum(f.cpuMs) / f.requests;
const multiples = mixes.map((m, i) => perRequest(m) / floorPerRequest(floors[i]!));
const pick = median(multiples);
const at = multiples.indexOf(pick);
const m = mixes[at]!;
const f = floors[at]!;
const names = [...m.cpuMs.keys()].sort((a, b) => m.cpuMs.get(b)! - m.cpuMs.get(a)!);
const lines = [
  `The mix at ${rate} journeys/s for ${seconds} s against the ${floorName} floor, ${rounds} round(s) (the median round shown), ${new Date().toISOString()}`,
  '',
  `Mix: ${m.requests} requests (${m.rps.toFixed(0)}/s, mean ${m.meanMs.toFixed(1)} ms, ${(m.failed * 100).toFixed(3)}% failed); the system used ${(sum(m.cpuMs) / 10 / seconds).toFixed(1)}% of one core, **${perRequest(m).toFixed(3)} ms of CPU per request** (k6 another ${(m.k6CpuMs / m.requests).toFixed(3)} ms).`,
  `Floor: ${f.requests} requests (${f.rps.toFixed(0)}/s at ${f.connections} connections), **${floorPerRequest(f).toFixed(3)} ms of CPU per request** (floor server ${(f.cpuMs.get('floor server')! / f.requests).toFixed(3)}, Postgres ${(f.cpuMs.get('postgres')! / f.requests).toFixed(3)}).`,
  '',
  `**The mix costs ${pick.toFixed(2)}× the floor's CPU per request** (target at most ${target}×: ${pick <= target ? 'met' : 'missed'})${rounds > 1 ? `; per round ${multiples.map((x) => `${x.toFixed(2)}×`).join(', ')}` : ''}.`,
  '',
  '| process | % of one core | CPU ms per mix request | share |',
  '|---|---|---|---|',
  ...names.map((n) => `| ${n} | ${(m.cpuMs.get(n)! / 10 / seconds).toFixed(1)} | ${(m.cpuMs.get(n)! / m.requests).toFixed(3)} | ${((100 * m.cpuMs.get(n)!) / sum(m.cpuMs)).toFixed(1)}% |`),
  `| **all** | **${(sum(m.cpuMs) / 10 / seconds).toFixed(1)}** | **${perRequest(m).toFixed(3)}** | 100% |`,
];
fs.writeFileSync(path.join(out, 'cost.md'), `${lines.join('\n')}\n`);
fs.writeFileSync(
  path.join(out, 'cost.json'),
  JSON.stringify({ rate, seconds, floor: floorName, multiples, mixes: mixes.map((x) => ({ ...x, cpuMs: Object.fromEntries(x.cpuMs) })), floors: floors.map((x) => ({ ...x, cpuMs: Object.fromEntries(x.cpuMs) })) }, null, 2),
);
process.stdout.write(`${lines.join('\n')}\n`);
