import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { exportEngagement, listMyReviews } from '../store/account-data.ts';

/** The caller's own: their reviews with where each stands, and everything engagement keeps about them. */
export async function accountDataRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/reviews/mine'], async (request) => listMyReviews(ctx.pool, requireUser(request).id));

  serveEndpoint(app, endpoints['GET /api/engagement/me/export'], async (request) => {
    const user = requireUser(request);
    return exportEngagement(ctx.pool, { id: user.id, email: user.email });
  });
}
