import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@reproute/contracts';
import { badRequest, metrics, serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { clickHotelName, clip, resolveClickHotel } from '../domain/clicks.ts';
import { findHotel, findHotelByName } from '../store/hotels.ts';
import { createReferralClick } from '../store/clicks.ts';

export async function referralClickRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  /** Recorded before the booking link opens; visitors too (the user comes from the token when there is one). */
  serveEndpoint(app, endpoints['POST /api/referral-clicks'], async (request) => {
    const body = request.body;
    const hotel = await resolveClickHotel(body, {
      byId: async (id) => {
        const found = await findHotel(ctx.pool, id);
        return found && !found.deleted ? found : null;
      },
      byName: (name) => findHotelByName(ctx.pool, name),
    });
    const hotelName = clickHotelName(body, hotel);
    if (!hotelName) throw badRequest(messages.hotelNameRequired, [{ path: 'hotelName', message: messages.hotelNameRequired }]);

    const saved = await createReferralClick(ctx.pool, {
      hotelId: hotel?.hotelId ?? null,
      hotelName,
      bookingUrl: body.bookingUrl,
      clientTimestamp: body.timestamp,
      searchParams: body.searchParams,
      userId: request.user?.id ?? null,
      userAgent: clip(request.headers['user-agent'], 512),
      ipAddress: clip(request.ip, 64),
    });
    metrics.business.inc({ action: 'referral_click' });
    return { id: saved.id };
  });
}
