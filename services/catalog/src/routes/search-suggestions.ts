import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { metrics, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { suggestSearches } from '../store/suggestions.ts';

/** Suggestions as a traveller types in a search box: places, hotels and equipment (a public read the gateway keeps briefly). */
export async function searchSuggestionRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/search/suggestions'], async (request) => {
    metrics.business.inc({ action: 'search-suggestions' });
    return suggestSearches(ctx.pool, request.query.q, request.query.limit);
  });
}
