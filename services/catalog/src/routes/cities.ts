import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { isAdmin } from '../domain/hotel.ts';
import { listCities, mergeCities } from '../store/cities.ts';
import { viewerOf } from './viewer.ts';

export async function cityRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  // Admins also see each city's listings of any status (what a merge would move).
  serveEndpoint(app, endpoints['GET /api/cities'], async (request) => listCities(ctx.pool, { withListingCount: isAdmin(viewerOf(request)) }));

  // Duplicates ("Zurich" and "Zürich, CH") are merged into one city; the duplicate is removed.
  serveEndpoint(app, endpoints['POST /api/cities/merge'], async (request) => {
    const { fromCityId, intoCityId } = request.body;
    const merged = await mergeCities(ctx.pool, fromCityId, intoCityId, viewerOf(request) ?? undefined);
    return merged;
  });
}
