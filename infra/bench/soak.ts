// A soak: the realistic mix (infra/k6/journeys.js, `average`) at a steady rate for half an hour, as consecutive
// five-minute k6 runs, so each window has its own p95 per group, and beside it a series every SAMPLE_SECONDS of
// every process's resident memory and open file descriptors (/proc), its heap (processes.ts, heapMb) and of every table's rows and bytes
// (pg_stat_user_tables; retention must keep them bounded). Prints and writes .data/bench/soak.md and soak.json,
// with the verdicts: every group's p95 in the last window at most 1.25x the first, no error, memory and file
// descriptors flat over the second half (growth in the last windows against the middle: under 10%), and which
// tables grow how fast. The system must be running (`make up`); it restarts with load-test settings
// (infra/scripts/load-test-settings.sh) and afterwards with its own (KEEP_LOAD_TEST_SETTINGS=1 leaves them).
//   node --import tsx infra/bench/soak.ts [journeys/s (70% of the capacity k6-capacity.sh finds)] [minutes (30)]
//   WINDOW_MINUTES (5), SAMPLE_SECONDS (30)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { heapMb, memoryAndFiles, root, systemProcesses } from './processes.ts';

const rate = Number(process.argv[2] ?? 20);
const minutes = Number(process.argv[3] ?? 30);
const windowMinutes = Number(process.env.WINDOW_MINUTES ?? 5);
const sampleSeconds = Number(process.env.SAMPLE_SECONDS ?? 30);
const windows = Math.max(2, Math.round(minutes / windowMinutes));
const scripts = path.join(root, 'infra/scripts');
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });

interface Window { index: number; requests: number; rps: number; failed: number; p95: Record<string, number> }
interface Sample { at: number; processes: Record<string, { rssMb: number; fds: number; heapMb?: number }>; tables: Record<string, { rows: number; bytes: number }> }

// Table sizes read as the superuser the local data folder trusts (every schema's tables).
const db = new pg.Client({ host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), database: process.env.PGDATABASE ?? 'reproute', user: process.env.PGUSER ?? 'postgres' });
await db.connect();

async function sample(started: number): Promise<Sample> {
  const processes: Sample['processes'] = {};
  for (const [name, pids] of systemProcesses()) {
    // The process itself (a Node process, Kafka's JVM) plus its children (Postgres backends).
    const parts = pids.map(memoryAndFiles);
    processes[name] = { rssMb: parts.reduce((a, p) => a + p.rssMb, 0), fds: parts.reduce((a, p) => a + p.fds, 0), heapMb: await heapMb(pids[0]!) };
  }
  const { rows } = await db.query<{ name: string; rows: string; bytes: string }>(
    `SELECT schemaname || '.' || relname AS name, n_live_tup AS rows, pg_total_relation_size(relid) AS bytes FROM pg_stat_user_tables`,
  );
  const tables = Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), bytes: Number(r.bytes) }]));
  return { at: (Date.now() - started) / 1000, processes, tables };
}

function window(index: number): Promise<Window> {
  const summary = path.join(out, `soak-window-${index + 1}.json`);
  fs.rmSync(summary, { force: true });
  return new Promise((resolve, reject) => {
    const k6 = spawn(path.join(scripts, 'k6.sh'), ['average', '-e', `RATE=${rate}`, '-e', `DURATION=${windowMinutes * 60}s`, '-e', 'MAX_VUS=600'], {
      env: { ...process.env, K6_SUMMARY_FILE: summary },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    k6.on('exit', () => {
      if (!fs.existsSync(summary)) return reject(new Error(`k6 wrote no summary for window ${index + 1}`));
      const metrics = JSON.parse(fs.readFileSync(summary, 'utf8')).metrics as Record<string, { values: Record<string, number> }>;
      const p95 = Object.fromEntries(
        Object.entries(metrics)
          .filter(([name]) => name.startsWith('http_req_duration{group:::'))
          .map(([name, metric]) => [name.slice('http_req_duration{group:::'.length, -1), metric.values['p(95)']!]),
      );
      resolve({ index, requests: metrics.http_reqs!.values.count!, rps: metrics.http_reqs!.values.rate!, failed: metrics.http_req_failed!.values.rate!, p95 });
    });
  });
}

execFileSync(path.join(scripts, 'load-test-settings.sh'), ['on'], { stdio: 'inherit' });
const started = Date.now();
const samples: Sample[] = [await sample(started)];
const timer = setInterval(() => void sample(started).then((s) => samples.push(s)), sampleSeconds * 1000);
const results: Window[] = [];
try {
  for (let i = 0; i < windows; i += 1) {
    process.stdout.write(`window ${i + 1} of ${windows}: ${rate} journeys/s for ${windowMinutes} min…\n`);
    results.push(await window(i));
  }
} finally {
  clearInterval(timer);
  samples.push(await sample(started));
  await db.end();
  if (process.env.KEEP_LOAD_TEST_SETTINGS !== '1') execFileSync(path.join(scripts, 'load-test-settings.sh'), ['off'], { stdio: 'inherit' });
}

const first = results[0]!;
const last = results.at(-1)!;
const groups = Object.keys(first.p95).sort();
const ratio = (g: string) => (last.p95[g] ?? NaN) / (first.p95[g] ?? NaN);
const failedAny = results.some((w) => w.failed > 0);
// Memory and descriptors: the mean of the last quarter of samples against the samples around the middle.
const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * (samples.length - 1)))]!;
const mid = at(0.5);
const end = samples.at(-1)!;
const processNames = Object.keys(end.processes).sort();
const growth = (a: number, b: number) => (a > 0 ? (b - a) / a : 0);
const tableNames = Object.keys(end.tables).filter((t) => (end.tables[t]!.rows ?? 0) > 0 || (samples[0]!.tables[t]?.rows ?? 0) > 0).sort((a, b) => end.tables[b]!.bytes - end.tables[a]!.bytes);
const hours = (end.at - mid.at) / 3600;
/** A process's lowest heap sample in each window (windows follow one another from the first sample on). */
const heapFloors = (name: string) =>
  results.map((_w, i) => {
    const inWindow = samples.filter((x) => x.at >= i * windowMinutes * 60 && x.at < (i + 1) * windowMinutes * 60 && x.processes[name]?.heapMb !== undefined);
    return inWindow.length > 0 ? Math.min(...inWindow.map((x) => x.processes[name]!.heapMb!)) : undefined;
  });
