import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { requireScope, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { toReviewAnswer } from '../domain/reviews.ts';
import { providerReviews, providerReviewsPageSize } from '../store/provider-reviews.ts';

/** The organisation's reviews inbox: for owners and responders, of the properties their role answers reviews for. */
export async function providerReviewRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/provider/reviews'], async (request) => {
    const access = requireScope(requireUser(request), 'reviews');
    const { items, total, unanswered } = await providerReviews(ctx.pool, access, request.query);
    return {
      items: items.map(({ review, hotelName }) => ({ ...toReviewAnswer(review), hotel: { id: review.hotelId, name: hotelName } })),
      total,
      unanswered,
      page: request.query.page,
      pageSize: providerReviewsPageSize,
    };
  });
}
