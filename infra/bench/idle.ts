// Idle cost: CPU used by every process of the running system over a window with no traffic, from
// /proc (utime + stime of each process named by a pid file in .data/run, children included for the
// data stores' helpers). Prints each process's share of one core and the total, and writes
// .data/bench/idle.md.
//   node --import tsx infra/bench/idle.ts [seconds]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runDir = path.join(root, '.data/run');
const seconds = Number(process.argv[2] ?? 60);
const ticksPerSecond = 100; // USER_HZ on Linux

/** Every process of the system: the pid files' processes and their descendants (Postgres backends, Kafka's JVM). */
function processes(): Map<string, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = (pid: number): number[] => [pid, ...(children.get(pid) ?? []).flatMap(tree)];
  const byName = new Map<string, number[]>();
  for (const file of fs.readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
    const pid = Number(fs.readFileSync(path.join(runDir, file), 'utf8').trim());
    if (pid > 0 && fs.existsSync(`/proc/${pid}`)) byName.set(file.replace(/\.pid$/, ''), tree(pid));
  }
  // Postgres writes no pid file into .data/run: its postmaster is found by its data folder.
  const postmaster = path.join(root, '.data/pg/postmaster.pid');
  if (fs.existsSync(postmaster)) {
    const pid = Number(fs.readFileSync(postmaster, 'utf8').split('\n')[0]);
    if (pid > 0 && fs.existsSync(`/proc/${pid}`)) byName.set('postgres', tree(pid));
  }
  return byName;
}

function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0;
  }
}

const watched = processes();
const before = new Map([...watched].map(([name, pids]) => [name, pids.map((pid) => [pid, cpuTicks(pid)] as const)]));
await sleep(seconds * 1000);
const rows = [...before].map(([name, pids]) => {
  const used = pids.reduce((sum, [pid, start]) => sum + Math.max(0, cpuTicks(pid) - start), 0);
  return { name, percent: (100 * used) / ticksPerSecond / seconds };
});
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
