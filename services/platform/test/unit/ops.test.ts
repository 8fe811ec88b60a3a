import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { createLogger } from '../../src/logger.ts';
import { opsAppOf } from '../../src/ops.ts';

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Every process's readiness and metrics are on its ops port (ops.ts), never on the port it serves requests on.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Listens as runService does: the app's port, then its ops port (both chosen by the kernel here). */
async function listening(readiness: Record<string, () => Promise<unknown>> = {}) {
  const app = createHttpApp({ logger: createLogger('ops-test', 'silent'), readiness, shedding: false });
  apps.push(app);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    await released;
    return { done: true };
  });
  app.get('/things', async () => ({ things: [] }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  await opsAppOf(app).listen({ host: '127.0.0.1', port: 0 });
  const main = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ops = `http://127.0.0.1:${(opsAppOf(app).server.address() as AddressInfo).port}`;
  return { app, main, ops, release };
}

describe('the ops port', () => {
  it('serves readiness and metrics; the main port answers them 404 and keeps only liveness', async () => {
    const { main, ops } = await listening({ db: async () => undefined });
    await fetch(`${main}/things`);
    for (const path of ['/health/ready', '/metrics']) expect((await fetch(`${main}${path}`)).status, path).toBe(404);
    expect(await (await fetch(`${main}/health/live`)).json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${ops}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { db: 'up' } });
    const metrics = await fetch(`${ops}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toMatch(/http_server_request_duration_seconds_bucket\{[^}]*route="\/things"/);
    expect((await fetch(`${ops}/health/live`)).status).toBe(200);
    // And nothing of the app itself.
    expect((await fetch(`${ops}/things`)).status).toBe(404);
  });

  it('answers 503 naming what is down', async () => {
    const { ops } = await listening({ db: async () => undefined, kafka: async () => Promise.reject(new Error('down')) });
    const ready = await fetch(`${ops}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', checks: { db: 'up', kafka: 'down' } });
  });

  it('is not ready from the moment the app begins to close, and closes after it', async () => {
    const { app, main, ops, release } = await listening();
    const inFlight = fetch(`${main}/slow`).then((r) => r.json());
    await eventually(async () => (await fetch(`${ops}/health/live`)).ok, 2_000, 'ops up');
    // The in-flight request keeps the app draining while readiness already says no.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // As runService does: a keep-alive connection whose request ends during the close is closed once idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 20);
    const closing = app.close().finally(() => clearInterval(sweep));
    await eventually(async () => (await fetch(`${ops}/health/ready`)).status === 503, 2_000, 'not ready while draining');
    expect(await (await fetch(`${ops}/health/ready`)).json()).toMatchObject({ status: 'shutting down' });
    release();
    expect(await inFlight).toEqual({ done: true });
    await closing;
    await expect(fetch(`${ops}/health/live`)).rejects.toThrow();
    apps.splice(apps.indexOf(app), 1);
  });
});
