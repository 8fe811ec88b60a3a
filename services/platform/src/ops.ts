import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import type { ReadinessCheck } from './http-parts.ts';
import { registry } from './metrics.ts';

// The operational endpoints of a process (gateway, services, notifier) on a port of their own, OPS_PORT
// (default PORT + 50: deployment-settings.ts), bound to the same host as the main port: /health/live,
// /health/ready (the process's dependencies) and /metrics (Prometheus). The main port, the one the gateway
// publishes, keeps only /health/live, so per-route counters, consumer lag and the state of the dependencies are
// never served to the internet (docs/security.md). Probes, Prometheus and the gateway's readiness checks of the
// services use this port; in Kubernetes a NetworkPolicy lets only those reach it.

const opsApps = new WeakMap<FastifyInstance, FastifyInstance>();

/** Runs each check with a 1.5 s deadline: `up` when it resolves in time, else `down`. */
export async function runReadinessChecks(checks: Record<string, ReadinessCheck>): Promise<Record<string, 'up' | 'down'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 1_500)))]);
        return [name, 'up'] as const;
      } catch {
        return [name, 'down'] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The ops app of a process: /health/live, /health/ready (503 naming what is down, and 503 once `draining`
 * says the process is shutting down, so it is taken out of rotation while it drains) and /metrics.
 */
export function createOpsApp(options: { logger: Logger; readiness?: Record<string, ReadinessCheck>; draining?: () => boolean }): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger.child({ component: 'ops' }),
    logController: new LogController({ disableRequestLogging: true }),
    requestTimeout: 10_000,
    connectionTimeout: 10_000,
  }) as unknown as FastifyInstance;
  app.get('/health/live', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { logLevel: 'warn' }, async (_request, reply) => {
    const checks = await runReadinessChecks(options.readiness ?? {});
    const draining = options.draining?.() === true;
    const ready = !draining && Object.values(checks).every((c) => c === 'up');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : draining ? 'shutting down' : 'not ready', checks });
  });
  app.get('/metrics', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
  return app;
}

/**
 * Gives `main` (an app of createHttpApp) its ops app: not ready from the moment `main` begins to close, closed
 * after it. `runService` listens on it; tests reach it with `opsAppOf(app).inject(...)`.
 */
export function attachOpsApp(main: FastifyInstance, options: { logger: Logger; readiness?: Record<string, ReadinessCheck> }): FastifyInstance {
  let draining = false;
  const ops = createOpsApp({ ...options, draining: () => draining });
  opsApps.set(main, ops);
  main.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  main.addHook('onClose', async () => {
    await ops.close();
  });
  return ops;
}

/** The ops app of an app made by createHttpApp. */
export function opsAppOf(main: FastifyInstance): FastifyInstance {
  const ops = opsApps.get(main);
  if (!ops) throw new Error('this app has no ops app (it was not made by createHttpApp)');
  return ops;
}
