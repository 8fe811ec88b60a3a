/**
 * Where the system under test runs: the addresses infra/env.sh gives it. A named STACK (the test
 * command runs the fault tests on their own) moves every port by STACK_PORT_OFFSET and keeps its
 * state in its own data folder; these read the same variables, so a test follows the stack it was
 * started for, and the scripts it runs (stop Kafka, restart a service) act on that stack only.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayProcess, servicePort, type BackEndName } from '@reproute/contracts';
import { opsPortOffset } from '../deployment-settings.ts';

const env = process.env;
const offset = Number(env.STACK_PORT_OFFSET ?? 0);
const port = (variable: string, base: number) => Number(env[variable] ?? base + offset);
/** name:port pairs from SERVICES (infra/env.sh), when the runner was started with it. */
const servicePorts = new Map((env.SERVICES ?? '').split(/\s+/).filter(Boolean).map((pair) => [pair.split(':')[0]!, Number(pair.split(':')[1])]));

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A back-end process (contracts' services table), the notifier included. */
export type ServiceName = BackEndName;

export const stack = {
  name: env.STACK ?? 'main',
  /** .data of the repository, or the stack's own folder (logs/, run/ with pid files). */
  dataDir: env.REPROUTE_DATA ?? path.join(repoRoot, '.data'),
  gatewayPort: port('GATEWAY_PORT', gatewayProcess.port),
  gatewayUrl: env.GATEWAY_URL ?? `http://127.0.0.1:${port('GATEWAY_PORT', gatewayProcess.port)}`,
  maildevUrl: env.MAILDEV_URL ?? `http://127.0.0.1:${port('MAILDEV_WEB_PORT', 1080)}`,
  kafkaBrokers: env.KAFKA_BROKERS ?? `127.0.0.1:${port('KAFKA_PORT', 9092)}`,
  redisUrl: env.REDIS_URL ?? `redis://127.0.0.1:${port('REDIS_PORT', 6379)}`,
  pgPort: port('PGPORT', 5432),
  traceSinkPort: port('TRACE_SINK_PORT', 4318),
  servicePort: (name: ServiceName): number => servicePorts.get(name) ?? servicePort(name) + offset,
  serviceUrl: (name: ServiceName): string => `http://127.0.0.1:${stack.servicePort(name)}`,
  /** Where a service serves /health/ready and /metrics: its ops port (OPS_PORT, its port + 50). */
  serviceOpsUrl: (name: ServiceName): string => `http://127.0.0.1:${stack.servicePort(name) + opsPortOffset}`,
  /** The gateway's ops port (its /health/ready and /metrics; the public port answers them 404). */
  gatewayOpsUrl: env.GATEWAY_OPS_URL ?? `http://127.0.0.1:${port('GATEWAY_PORT', gatewayProcess.port) + opsPortOffset}`,
  /** A service's own database role, which owns its schema only. */
  databaseUrl: (role: string): string => `postgres://${role}@127.0.0.1:${stack.pgPort}/${env.PGDATABASE ?? 'reproute'}`,
  pidFile: (process: string): string => path.join(stack.dataDir, 'run', `${process}.pid`),
};

/** The environment for what a test (re)starts: the caller's, as an operator's shell has it, without the test runner's own variables. */
export function scriptEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...env };
  for (const name of Object.keys(copy)) if (name.startsWith('VITEST') || name === 'TEST' || name === 'NODE_ENV') delete copy[name];
  return { ...copy, ...extra };
}

/** Runs one of infra/scripts (e.g. `kafka.sh stop`) on this stack; throws with its output when it fails. */
export function runScript(script: string, args: string[] = [], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): string {
  try {
    return execFileSync('bash', [path.join(repoRoot, 'infra/scripts', script), ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: options.timeoutMs ?? 180_000,
      env: scriptEnv(options.env),
    });
  } catch (err) {
    const failed = err as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`${script} ${args.join(' ')} failed (${failed.status ?? 'timeout'}): ${failed.stderr || failed.stdout || String(err)}`, { cause: err });
  }
}

/** runScript without blocking the test: requests keep flowing while a component stops or starts. */
export function runScriptAsync(script: string, args: string[] = [], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', [path.join(repoRoot, 'infra/scripts', script), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: options.timeoutMs ?? 180_000, env: scriptEnv(options.env) }, (err, stdout, stderr) =>
      err ? reject(new Error(`${script} ${args.join(' ')} failed: ${stderr || err.message}`)) : resolve(stdout),
    );
  });
}

/**
 * The stack's process logs (`logs/*.log`) as they stand now; `read()` gives what each has gained since, by file
 * name. A long-lived stack's logs grow without end (a load test leaves hundreds of megabytes, and Node cannot make
 * a string of over 512 MB), so a test reads only the part written while it ran. A file created since, or cut
 * shorter than it was, is read from its start.
 */
export function logMark(dir = path.join(stack.dataDir, 'logs')): { read(): Map<string, string> } {
  const logFiles = () => fs.readdirSync(dir).filter((name) => name.endsWith('.log'));
  const sizeOf = (file: string) => fs.statSync(path.join(dir, file)).size;
  const marks = new Map(logFiles().map((file) => [file, sizeOf(file)]));
  return {
    read() {
      const gained = new Map<string, string>();
      for (const file of logFiles()) {
        const size = sizeOf(file);
        const mark = marks.get(file) ?? 0;
        const from = mark <= size ? mark : 0;
        const buffer = Buffer.alloc(size - from);
        const fd = fs.openSync(path.join(dir, file), 'r');
        try {
          fs.readSync(fd, buffer, 0, buffer.length, from);
        } finally {
          fs.closeSync(fd);
        }
        gained.set(file, buffer.toString('utf8'));
      }
      return gained;
    },
  };
}
