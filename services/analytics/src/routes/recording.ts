import type { FastifyInstance } from 'fastify';
import { analyticsBatchRequest, analyticsEventRequest } from '@reproute/contracts';
import type { ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { itemFromEvent, itemsFromBatch } from '../domain/recording.ts';
import { recordItems } from '../store/raw-events.ts';

/** Recording calls: anyone may send; the answer is 202 with how many records were new. */
export async function recordingRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.post('/api/analytics', { schema: { body: analyticsEventRequest } }, async (request, reply) => {
    const body = analyticsEventRequest.parse(request.body);
    const accepted = await recordItems(ctx.pool, [itemFromEvent(body, request.user?.id ?? null)]);
    if (accepted > 0) ctx.relay.nudge();
    return reply.status(202).send({ accepted });
  });

  app.post('/api/analytics/batch', { schema: { body: analyticsBatchRequest } }, async (request, reply) => {
    const body = analyticsBatchRequest.parse(request.body);
    const accepted = await recordItems(ctx.pool, itemsFromBatch(body, request.user?.id ?? null));
    if (accepted > 0) ctx.relay.nudge();
    return reply.status(202).send({ accepted });
  });
}
