import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { favoriteRequest, hotelIdSchema, messages } from '@reproute/contracts';
import { notFound, requireUser, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { canEngageWith } from '../domain/hotels.ts';
import { findHotel } from '../store/hotels.ts';
import { addFavorite, listFavorites, removeFavorite } from '../store/favorites.ts';
import { signedIn } from './guards.ts';

const hotelIdParam = z.object({ hotelId: hotelIdSchema });

/** The signed-in user's favourite hotels: the server is the truth (ruling 7). */
export async function favoriteRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.get('/api/favorites', { preValidation: signedIn }, async (request) => {
    const user = requireUser(request);
    return listFavorites(ctx.pool, user.id);
  });

  app.post('/api/favorites', { preValidation: signedIn, schema: { body: favoriteRequest } }, async (request, reply) => {
    const user = requireUser(request);
    const { hotelId } = favoriteRequest.parse(request.body);
    if (!canEngageWith(await findHotel(ctx.pool, hotelId), user)) throw notFound(messages.hotelNotFound);
    const { item, created } = await addFavorite(ctx.pool, user.id, hotelId);
    if (created) ctx.relay.nudge();
    return reply.status(created ? 201 : 200).send(item);
  });

  // Removing is idempotent and works for any id, so a favourite of a hotel gone from the catalog can still be cleared.
  app.delete('/api/favorites/:hotelId', { preValidation: signedIn, schema: { params: hotelIdParam } }, async (request, reply) => {
    const user = requireUser(request);
    const { hotelId } = hotelIdParam.parse(request.params);
    if (await removeFavorite(ctx.pool, user.id, hotelId)) ctx.relay.nudge();
    return reply.status(204).send();
  });
}
