// The running system's processes and the CPU each has used, from /proc: every process named by a pid file in
// .data/run and its descendants (Postgres backends, Kafka's JVM, the data stores' helpers), and Postgres by its
// postmaster. infra/bench/idle.ts, cost.ts and soak.ts read the system through this.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The stack's state folder (REPROUTE_DATA, as infra/env.sh sets it for STACK=NAME), .data by default.
const data = process.env.REPROUTE_DATA ?? path.join(root, '.data');
const runDir = path.join(data, 'run');
export const ticksPerSecond = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone meanwhile
  }
}

/** A process and all its descendants. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = (p: number): number[] => [p, ...(children.get(p) ?? []).flatMap(tree)];
  return tree(pid);
}

/** The system's processes by name (the pid file's name; `postgres` for the database), each with its tree. */
export function systemProcesses(): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  const roots: [string, number][] = [];
  for (const file of fs.readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
    roots.push([file.replace(/\.pid$/, ''), Number(fs.readFileSync(path.join(runDir, file), 'utf8').trim())]);
  }
  // Postgres writes no pid file into .data/run: its postmaster is found by its data folder.
  const postmaster = path.join(data, 'pg/postmaster.pid');
  if (fs.existsSync(postmaster)) roots.push(['postgres', Number(fs.readFileSync(postmaster, 'utf8').split('\n')[0])]);
  for (const [name, pid] of roots) if (pid > 0 && fs.existsSync(`/proc/${pid}`)) byName.set(name, processTree(pid));
  return byName;
}

/** CPU ticks (user + system) a process has used so far; 0 once it is gone. */
export function cpuTicks(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** Starts counting the CPU of these named process groups; the function returned gives each one's CPU ms since. */
export function cpuMeter(groups: Map<string, number[]>): () => Map<string, number> {
  // Backends Postgres starts later (new connections) are counted from their first tick by re-reading the tree.
  const start = new Map([...groups].map(([name, pids]) => [name, new Map(pids.map((pid) => [pid, cpuTicks(pid)]))]));
  return () =>
    new Map(
      [...groups].map(([name, pids]) => {
        const begun = start.get(name)!;
        const now = [...new Set([...pids, ...processTree(pids[0]!)])];
        const ticks = now.reduce((sum, pid) => sum + Math.max(0, cpuTicks(pid) - (begun.get(pid) ?? 0)), 0);
        return [name, (ticks * 1000) / ticksPerSecond];
      }),
    );
}

/** Resident heap and open file descriptors of a process, for series over a long run. */
export function memoryAndFiles(pid: number): { rssMb: number; fds: number } {
  let rssMb = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    // gone
  }
  let fds = 0;
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    // gone
  }
  return { rssMb, fds };
}

/**
 * The heap a process uses, MB: a Node process's from its ops port's /metrics (prom-client's
 * nodejs_heap_size_used_bytes; the ops port is OPS_PORT, else PORT + 50, read from the process's environment),
 * the JVM's (Kafka) from jstat (survivor, eden and old generations used). Undefined for the rest (Postgres,
 * Redis: their resident memory is the figure) and while a process does not answer.
 */
export async function heapMb(pid: number): Promise<number | undefined> {
  let environment: Map<string, string>;
  let command: string;
  try {
    environment = new Map(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return undefined; // gone
  }
  if (path.basename(command) === 'java') {
    try {
      const [head, values] = execFileSync('jstat', ['-gc', String(pid)], { encoding: 'utf8', timeout: 5_000 }).trim().split('\n').map((line) => line.trim().split(/\s+/));
      const used = ['S0U', 'S1U', 'EU', 'OU'].reduce((sum, column) => sum + Number(values![head!.indexOf(column)] ?? 0), 0);
      return used / 1024;
    } catch {
      return undefined;
    }
  }
  const port = Number(environment.get('OPS_PORT') ?? Number(environment.get('PORT') ?? 0) + 50);
  if (!path.basename(command).startsWith('node') || !(port > 50)) return undefined;
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const used = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
    return used === undefined ? undefined : Number(used) / 1e6;
  } catch {
    return undefined;
  }
}
