import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints, hotelIdSchema, messages, reviewGymMessages } from '@reproute/contracts';
import { badRequest, conflict, forbidden, HttpError, metrics, notFound, requireMembership, requireRole, requireUser, serveEndpoint, type AuthUser, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { canEngageWith, ownsHotel } from '../domain/hotels.ts';
import { newReview, toPendingReview, toReviewAnswer, trainedTimeAgrees } from '../domain/reviews.ts';
import { findHotel } from '../store/hotels.ts';
import { bulkModerate, listAdminReviews, listReviewAudit } from '../store/moderation.ts';
import { createReview, listHotelReviews, listReviewsWithHotel, moderateReview, saveReply } from '../store/reviews.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reviews: submitted by signed-in users, stored pending, public once an admin approves them. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['POST /api/reviews'], async (request) => {
    const user = requireUser(request);
    // Until its address is proved, an account's reviews are not published: refused before anything is stored.
    if (!user.emailVerified) throw forbidden(messages.reviewNeedsVerifiedEmail);
    const input = request.body;
    const hotel = await findHotel(ctx.pool, input.hotelId);
    if (!canEngageWith(hotel, user)) throw notFound(messages.hotelNotFound);
    if (ownsHotel(hotel, user)) throw badRequest(messages.reviewOwnHotel, [{ path: 'hotelId', message: messages.reviewOwnHotel }]);
    if (!trainedTimeAgrees(input)) throw badRequest(reviewGymMessages.trainedHourOutsideBand, [{ path: 'trainedBand', message: reviewGymMessages.trainedHourOutsideBand }]);
    const saved = await createReview(ctx.pool, newReview(randomUUID(), input, user), hotel.name, input.photoIds);
    if (saved === 'duplicate') throw conflict(messages.reviewDuplicate);
    if (saved === 'photos-not-yours') throw badRequest(reviewGymMessages.photoNotYours, [{ path: 'photoIds', message: reviewGymMessages.photoNotYours }]);
    metrics.business.inc({ action: 'review_submitted' });
    return toReviewAnswer(saved);
  });

  // Approved reviews for everyone; other statuses (pending, rejected, all) are for admins only.
  serveEndpoint(app, endpoints['GET /api/hotels/:hotelId/reviews'], async (request) => {
    const { status } = request.query;
    if (status !== 'approved') requireRole(request, 'admin');
    const hotelId = hotelIdSchema.safeParse(request.params.hotelId);
    if (!hotelId.success) throw notFound(messages.hotelNotFound);
    return (await listHotelReviews(ctx.pool, hotelId.data, status)).map(toReviewAnswer);
  });

  // The admin moderation list in one call (ruling 6), each with its hotel's name and the reviewer's names.
  serveEndpoint(app, endpoints['GET /api/reviews'], async (request) => {
    return (await listReviewsWithHotel(ctx.pool, request.query.status)).map(({ review, hotelName }) => toPendingReview(review, hotelName));
  });

  serveEndpoint(app, endpoints['PUT /api/reviews/:id/approve'], async (request) => {
    const admin = requireUser(request);
    const { id } = request.params;
    if (!uuidPattern.test(id)) throw notFound(messages.reviewNotFound);
    const { isApproved, reason } = request.body;
    const result = await moderateReview(ctx.pool, id.toLowerCase(), isApproved, admin, reason ?? null);
    if (result.outcome === 'not-found') throw notFound(messages.reviewNotFound);
    if (result.outcome === 'conflict') throw conflict(messages.reviewAlreadyModerated);
    if (result.outcome === 'apply') {
      if (isApproved) metrics.business.inc({ action: 'review_approved' });
    }
    return toReviewAnswer(result.review);
  });

  // The moderation list: filters, sort and server paging, with every fact a moderator weighs.
  serveEndpoint(app, endpoints['GET /api/admin/reviews'], async (request) => {
    const query = request.query;
    const { items, total } = await listAdminReviews(ctx.pool, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  // One decision on up to 100 reviews, all or nothing; each review decided gets its own event (and email).
  serveEndpoint(app, endpoints['POST /api/admin/reviews/bulk'], async (request) => {
    const admin = requireUser(request);
    const { reviewIds, decision, reason } = request.body;
    const isApproved = decision === 'approve';
    const result = await bulkModerate(ctx.pool, reviewIds, isApproved, admin, isApproved ? null : (reason ?? null));
    if (result.outcome === 'not-found') {
      throw new HttpError(404, messages.reviewNotFound, result.missing.map((id) => ({ path: `reviewIds.${reviewIds.findIndex((r) => r.toLowerCase() === id)}`, message: messages.reviewNotFound })));
    }
    if (result.outcome === 'conflict') throw conflict(messages.reviewAlreadyModerated);
    if (result.decided > 0) {
      if (isApproved) metrics.business.inc({ action: 'review_approved' }, result.decided);
    }
    return { decided: result.decided, unchanged: result.unchanged, reviews: result.reviews };
  });

  // Who approved or rejected which review, when and why; newest first.
  serveEndpoint(app, endpoints['GET /api/admin/reviews/audit'], async (request) => {
    const { page, pageSize } = request.query;
    const { items, total } = await listReviewAudit(ctx.pool, page, pageSize);
    return { items, total, page, pageSize };
  });

  // The owning provider's reply: POST writes it once (201; again 409), PUT edits it (200). Reviews that
  // are not approved or not of the caller's own hotel answer 404, like unknown ones.
  // A member replies when its role for the review's property allows reviews (owner, responder).
  const replyAs = async (mode: 'create' | 'edit', user: AuthUser, id: string, text: string) => {
    if (!uuidPattern.test(id)) throw notFound(messages.reviewNotFound);
    const membership = requireMembership(user);
    const replier = { userId: user.id, email: user.email, organisationId: membership.organisationId, grants: membership.grants };
    const result = await saveReply(ctx.pool, id.toLowerCase(), replier, text, mode);
    if (result.outcome !== 'saved') {
      if (result.outcome === 'exists') throw conflict(messages.replyExists);
      throw notFound(result.outcome === 'no-reply' ? messages.replyNotFound : messages.reviewNotFound);
    }
    if (mode === 'create') {
      metrics.business.inc({ action: 'review_replied' });
    }
    return toReviewAnswer(result.review);
  };
  serveEndpoint(app, endpoints['POST /api/reviews/:id/reply'], async (request) => replyAs('create', requireUser(request), request.params.id, request.body.text));
  serveEndpoint(app, endpoints['PUT /api/reviews/:id/reply'], async (request) => replyAs('edit', requireUser(request), request.params.id, request.body.text));
}