const lines = [
  `Soak: the mix at ${rate} journeys/s for ${windows} windows of ${windowMinutes} min, ${new Date(started).toISOString()}`,
  '',
  `| window | requests/s | failed | ${groups.map((g) => `p95 ${g} ms`).join(' | ')} |`,
  `|---|---|---|${groups.map(() => '---').join('|')}|`,
  ...results.map((w) => `| ${w.index + 1} | ${w.rps.toFixed(0)} | ${(w.failed * 100).toFixed(3)}% | ${groups.map((g) => (w.p95[g] ?? NaN).toFixed(1)).join(' | ')} |`),
  `| last ÷ first | | | ${groups.map((g) => `**${ratio(g).toFixed(2)}×**`).join(' | ')} |`,
  '',
  `p95 of the last window within 1.25× the first for every group: ${groups.every((g) => ratio(g) <= 1.25) ? 'yes' : `no (${groups.filter((g) => ratio(g) > 1.25).join(', ')})`}; errors: ${failedAny ? results.map((w) => `${(w.failed * 100).toFixed(3)}%`).join(', ') : 'none'}.`,
  '',
  '| process | resident MB start / middle / end | growth, second half | open files start / middle / end |',
  '|---|---|---|---|',
  ...processNames.map((n) => {
    const s = samples[0]!.processes[n];
    const m = mid.processes[n];
    const e = end.processes[n]!;
    return `| ${n} | ${s?.rssMb.toFixed(0) ?? '—'} / ${m?.rssMb.toFixed(0) ?? '—'} / ${e.rssMb.toFixed(0)} | ${m ? `${(growth(m.rssMb, e.rssMb) * 100).toFixed(1)}%` : '—'} | ${s?.fds ?? '—'} / ${m?.fds ?? '—'} / ${e.fds} |`;
  }),
  '',
  `Heap used (Node: V8's, Kafka: the JVM's), the lowest sample of each ${windowMinutes}-minute window (what survives collections), MB:`,
  '',
  `| process | ${results.map((w) => `window ${w.index + 1}`).join(' | ')} | last ÷ first |`,
  `|---|${results.map(() => '---').join('|')}|---|`,
  ...processNames
    .filter((n) => samples.some((x) => x.processes[n]?.heapMb !== undefined))
    .map((n) => {
      const floors = heapFloors(n);
      const ends = floors.filter((f) => f !== undefined);
      return `| ${n} | ${floors.map((f) => f?.toFixed(0) ?? '—').join(' | ')} | ${ends.length > 1 ? `${(ends.at(-1)! / ends[0]!).toFixed(2)}×` : '—'} |`;
    }),
  '',
  '| table | rows start / end | MB start / end | rows per hour, second half |',
  '|---|---|---|---|',
  ...tableNames.slice(0, 25).map((t) => {
    const s = samples[0]!.tables[t];
    const e = end.tables[t]!;
    const m = mid.tables[t];
    return `| ${t} | ${s?.rows ?? 0} / ${e.rows} | ${((s?.bytes ?? 0) / 1e6).toFixed(1)} / ${(e.bytes / 1e6).toFixed(1)} | ${m && hours > 0 ? ((e.rows - m.rows) / hours).toFixed(0) : '—'} |`;
  }),
];
fs.writeFileSync(path.join(out, 'soak.md'), `${lines.join('\n')}\n`);
fs.writeFileSync(path.join(out, 'soak.json'), JSON.stringify({ rate, windowMinutes, results, samples }, null, 2));
process.stdout.write(`${lines.join('\n')}\n`);
