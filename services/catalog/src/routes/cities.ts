import type { FastifyInstance } from 'fastify';
import { cityMergeRequest, type CityMergeAnswer, type CityMergeRequest } from '@reproute/contracts';
import { publicRead, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { isAdmin } from '../domain/hotel.ts';
import { listCities, mergeCities } from '../store/cities.ts';
import { adminOnly, viewerOf } from './viewer.ts';

export async function cityRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  // Admins also see each city's listings of any status (what a merge would move).
  app.get('/api/cities', { config: publicRead }, async (request) => listCities(ctx.pool, { withListingCount: isAdmin(viewerOf(request)) }));

  // Duplicates ("Zurich" and "Zürich, CH") are merged into one city; the duplicate is removed.
  app.post('/api/cities/merge', { preValidation: adminOnly, schema: { body: cityMergeRequest } }, async (request): Promise<CityMergeAnswer> => {
    const { fromCityId, intoCityId } = request.body as CityMergeRequest;
    const merged = await mergeCities(ctx.pool, fromCityId, intoCityId, viewerOf(request) ?? undefined);
    ctx.relay.nudge();
    return merged;
  });
}
