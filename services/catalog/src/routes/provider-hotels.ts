import type { FastifyInstance } from 'fastify';
import { endpoints } from '@reproute/contracts';
import { forbidden, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { newProviderListing, ownsHotel, type StoredHotel, type Viewer } from '../domain/hotel.ts';
import { toHotelAnswer } from '../domain/hotel-answer.ts';
import { createProviderListing, deleteHotel, listProviderHotels } from '../store/hotels.ts';
import { discardRejectedRevision, editListing, revisionsOf } from '../store/revisions.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

function assertOwner(viewer: Viewer, hotel: StoredHotel): void {
  if (!ownsHotel(viewer, hotel)) throw forbidden();
}

/**
 * A provider's own listings: list, add (pending review), edit and delete; another's hotel is 403.
 * Edits to an approved listing's reviewed fields wait for an admin (pendingRevision in the answers).
 */
export async function providerHotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  const provider = (request: Parameters<typeof viewerOf>[0]): Viewer => {
    requireUser(request);
    return viewerOf(request)!;
  };

  serveEndpoint(app, endpoints['GET /api/provider/hotels'], async (request) => {
    const viewer = provider(request);
    const hotels = await listProviderHotels(ctx.pool, viewer.id);
    const revisions = await revisionsOf(ctx.pool, hotels.map((h) => h.id));
    return hotels.map((hotel) => toHotelAnswer(hotel, viewer, revisions.get(hotel.id) ?? null));
  });

  serveEndpoint(app, endpoints['POST /api/provider/hotels'], async (request) => {
    const viewer = provider(request);
    const record = newProviderListing(request.body, viewer);
    const hotel = await createProviderListing(ctx.pool, record, [{ type: 'hotel.created' }, { type: 'hotel.submitted' }]);
    return toHotelAnswer(hotel, viewer, null);
  });

  serveEndpoint(app, endpoints['PUT /api/provider/hotels/:id'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const { hotel, revision } = await editListing(ctx.pool, id, viewer.id, request.body, (current) => assertOwner(viewer, current));
    return toHotelAnswer(hotel, viewer, revision);
  });

  // A rejected change the provider does not want to fix: dropped, the live listing as it is.
  serveEndpoint(app, endpoints['DELETE /api/provider/hotels/:id/revision'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const hotel = await discardRejectedRevision(ctx.pool, id, (current) => assertOwner(viewer, current));
    return toHotelAnswer(hotel, viewer, null);
  });

  serveEndpoint(app, endpoints['DELETE /api/provider/hotels/:id'], async (request, reply) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    await deleteHotel(ctx.pool, id, (current) => assertOwner(viewer, current));
    return reply.status(204).send();
  });
}
