import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { notFound, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { canEngageWith } from '../domain/hotels.ts';
import { findHotel } from '../store/hotels.ts';
import { addFavorite, listFavorites, removeFavorite } from '../store/favorites.ts';
import { rememberAlertAddress } from '../store/favorite-alerts.ts';

/** The signed-in user's favourite hotels: the server is the truth (ruling 7). */
export async function favoriteRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  serveEndpoint(app, endpoints['GET /api/favorites'], async (request) => {
    return listFavorites(ctx.pool, requireUser(request).id);
  });

  serveEndpoint(app, endpoints['POST /api/favorites'], async (request, reply) => {
    const user = requireUser(request);
    const { hotelId } = request.body;
    if (!canEngageWith(await findHotel(ctx.pool, hotelId), user)) throw notFound(messages.hotelNotFound);
    const { item, created } = await addFavorite(ctx.pool, user.id, hotelId);
    // A favourite's gym changes are emailed to the account's address once the account has proved it (ruling 17).
    if (user.emailVerified) await rememberAlertAddress(ctx.pool, user.id, user.email);
    if (!created) return item;
    return reply.status(201).send(item);
  });

  // Removing is idempotent and works for any id, so a favourite of a hotel gone from the catalog can still be cleared.
  serveEndpoint(app, endpoints['DELETE /api/favorites/:hotelId'], async (request, reply) => {
    await removeFavorite(ctx.pool, requireUser(request).id, request.params.hotelId);
    return reply.status(204).send();
  });
}
