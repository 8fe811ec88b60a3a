// Gateway overhead, measured side by side in one run on this machine: the same read straight to the
// catalog service, through the gateway, through nginx (Debian) as a reverse proxy in front of the same
// service, through a minimal Node.js proxy (infra/bench/minimal-proxy.ts: what Node itself costs) and through the
// same proxy on Fastify (infra/bench/fastify-proxy.ts: what the framework adds).
// Each proxy's CPU per request is read from /proc over its run (the proxy's own process tree; the service behind
// is not counted), so the gateway's cost reads against the minimal proxy's as a multiple.
// Uses wrk. Writes a Markdown table to .data/bench/gateway-overhead.md.
//   node --import tsx infra/bench/gateway-overhead.ts [path] [seconds] [connections]
// A signed-in read (the seeded traveller's token on every request, so the gateway verifies and
// screens it): node --import tsx infra/bench/gateway-overhead.ts /api/favorites 20 16 --signed-in
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceForPath } from '../../gateway/src/routes.ts';
import { median } from './stats.ts';
import { cpuMeter, processTree } from './processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// wrk and nginx from Debian's packages, installed on first use.
execFileSync('bash', ['-c', `source "${root}/infra/scripts/lib.sh" && apt_install wrk nginx`], { stdio: 'inherit' });
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const signedIn = process.argv.includes('--signed-in');
const target = args[0] ?? '/api/hotels/1';
const seconds = Number(args[1] ?? 20);
const connections = Number(args[2] ?? 32);
// The service that answers the path, as the gateway's route table says.
const service = serviceForPath(target);
if (!service) throw new Error(`no service answers ${target}`);
const servicePort = Number((process.env.SERVICES ?? '').split(' ').find((s) => s.startsWith(`${service}:`))?.split(':')[1] ?? 0);
if (!servicePort) throw new Error(`no port for ${service} in SERVICES (source infra/env.sh)`);
const direct = `http://127.0.0.1:${servicePort}`;
const nginxPort = 8091;
const gatewayPort = 8090;
const minimalPort = 8093;
const fastifyPort = 8094;

function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      execFileSync('curl', ['-fsS', '-o', '/dev/null', ...headerArgs, url]);
      return;
    } catch {
      execFileSync('sleep', ['0.5']);
    }
  }
  throw new Error(`${url} did not answer`);
}

interface Result { name: string; rps: number; p50: number; p90: number; p99: number; cpuMsPerRequest: number }

