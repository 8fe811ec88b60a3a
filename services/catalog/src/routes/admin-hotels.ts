import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { toHotelAnswer } from '../domain/hotel.ts';
import { listHotels, listPendingHotels } from '../store/hotels.ts';
import { adminOnly, viewerOf } from './viewer.ts';

/** The admin panel's lists: every hotel (with affiliateClicks) and the listings awaiting review. */
export async function adminHotelRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  app.get('/api/admin/hotels', { preValidation: adminOnly }, async (request) => {
    const hotels = await listHotels(ctx.pool, { includeAll: true, limit: 1000 });
    return hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request)));
  });

  app.get('/api/admin/hotels/pending', { preValidation: adminOnly }, async (request) => {
    const hotels = await listPendingHotels(ctx.pool);
    return hotels.map((hotel) => toHotelAnswer(hotel, viewerOf(request)));
  });
}
