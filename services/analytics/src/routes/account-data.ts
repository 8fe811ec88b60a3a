import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { exportAnalytics } from '../store/account-data.ts';

/** The records analytics keeps about the caller: those their browser sent while signed in. */
export async function accountDataRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/analytics/me/export'], async (request) => exportAnalytics(ctx.pool, requireUser(request).id));
}