function toMs(value: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(value);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

let headerArgs: string[] = [];
if (signedIn) {
  const res = await fetch(`http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.SEED_TRAVELLER_EMAIL ?? 'traveller@reproute.example', password: process.env.SEED_TRAVELLER_PASSWORD ?? 'Traveller!2345' }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`could not sign in the seeded traveller (${res.status})`);
  headerArgs = ['-H', `Authorization: Bearer ${token}`];
}

function wrk(name: string, url: string, proxyPid: number | undefined): Result {
  execFileSync('wrk', ['-t1', '-c8', '-d3s', ...headerArgs, url], { stdio: 'ignore' }); // warm-up
  const meter = proxyPid ? cpuMeter(new Map([[name, processTree(proxyPid)]])) : undefined;
  const text = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url], { encoding: 'utf8' });
  const cpuMs = meter ? meter().get(name)! : NaN;
  const requests = Number(/(\d+) requests in/.exec(text)?.[1]);
  const pct = (p: string) => toMs(new RegExp(`\\s${p}%\\s+(\\S+)`).exec(text)?.[1] ?? '');
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  if (non2xx) throw new Error(`${name}: ${non2xx[1]} error answers during the run`);
  return { name, rps, p50: pct('50'), p90: pct('90'), p99: pct('99'), cpuMsPerRequest: cpuMs / requests };
}

// nginx in front of the catalog, with upstream keep-alive as a production config would have.
const nginxDir = path.join(out, 'nginx');
fs.mkdirSync(path.join(nginxDir, 'logs'), { recursive: true });
fs.writeFileSync(
  path.join(nginxDir, 'nginx.conf'),
  `worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  upstream service { server 127.0.0.1:${servicePort}; keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location / { proxy_pass http://service; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header X-Forwarded-For $remote_addr; }
  }
}
`,
);
execFileSync('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')]);

// Spans are made for the sampled share but not exported (no collector skews the run): the endpoint is unset.
const { OTEL_EXPORTER_OTLP_ENDPOINT: _exported, ...benchEnv } = process.env;
// A second gateway instance with the production code and a rate limit high enough not to interfere.
// GATEWAY_NODE_FLAGS='--cpu-prof --cpu-prof-dir=…' profiles the gateway under the load (written when it stops).
// Started as infra/scripts/services.sh starts it (Node's own type stripping, the telemetry preload), in production mode.
const gateway = spawn('node', [...(process.env.GATEWAY_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--no-experimental-webstorage', '--import', '@reproute/platform/telemetry', 'src/main.ts'], {
  cwd: path.join(root, 'gateway'),
  // Instrumented like the real gateway; spans are made but not exported, so no collector skews the run. Its
  // memory for public reads is off (PUBLIC_CACHE_TTL_MS=0): nginx here keeps nothing either, and a kept answer
  // would measure the memory instead of the hop (the default path, a hotel, is such a read).
  env: {
    ...benchEnv,
    SERVICE_NAME: 'gateway-bench',
    PORT: String(gatewayPort),
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_NAMESPACE: 'ratelimit:gateway-bench:',
    // As the chart deploys it: info logs (a line per request), production's trace sampling (0.1).
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    TRACE_SAMPLE_RATIO: process.env.BENCH_TRACE_SAMPLE_RATIO ?? '0.1',
    PUBLIC_CACHE_TTL_MS: '0',
  },
  stdio: 'ignore',
});

const minimal = spawn('node', [path.join(root, 'infra/bench/minimal-proxy.ts')], {
  env: { ...process.env, UPSTREAM: direct, PORT: String(minimalPort) },
  stdio: 'ignore',
});

const fastifyProxy = spawn('node', [path.join(root, 'infra/bench/fastify-proxy.ts')], {
  env: { ...process.env, UPSTREAM: direct, PORT: String(fastifyPort) },
  stdio: 'ignore',
});

try {
  waitFor(`${direct}${target}`);
  waitFor(`http://127.0.0.1:${minimalPort}${target}`);
  waitFor(`http://127.0.0.1:${fastifyPort}${target}`);
  waitFor(`http://127.0.0.1:${nginxPort}${target}`);
  waitFor(`http://127.0.0.1:${gatewayPort}${target}`);
  // Rounds, each path once per round in a turning order, so a slow spell of this shared machine falls on every
  // path alike; each path's figures are its medians over the rounds, and each round's ratios are listed too.
  const rounds = Number(process.env.ROUNDS ?? 3);
  const nginxPid = Number(fs.readFileSync(path.join(nginxDir, 'nginx.pid'), 'utf8').trim());
  const paths: [string, string, number | undefined][] = [
    [`direct to ${service}`, `${direct}${target}`, undefined],
    ['through the gateway', `http://127.0.0.1:${gatewayPort}${target}`, gateway.pid],
    ['through nginx', `http://127.0.0.1:${nginxPort}${target}`, nginxPid],
    ['through a minimal Node proxy', `http://127.0.0.1:${minimalPort}${target}`, minimal.pid],
    ['through the same proxy on Fastify', `http://127.0.0.1:${fastifyPort}${target}`, fastifyProxy.pid],
  ];
  const runs: Result[][] = paths.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < paths.length; step += 1) {
      const index = (round + step) % paths.length;
      const [name, url, pid] = paths[index]!;
      runs[index]!.push(wrk(name, url, pid));
    }
  }
  const results: Result[] = runs.map((list) => ({
    name: list[0]!.name,
    rps: median(list.map((r) => r.rps)),
    p50: median(list.map((r) => r.p50)),
    p90: median(list.map((r) => r.p90)),
    p99: median(list.map((r) => r.p99)),
    cpuMsPerRequest: median(list.map((r) => r.cpuMsPerRequest)),
  }));
  const [d, g, n, m, f] = results as [Result, Result, Result, Result, Result];
  const perRound = runs[0]!.map((direct, round) =>
    `round ${round + 1}: direct ${direct.rps.toFixed(0)} req/s, gateway ${(runs[1]![round]!.rps / direct.rps * 100).toFixed(0)}%, nginx ${(runs[2]![round]!.rps / direct.rps * 100).toFixed(0)}%, minimal Node proxy ${(runs[3]![round]!.rps / direct.rps * 100).toFixed(0)}%`,
  );
  const lines = [
    `GET ${target}${signedIn ? ' (signed in)' : ''}, wrk 2 threads × ${connections} connections × ${seconds} s, ${rounds} rounds (medians), ${new Date().toISOString()}`,
    '',
    '| path | req/s | p50 ms | p90 ms | p99 ms | throughput vs direct | p99 added vs direct | proxy CPU ms per request |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p90.toFixed(2)} | ${r.p99.toFixed(2)} | ${(r.rps / d.rps * 100).toFixed(0)}% | ${(r.p99 - d.p99).toFixed(2)} ms | ${Number.isNaN(r.cpuMsPerRequest) ? '—' : r.cpuMsPerRequest.toFixed(3)} |`),
    '',
    `**Against the minimal Node proxy: the gateway's CPU per request ${(g.cpuMsPerRequest / m.cpuMsPerRequest).toFixed(2)}× (target ≤ 1.2×), its throughput ${(g.rps / m.rps * 100).toFixed(0)}% (target ≥ 90%), its p99 ${(g.p99 - m.p99).toFixed(2)} ms above (target ≤ 2 ms).**`,
    `Gateway keeps ${(g.rps / d.rps * 100).toFixed(0)}% of direct throughput; nginx keeps ${(n.rps / d.rps * 100).toFixed(0)}%; a minimal Node proxy ${(m.rps / d.rps * 100).toFixed(0)}%, and the gateway ${(g.rps / m.rps * 100).toFixed(0)}% of that.`,
    `Added latency against direct: p50 gateway ${(g.p50 - d.p50).toFixed(2)} ms, nginx ${(n.p50 - d.p50).toFixed(2)} ms; p99 gateway ${(g.p99 - d.p99).toFixed(2)} ms, nginx ${(n.p99 - d.p99).toFixed(2)} ms.`,
    `Gateway p99 against nginx p99: ${(g.p99 / n.p99).toFixed(2)}×.`,
    `CPU per request against the minimal proxy: the same proxy on Fastify ${(f.cpuMsPerRequest / m.cpuMsPerRequest).toFixed(2)}× (the framework), the gateway ${(g.cpuMsPerRequest / f.cpuMsPerRequest).toFixed(2)}× that (its own request path).`,
    '',
    ...perRound,
  ];
  fs.writeFileSync(path.join(out, 'gateway-overhead.md'), `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  gateway.kill('SIGTERM');
  minimal.kill('SIGTERM');
  fastifyProxy.kill('SIGTERM');
  try {
    execFileSync('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-s', 'stop']);
  } catch {
    // already stopped
  }
}
