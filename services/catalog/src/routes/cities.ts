import type { FastifyInstance } from 'fastify';
import { cityAdminMessages, endpoints } from '@reproute/contracts';
import { notFound, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { isAdmin } from '../domain/hotel.ts';
import { listCities, mergeCities } from '../store/cities.ts';
import { updateCity } from '../store/city-admin.ts';
import { viewerOf } from './viewer.ts';

export async function cityRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  // Admins see every city with its listings of any status (what a merge would move); others the cities with a live
  // listing, plus a provider's own listings' cities.
  serveEndpoint(app, endpoints['GET /api/cities'], async (request) => {
    const viewer = viewerOf(request);
    return listCities(ctx.pool, { withListingCount: isAdmin(viewer), ownerId: viewer ? (viewer.organisation?.id ?? viewer.id) : null });
  });

  // Duplicates ("Zurich" and "Zürich, CH") are merged into one city; the duplicate is removed.
  serveEndpoint(app, endpoints['POST /api/cities/merge'], async (request) => {
    const { fromCityId, intoCityId } = request.body;
    const merged = await mergeCities(ctx.pool, fromCityId, intoCityId, viewerOf(request) ?? undefined);
    return merged;
  });

  // An admin's fix of a city: its name, country and coordinates; its listings follow.
  serveEndpoint(app, endpoints['PUT /api/admin/cities/:id'], async (request) => {
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound(cityAdminMessages.cityNotFound);
    return updateCity(ctx.pool, id, request.body, viewerOf(request) ?? undefined);
  });
}
