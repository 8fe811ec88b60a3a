import type { ServiceName } from './routes.ts';

export type HealthReport = { status: 'healthy' | 'unhealthy'; services: Record<string, 'up' | 'down'> };

/** Asks every service's readiness endpoint; healthy only when all answer ready. */
export async function aggregateHealth(targets: Record<ServiceName | 'notifier', string>, timeoutMs = 2_000): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(targets).map(async ([name, base]) => {
      try {
        const res = await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
        return [name, res.ok ? 'up' : 'down'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const services = Object.fromEntries(results);
  return { status: results.every(([, s]) => s === 'up') ? 'healthy' : 'unhealthy', services };
}
