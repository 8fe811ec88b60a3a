import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { exportCatalog } from '../store/account-data.ts';

/** Everything the catalog keeps about the caller (a traveller's lists are empty). */
export async function accountDataRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/catalog/me/export'], async (request) => exportCatalog(ctx.pool, requireUser(request).id));
}
