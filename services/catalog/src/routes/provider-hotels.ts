import type { FastifyInstance } from 'fastify';
import { endpoints, organisationMessages } from '@reproute/contracts';
import { forbidden, requireMembership, requireUser, roleOf, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { mayOnHotel, newProviderListing, ownsHotel, type StoredHotel, type Viewer } from '../domain/hotel.ts';
import { toHotelAnswer } from '../domain/hotel-answer.ts';
import { createProviderListing, deleteHotel, listProviderHotels } from '../store/hotels.ts';
import { discardRejectedRevision, editListing, revisionsOf } from '../store/revisions.ts';
import { recordListingActivity } from '../events/organisation-activity.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

/** Another organisation's hotel (or one the member has no role for) is 403; a role without listings is 403 with why. */
export function assertListingRole(viewer: Viewer, hotel: StoredHotel): void {
  if (!ownsHotel(viewer, hotel)) throw forbidden();
  if (!mayOnHotel(viewer, hotel, 'listings')) throw forbidden(organisationMessages.roleForbidden);
}

/**
 * An organisation's listings: list, add (pending review), edit and delete; another organisation's hotel is 403, and
 * each member's role for the property decides (docs/decisions.md, "Organisations and roles"): any role sees the
 * listings it holds a role for; owners and managers add, edit and delete them.
 * Edits to an approved listing's reviewed fields wait for an admin (pendingRevision in the answers).
 */
export async function providerHotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  const provider = (request: Parameters<typeof viewerOf>[0]): Viewer => {
    requireUser(request);
    return viewerOf(request)!;
  };

  serveEndpoint(app, endpoints['GET /api/provider/hotels'], async (request) => {
    const viewer = provider(request);
    const membership = requireMembership(request.user!);
    const hotels = (await listProviderHotels(ctx.pool, membership.organisationId)).filter((hotel) => ownsHotel(viewer, hotel));
    const revisions = await revisionsOf(ctx.pool, hotels.map((h) => h.id));
    return hotels.map((hotel) => toHotelAnswer(hotel, viewer, revisions.get(hotel.id) ?? null));
  });

  serveEndpoint(app, endpoints['POST /api/provider/hotels'], async (request) => {
    const viewer = provider(request);
    // A new property is the organisation's: adding one needs listings on every property (owner, manager for all).
    const membership = requireMembership(request.user!);
    const role = roleOf(membership, null);
    if (role !== 'owner' && role !== 'manager') throw forbidden(organisationMessages.roleForbidden);
    const record = newProviderListing(request.body, viewer);
    const hotel = await createProviderListing(ctx.pool, record, [{ type: 'hotel.created' }, { type: 'hotel.submitted' }], (tx, created) =>
      recordListingActivity(tx, viewer, 'listing.created', created),
    );
    return toHotelAnswer(hotel, viewer, null);
  });

  serveEndpoint(app, endpoints['PUT /api/provider/hotels/:id'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const changed = Object.keys(request.body).join(', ') || null;
    const { hotel, revision } = await editListing(ctx.pool, id, viewer.id, request.body, async (current, tx) => {
      assertListingRole(viewer, current);
      await recordListingActivity(tx, viewer, 'listing.updated', current, changed);
    });
    return toHotelAnswer(hotel, viewer, revision);
  });

  // A rejected change the provider does not want to fix: dropped, the live listing as it is.
  serveEndpoint(app, endpoints['DELETE /api/provider/hotels/:id/revision'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const hotel = await discardRejectedRevision(ctx.pool, id, async (current, tx) => {
      assertListingRole(viewer, current);
      await recordListingActivity(tx, viewer, 'listing.updated', current, 'discarded the rejected change');
    });
    return toHotelAnswer(hotel, viewer, null);
  });

  serveEndpoint(app, endpoints['DELETE /api/provider/hotels/:id'], async (request, reply) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    await deleteHotel(ctx.pool, id, async (current, tx) => {
      assertListingRole(viewer, current);
      await recordListingActivity(tx, viewer, 'listing.deleted', current);
    });
    return reply.status(204).send();
  });
}
