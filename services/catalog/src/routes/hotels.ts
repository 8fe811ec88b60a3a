import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { badRequest, forbidden, metrics, notFound, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { applyAdminFields, applyListingUpdate, canView, isAdmin, newAdminHotel, type HotelEvent } from '../domain/hotel.ts';
import { toHotelAnswer } from '../domain/hotel-answer.ts';
import { toSearchCriteria, withTerm } from '../domain/search.ts';
import { approvalChange } from '../domain/approval.ts';
import { createHotel, deleteHotel, findHotel, listHotels, updateHotel } from '../store/hotels.ts';
import { searchHotels } from '../store/search.ts';
import { closestSpelling } from '../store/suggestions.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

/** Public reading and search, plus the admin's hotel management under /api/hotels. */
export async function hotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/hotels'], async (request) => {
    const { query } = request;
    const viewer = viewerOf(request);
    const includeAll = query.all === 'true';
    if (includeAll && !isAdmin(viewer)) throw forbidden();
    const ids = query.ids
      ?.split(',')
      .map((part) => Number(part.trim()))
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    const hotels = await listHotels(ctx.pool, { includeAll, ids, limit: query.limit });
    return hotels.map((hotel) => toHotelAnswer(hotel, viewer));
  });

  serveEndpoint(app, endpoints['GET /api/hotels/search'], async (request) => {
    const asTyped = toSearchCriteria(request.query);
    const viewer = viewerOf(request);
    let criteria = asTyped;
    let result = await searchHotels(ctx.pool, asTyped);
    let didYouMean: string | null = null;
    // Nothing found for the text as typed: the search of its closest spelling, if that finds hotels ("londn" → London).
    if (result.total === 0 && asTyped.term !== '') {
      const meant = await closestSpelling(ctx.pool, asTyped.term);
      if (meant) {
        const corrected = withTerm(asTyped, meant);
        const found = await searchHotels(ctx.pool, corrected);
        if (found.total > 0) [criteria, result, didYouMean] = [corrected, found, meant];
      }
    }
    metrics.business.inc({ action: 'search' });
    return {
      items: result.hotels.map((hotel, i) => (result.distances ? { ...toHotelAnswer(hotel, viewer), distanceKm: result.distances[i] ?? null } : toHotelAnswer(hotel, viewer))),
      total: result.total,
      page: criteria.page,
      pageSize: criteria.pageSize,
      facets: result.facets,
      equipment: criteria.equipment,
      query: asTyped.term,
      didYouMean,
      sort: criteria.sort,
      filters: criteria.filters,
      filterFacets: result.filterFacets,
      unknownFacts: result.unknownFacts,
    };
  });

  serveEndpoint(app, endpoints['GET /api/hotels/:idOrSlug'], async (request) => {
    const { idOrSlug } = request.params;
    const key = /^\d{1,15}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug.toLowerCase() };
    const hotel = await findHotel(ctx.pool, key);
    const viewer = viewerOf(request);
    if (!hotel || !canView(viewer, hotel)) throw notFound(messages.hotelNotFound);
    return toHotelAnswer(hotel, viewer);
  });

  serveEndpoint(app, endpoints['POST /api/hotels'], async (request) => {
    const record = newAdminHotel(request.body);
    const hotel = await createHotel(ctx.pool, record, [{ type: 'hotel.created' }], viewerOf(request) ?? undefined);
    return toHotelAnswer(hotel, viewerOf(request));
  });

  serveEndpoint(app, endpoints['PUT /api/hotels/:id'], async (request) => {
    const id = hotelIdParam(request.params);
    const input = request.body;
    const hotel = await updateHotel(ctx.pool, id, (current) => {
      const updated = applyAdminFields(applyListingUpdate(current, input), input);
      const events: HotelEvent[] = [{ type: 'hotel.updated' }];
      if (input.isApproved === undefined) return { record: updated, events };
      // A provider's listing is rejected with a reason they are emailed: that is the approval call's, not this form's.
      if (!input.isApproved && current.providerId !== null && current.status !== 'rejected') {
        throw badRequest(messages.listingRejectionReasonRequired, [{ path: 'isApproved', message: messages.listingRejectionReasonRequired }]);
      }
      const change = approvalChange(current, { isApproved: input.isApproved });
      return { record: { ...updated, ...change.fields }, events: [...events, ...change.events] };
    }, viewerOf(request) ?? undefined);
    return toHotelAnswer(hotel, viewerOf(request));
  });

  serveEndpoint(app, endpoints['DELETE /api/hotels/:id'], async (request, reply) => {
    const id = hotelIdParam(request.params);
    await deleteHotel(ctx.pool, id, () => undefined, viewerOf(request) ?? undefined);
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['PUT /api/hotels/:id/approval'], async (request) => {
    const id = hotelIdParam(request.params);
    const decision = request.body;
    const hotel = await updateHotel(ctx.pool, id, (current) => {
      const change = approvalChange(current, decision);
      return { record: { ...current, ...change.fields }, events: change.events };
    }, viewerOf(request) ?? undefined);
    return toHotelAnswer(hotel, viewerOf(request));
  });
}
