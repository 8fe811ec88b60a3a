import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { itemFromEvent, itemsFromBatch } from '../domain/recording.ts';
import { recordItems } from '../store/raw-events.ts';

/** Recording calls: anyone may send; the answer is 202 with how many records were new. */
export async function recordingRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['POST /api/analytics'], async (request) => {
    const accepted = await recordItems(ctx.pool, [itemFromEvent(request.body, request.user?.id ?? null)]);
    return { accepted };
  });

  serveEndpoint(app, endpoints['POST /api/analytics/batch'], async (request) => {
    const accepted = await recordItems(ctx.pool, itemsFromBatch(request.body, request.user?.id ?? null));
    return { accepted };
  });
}
