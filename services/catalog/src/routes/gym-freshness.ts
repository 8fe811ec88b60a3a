import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireRole, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { confirmGymFacts, createGymReport, listAdminGymReports, readGymFreshness, resolveGymReport } from '../store/gym-freshness.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

/** Gym facts that say how old they are: read a hotel's freshness, confirm it, report a change, answer a report, the admin queue. */
export async function gymFreshnessRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  const staleDays = ctx.config.GYM_FACTS_STALE_DAYS;

  serveEndpoint(app, endpoints['GET /api/hotels/:id/gym-facts'], async (request) => readGymFreshness(ctx.pool, hotelIdParam(request.params), viewerOf(request), staleDays));

  serveEndpoint(app, endpoints['POST /api/hotels/:id/gym-facts/confirmations'], async (request) => {
    const user = requireUser(request);
    const id = hotelIdParam(request.params);
    const viewer = viewerOf(request)!;
    await confirmGymFacts(ctx.pool, id, { ...viewer, emailVerified: user.emailVerified });
    return readGymFreshness(ctx.pool, id, viewer, staleDays);
  });

  serveEndpoint(app, endpoints['POST /api/hotels/:id/gym-reports'], async (request) => {
    const user = requireUser(request);
    return createGymReport(ctx.pool, hotelIdParam(request.params), { ...viewerOf(request)!, emailVerified: user.emailVerified }, request.body);
  });

  serveEndpoint(app, endpoints['PUT /api/gym-reports/:id/resolution'], async (request) => {
    requireUser(request);
    return resolveGymReport(ctx.pool, request.params.id, viewerOf(request)!, request.body);
  });

  serveEndpoint(app, endpoints['GET /api/admin/gym-reports'], async (request) => {
    requireRole(request, 'admin');
    return listAdminGymReports(ctx.pool, request.query.status);
  });
}
