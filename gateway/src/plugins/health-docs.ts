import type { FastifyInstance } from 'fastify';
import { upstreams, type Config } from '../config.ts';
import { serviceNames, type ServiceName } from '../routes.ts';
import { opsUrlOf, type ServiceInstances } from '../instances.ts';
import { aggregateHealth } from '../health.ts';
import { openApiAggregator } from '../docs.ts';

export interface HealthDocsOptions {
  config: Config;
  instances: Record<ServiceName, ServiceInstances>;
}

/** `/api/health`, the readiness of every service, and `/api/docs`, the OpenAPI document of the whole API. */
export default async function healthAndDocs(app: FastifyInstance, { config, instances }: HealthDocsOptions): Promise<void> {
  // Each service's readiness is on its instances' ops ports (never the gateway's own: that port is public).
  const opsTargets = Object.fromEntries(Object.entries(upstreams(config)).map(([name, urls]) => [name, urls.map((url) => opsUrlOf(url, config.UPSTREAM_OPS_PORT_OFFSET))]));
  app.get('/api/health', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = await aggregateHealth(opsTargets);
    return reply.status(report.status === 'healthy' ? 200 : 503).send(report.status === 'healthy' ? { status: 'healthy' } : report);
  });

  const openApi = openApiAggregator(serviceNames, (name) => instances[name].anyUrl);
  app.get('/api/docs', async () => openApi());
}
