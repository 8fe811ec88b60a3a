// The idle cost of watching the event loop for load shedding, side by side in one run: three idle
// processes for the same wall time, each an HTTP server with no traffic, measuring only their own CPU
// (process.cpuUsage, so other load on the machine does not count):
//   none       — no watcher (the floor);
//   histogram  — what @fastify/under-pressure did: a 10 ms event-loop delay histogram plus a 250 ms sample timer;
//   sampler    — the platform's EventLoopDelay (services/platform/src/load-shedding.ts), idle: two samples a second.
//   node --import tsx infra/bench/idle-shedding.ts [seconds]
import { spawn } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventLoopDelay } from '../../services/platform/src/load-shedding.ts';

const seconds = Number(process.argv[2] ?? 30);
const mode = process.argv[3];

if (mode) {
  // A child: listen, watch the loop as asked, idle, then report CPU used.
  const server = http.createServer((_req, res) => res.end('ok')).listen(0, '127.0.0.1');
  if (mode === 'histogram') {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const timer = setTimeout(function sample() {
      process.memoryUsage();
      histogram.reset();
      timer.refresh();
    }, 250);
  } else if (mode === 'sampler') {
    new EventLoopDelay().start();
  }
  const before = process.cpuUsage();
  await sleep(seconds * 1000);
  const used = process.cpuUsage(before);
  process.stdout.write(JSON.stringify({ mode, cpuMs: (used.user + used.system) / 1000 }));
  server.close();
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const runs = await Promise.all(
  ['none', 'histogram', 'sampler'].map(
    (name) =>
      new Promise<{ mode: string; cpuMs: number }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', self, String(seconds), name], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} exited ${code}`))));
      }),
  ),
);
console.log(`idle for ${seconds} s, CPU of each process (share of one core):`);
for (const run of runs) console.log(`  ${run.mode.padEnd(10)} ${run.cpuMs.toFixed(0).padStart(6)} ms  ${((run.cpuMs / (seconds * 1000)) * 100).toFixed(3)}%`);
