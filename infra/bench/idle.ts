// Idle cost: CPU used by every process of the running system over a window with no traffic, from
// /proc (utime + stime of each process named by a pid file in .data/run, children included for the
// data stores' helpers). Prints each process's share of one core and the total, and writes
// .data/bench/idle.md.
//   node --import tsx infra/bench/idle.ts [seconds]
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMeter, root, systemProcesses } from './processes.ts';

const seconds = Number(process.argv[2] ?? 60);

const used = cpuMeter(systemProcesses());
await sleep(seconds * 1000);
const rows = [...used()].map(([name, ms]) => ({ name, percent: (100 * ms) / 1000 / seconds }));
rows.sort((a, b) => b.percent - a.percent);
const total = rows.reduce((sum, r) => sum + r.percent, 0);
const lines = [
  `Idle CPU over ${seconds} s (share of one core), ${new Date().toISOString()}`,
  '',
  '| process | % of one core |',
  '|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.percent.toFixed(2)} |`),
  `| **total** | **${total.toFixed(2)}** |`,
];
fs.mkdirSync(path.join(root, '.data/bench'), { recursive: true });
fs.writeFileSync(path.join(root, '.data/bench/idle.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
