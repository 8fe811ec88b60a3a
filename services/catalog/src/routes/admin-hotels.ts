import type { FastifyInstance } from 'fastify';
import {
  adminAuditQuery,
  adminHotelListQuery,
  type AdminAuditAnswer,
  type AdminAuditQuery,
  hotelApprovalRequest,
  type AdminHotelListAnswer,
  type AdminHotelListQuery,
  type AdminHotelStats,
  type HotelApprovalRequest,
  type HotelRevision,
} from '@reproute/contracts';
import type { ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { toHotelAnswer } from '../domain/hotel.ts';
import { revisionChanges } from '../domain/revision.ts';
import { adminHotelStats, listAdminHotels } from '../store/admin-hotels.ts';
import { listAudit } from '../store/audit.ts';
import { listPendingHotels } from '../store/hotels.ts';
import { decideRevision, listRevisions } from '../store/revisions.ts';
import { adminOnly, hotelIdParam, viewerOf } from './viewer.ts';

/** The admin panel's lists: every hotel (a page at a time, with affiliateClicks), the listings awaiting review and the changes awaiting review. */
export async function adminHotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  // One page of every hotel, filtered and sorted in the database (the table must stay fast at a million hotels).
  app.get('/api/admin/hotels', { preValidation: adminOnly, schema: { querystring: adminHotelListQuery } }, async (request): Promise<AdminHotelListAnswer> => {
    const query = request.query as AdminHotelListQuery;
    const { hotels, total } = await listAdminHotels(ctx.pool, query);
    return { items: hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request))), total, page: query.page, pageSize: query.pageSize, sort: query.sort };
  });

  app.get('/api/admin/hotels/stats', { preValidation: adminOnly }, async (): Promise<AdminHotelStats> => adminHotelStats(ctx.pool));

  // Who approved, rejected, edited or deleted which hotel, newest first. /api/admin/audit is the same list
  // for callers of the service itself; through the gateway it is /api/admin/hotels/audit.
  for (const path of ['/api/admin/hotels/audit', '/api/admin/audit']) {
    app.get(path, { preValidation: adminOnly, schema: { querystring: adminAuditQuery } }, async (request): Promise<AdminAuditAnswer> => {
      const { page, pageSize } = request.query as AdminAuditQuery;
      return { ...(await listAudit(ctx.pool, page, pageSize)), page, pageSize };
    });
  }

  app.get('/api/admin/hotels/pending', { preValidation: adminOnly }, async (request) => {
    const hotels = await listPendingHotels(ctx.pool);
    return hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request)));
  });

  // Providers' changes to approved listings, oldest first, each field as live value → proposed value.
  app.get('/api/admin/hotels/revisions', { preValidation: adminOnly }, async (): Promise<HotelRevision[]> => {
    const revisions = await listRevisions(ctx.pool);
    return revisions.map(({ hotel, revision }) => ({
      hotelId: hotel.id,
      hotelName: hotel.name,
      providerEmail: hotel.providerEmail,
      submittedAt: revision.submittedAt.toISOString(),
      changes: revisionChanges(hotel, revision.fields),
    }));
  });

  // Approve applies the changes (and tells the other services with hotel.updated); reject drops them.
  app.put('/api/admin/hotels/:id/revision', { preValidation: adminOnly, schema: { body: hotelApprovalRequest } }, async (request) => {
    const id = hotelIdParam(request.params);
    const { isApproved } = request.body as HotelApprovalRequest;
    const hotel = await decideRevision(ctx.pool, id, isApproved, viewerOf(request) ?? undefined);
    ctx.relay.nudge();
    return toHotelAnswer(hotel, viewerOf(request), null);
  });
}
