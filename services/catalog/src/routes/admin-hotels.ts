import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { toHotelAnswer } from '../domain/hotel-answer.ts';
import { revisionChanges } from '../domain/revision.ts';
import { adminHotelStats, listAdminHotels } from '../store/admin-hotels.ts';
import { listAudit } from '../store/audit.ts';
import { listPendingHotels } from '../store/hotels.ts';
import { decideRevision, listRevisions } from '../store/revisions.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

/** The admin panel's lists: every hotel (a page at a time, with affiliateClicks), the listings awaiting review and the changes awaiting review. */
export async function adminHotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  // One page of every hotel, filtered and sorted in the database (the table must stay fast at a million hotels).
  serveEndpoint(app, endpoints['GET /api/admin/hotels'], async (request) => {
    const { query } = request;
    const { hotels, total } = await listAdminHotels(ctx.pool, query);
    return { items: hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request))), total, page: query.page, pageSize: query.pageSize, sort: query.sort };
  });

  serveEndpoint(app, endpoints['GET /api/admin/hotels/stats'], async () => adminHotelStats(ctx.pool));

  // Who approved, rejected, edited or deleted which hotel, newest first. /api/admin/audit is the same list
  // for callers of the service itself; through the gateway it is /api/admin/hotels/audit.
  for (const endpoint of [endpoints['GET /api/admin/hotels/audit'], endpoints['GET /api/admin/audit']]) {
    serveEndpoint(app, endpoint, async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await listAudit(ctx.pool, page, pageSize)), page, pageSize };
    });
  }

  serveEndpoint(app, endpoints['GET /api/admin/hotels/pending'], async (request) => {
    const hotels = await listPendingHotels(ctx.pool);
    return hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request)));
  });

  // Providers' changes to approved listings, oldest first, each field as live value → proposed value.
  serveEndpoint(app, endpoints['GET /api/admin/hotels/revisions'], async () => {
    const revisions = await listRevisions(ctx.pool);
    return revisions.map(({ hotel, revision }) => ({
      hotelId: hotel.id,
      hotelName: hotel.name,
      providerEmail: hotel.providerEmail,
      submittedAt: revision.submittedAt.toISOString(),
      changes: revisionChanges(hotel, revision.fields),
    }));
  });

  // Approve applies the changes (and tells the other services with hotel.updated); reject keeps them, with the
  // reason, for the provider to fix and send again. Either way the provider is emailed.
  serveEndpoint(app, endpoints['PUT /api/admin/hotels/:id/revision'], async (request) => {
    const id = hotelIdParam(request.params);
    const { hotel, revision } = await decideRevision(ctx.pool, id, request.body, viewerOf(request) ?? undefined);
    return toHotelAnswer(hotel, viewerOf(request), revision);
  });
}
