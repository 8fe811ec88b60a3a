import type { FastifyInstance } from 'fastify';
import { providerHotelCreate, providerHotelUpdate, type ProviderHotelCreate, type ProviderHotelUpdate } from '@reproute/contracts';
import { forbidden, requireUser, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { newProviderListing, ownsHotel, toHotelAnswer, type StoredHotel, type Viewer } from '../domain/hotel.ts';
import { createProviderListing, deleteHotel, listProviderHotels } from '../store/hotels.ts';
import { editListing, revisionsOf } from '../store/revisions.ts';
import { hotelIdParam, providerOnly, viewerOf } from './viewer.ts';

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

  app.get('/api/provider/hotels', { preValidation: providerOnly }, async (request) => {
    const viewer = provider(request);
    const hotels = await listProviderHotels(ctx.pool, viewer.id);
    const revisions = await revisionsOf(ctx.pool, hotels.map((h) => h.id));
    return hotels.map((hotel) => toHotelAnswer(hotel, viewer, revisions.get(hotel.id) ?? null));
  });

  app.post('/api/provider/hotels', { preValidation: providerOnly, schema: { body: providerHotelCreate } }, async (request, reply) => {
    const viewer = provider(request);
    const record = newProviderListing(request.body as ProviderHotelCreate, viewer);
    const hotel = await createProviderListing(ctx.pool, record, [{ type: 'hotel.created' }, { type: 'hotel.submitted' }]);
    ctx.relay.nudge();
    return reply.status(201).send(toHotelAnswer(hotel, viewer, null));
  });

  app.put('/api/provider/hotels/:id', { preValidation: providerOnly, schema: { body: providerHotelUpdate } }, async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const input = request.body as ProviderHotelUpdate;
    const { hotel, revision } = await editListing(ctx.pool, id, viewer.id, input, (current) => assertOwner(viewer, current));
    ctx.relay.nudge();
    return toHotelAnswer(hotel, viewer, revision);
  });

  app.delete('/api/provider/hotels/:id', { preValidation: providerOnly }, async (request, reply) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    await deleteHotel(ctx.pool, id, (current) => assertOwner(viewer, current));
    ctx.relay.nudge();
    return reply.status(204).send();
  });
}
