import type { FastifyInstance } from 'fastify';
import { publicRead, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { listCities } from '../store/cities.ts';

export async function cityRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.get('/api/cities', { config: publicRead }, async () => listCities(ctx.pool));
}
