export type HealthReport = { status: 'healthy' | 'unhealthy'; services: Record<string, 'up' | 'down'> };

/**
 * Asks the readiness endpoint of every instance of every service (`targets`: their ops addresses, instances.ts
 * opsUrlOf); a service is up while one of its instances is ready.
 */
export async function aggregateHealth(targets: Record<string, readonly string[]>, timeoutMs = 2_000): Promise<HealthReport> {
  const ready = async (base: string) => {
    try {
      const res = await fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  };
  const results = await Promise.all(
    Object.entries(targets).map(async ([name, bases]) => [name, (await Promise.all(bases.map(ready))).some(Boolean) ? 'up' : 'down'] as const),
  );
  const services = Object.fromEntries(results);
  return { status: results.every(([, s]) => s === 'up') ? 'healthy' : 'unhealthy', services };
}
