import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adminAuditQuery, adminReviewListQuery, adminReviewsQuery, bulkModerationRequest, hotelIdSchema, hotelReviewsQuery, messages, moderationRequest, reviewReplyRequest, reviewRequest, type BulkModerationAnswer } from '@reproute/contracts';
import { badRequest, conflict, HttpError, metrics, notFound, publicRead, requireRole, requireUser, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { canEngageWith, ownsHotel } from '../domain/hotels.ts';
import { newReview, toPendingReview, toReviewAnswer } from '../domain/reviews.ts';
import { findHotel } from '../store/hotels.ts';
import { bulkModerate, listAdminReviews, listReviewAudit } from '../store/moderation.ts';
import { createReview, listHotelReviews, listReviewsWithHotel, moderateReview, saveReply } from '../store/reviews.ts';
import { adminOnly, providerOnly, signedIn } from './guards.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reviews: submitted by signed-in users, stored pending, public once an admin approves them. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.post('/api/reviews', { preValidation: signedIn, schema: { body: reviewRequest } }, async (request, reply) => {
    const user = requireUser(request);
    const input = reviewRequest.parse(request.body);
    const hotel = await findHotel(ctx.pool, input.hotelId);
    if (!canEngageWith(hotel, user)) throw notFound(messages.hotelNotFound);
    if (ownsHotel(hotel, user)) throw badRequest(messages.reviewOwnHotel, [{ path: 'hotelId', message: messages.reviewOwnHotel }]);
    const saved = await createReview(ctx.pool, newReview(randomUUID(), input, user), hotel.name);
    if (saved === 'duplicate') throw conflict(messages.reviewDuplicate);
    ctx.relay.nudge();
    metrics.business.inc({ action: 'review_submitted' });
    return reply.status(201).send(toReviewAnswer(saved));
  });

  // Approved reviews for everyone; other statuses (pending, rejected, all) are for admins only.
  app.get('/api/hotels/:hotelId/reviews', { config: publicRead, schema: { querystring: hotelReviewsQuery } }, async (request) => {
    const { status } = hotelReviewsQuery.parse(request.query);
    if (status !== 'approved') requireRole(request, 'admin');
    const hotelId = hotelIdSchema.safeParse((request.params as { hotelId: string }).hotelId);
    if (!hotelId.success) throw notFound(messages.hotelNotFound);
    return (await listHotelReviews(ctx.pool, hotelId.data, status)).map(toReviewAnswer);
  });

  // The admin moderation list in one call (ruling 6), each with its hotel's name and the reviewer's names.
  app.get('/api/reviews', { preValidation: adminOnly, schema: { querystring: adminReviewsQuery } }, async (request) => {
    const { status } = adminReviewsQuery.parse(request.query);
    return (await listReviewsWithHotel(ctx.pool, status)).map(({ review, hotelName }) => toPendingReview(review, hotelName));
  });

  app.put('/api/reviews/:id/approve', { preValidation: adminOnly, schema: { body: moderationRequest } }, async (request) => {
    const admin = requireUser(request);
    const { id } = request.params as { id: string };
    if (!uuidPattern.test(id)) throw notFound(messages.reviewNotFound);
    const { isApproved, reason } = moderationRequest.parse(request.body);
    const result = await moderateReview(ctx.pool, id.toLowerCase(), isApproved, admin, reason ?? null);
    if (result.outcome === 'not-found') throw notFound(messages.reviewNotFound);
    if (result.outcome === 'conflict') throw conflict(messages.reviewAlreadyModerated);
    if (result.outcome === 'apply') {
      ctx.relay.nudge();
      if (isApproved) metrics.business.inc({ action: 'review_approved' });
    }
    return toReviewAnswer(result.review);
  });

  // The moderation list: filters, sort and server paging, with every fact a moderator weighs.
  app.get('/api/admin/reviews', { preValidation: adminOnly, schema: { querystring: adminReviewListQuery } }, async (request) => {
    const query = adminReviewListQuery.parse(request.query);
    const { items, total } = await listAdminReviews(ctx.pool, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  // One decision on up to 100 reviews, all or nothing; each review decided gets its own event (and email).
  app.post('/api/admin/reviews/bulk', { preValidation: adminOnly, schema: { body: bulkModerationRequest } }, async (request): Promise<BulkModerationAnswer> => {
    const admin = requireUser(request);
    const { reviewIds, decision, reason } = bulkModerationRequest.parse(request.body);
    const isApproved = decision === 'approve';
    const result = await bulkModerate(ctx.pool, reviewIds, isApproved, admin, isApproved ? null : (reason ?? null));
    if (result.outcome === 'not-found') {
      throw new HttpError(404, messages.reviewNotFound, result.missing.map((id) => ({ path: `reviewIds.${reviewIds.findIndex((r) => r.toLowerCase() === id)}`, message: messages.reviewNotFound })));
    }
    if (result.outcome === 'conflict') throw conflict(messages.reviewAlreadyModerated);
    if (result.decided > 0) {
      ctx.relay.nudge();
      if (isApproved) metrics.business.inc({ action: 'review_approved' }, result.decided);
    }
    return { decided: result.decided, unchanged: result.unchanged, reviews: result.reviews };
  });

  // Who approved or rejected which review, when and why; newest first.
  app.get('/api/admin/reviews/audit', { preValidation: adminOnly, schema: { querystring: adminAuditQuery } }, async (request) => {
    const { page, pageSize } = adminAuditQuery.parse(request.query);
    const { items, total } = await listReviewAudit(ctx.pool, page, pageSize);
    return { items, total, page, pageSize };
  });

  // The owning provider's reply: POST writes it once (201; again 409), PUT edits it (200). Reviews that
  // are not approved or not of the caller's own hotel answer 404, like unknown ones.
  for (const mode of ['create', 'edit'] as const) {
    const method = mode === 'create' ? 'post' : 'put';
    app[method]('/api/reviews/:id/reply', { preValidation: providerOnly, schema: { body: reviewReplyRequest } }, async (request, reply) => {
      const provider = requireUser(request);
      const { id } = request.params as { id: string };
      if (!uuidPattern.test(id)) throw notFound(messages.reviewNotFound);
      const { text } = reviewReplyRequest.parse(request.body);
      const result = await saveReply(ctx.pool, id.toLowerCase(), provider.id, text, mode);
      if (result.outcome !== 'saved') {
        if (result.outcome === 'exists') throw conflict(messages.replyExists);
        throw notFound(result.outcome === 'no-reply' ? messages.replyNotFound : messages.reviewNotFound);
      }
      if (mode === 'create') {
        ctx.relay.nudge();
        metrics.business.inc({ action: 'review_replied' });
      }
      return reply.status(mode === 'create' ? 201 : 200).send(toReviewAnswer(result.review));
    });
  }
}
