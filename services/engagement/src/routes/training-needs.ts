import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { forgetTrainingNeeds, saveTrainingNeeds, trainingNeedsOf } from '../store/training-needs.ts';

/** "My training, matched": the signed-in traveller's saved gym needs (visitors keep theirs in the browser). */
export async function trainingNeedsRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/me/training'], async (request) => trainingNeedsOf(ctx.pool, requireUser(request).id));

  serveEndpoint(app, endpoints['PUT /api/me/training'], async (request) => saveTrainingNeeds(ctx.pool, requireUser(request).id, request.body));

  serveEndpoint(app, endpoints['DELETE /api/me/training'], async (request, reply) => {
    await forgetTrainingNeeds(ctx.pool, requireUser(request).id);
    return reply.status(204).send();
  });
}
