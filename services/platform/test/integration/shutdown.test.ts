import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../src/testing/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('graceful shutdown', () => {
  it('on SIGTERM finishes in-flight requests, refuses new ones, runs closers and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../fixtures/slow-server.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d.toString()));
    child.stderr.on('data', (d) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Waits for a line of the fixture's (on a busy machine starting it takes seconds), or for an early exit.
    const lineOut = (line: string | RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => (typeof line === 'string' ? output.includes(line) : line.test(output)) && resolve();
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        check();
        void exited.then((code) => reject(new Error(`exited ${code} before "${line}": ${output}`)));
      });
    await lineOut(/listening on \d+\n/);
    const port = Number(/listening on (\d+)/.exec(output)?.[1]);
    expect(port, output).toBeGreaterThan(0);

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    // The signal comes once the route has begun (a fixed wait let it come first on a busy machine: a 503 for closing).
    await lineOut('slow-started');
    child.kill('SIGTERM');
    // New connections are refused once the signal is handled (asked until then: a busy machine handles it late).
    const refused = () =>
      fetch(`http://127.0.0.1:${port}/health/live`).then(
        () => false,
        () => true,
      );
    await eventually(refused, 5_000, 'new connections refused after SIGTERM');

    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    const code = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain('closer-ran');
  });
});
