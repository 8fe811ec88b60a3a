import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { exportReferral } from '../store/account-data.ts';

/** Everything referral keeps about the caller: their leads and booking-link clicks. */
export async function accountDataRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/referral/me/export'], async (request) => {
    const user = requireUser(request);
    return exportReferral(ctx.pool, { id: user.id, email: user.email });
  });
}
