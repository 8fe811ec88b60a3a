import type { FastifyInstance } from 'fastify';
import { leadRequest } from '@reproute/contracts';
import { HttpError, metrics, requireRole, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { checkLeadTarget, leadContact, repeatLeadKey } from '../domain/leads.ts';
import { leadRecipient } from '../domain/hotels.ts';
import { clip } from '../domain/clicks.ts';
import { findHotel } from '../store/hotels.ts';
import { createLead, leadsForProvider } from '../store/leads.ts';

export async function leadRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  /** A traveller's interest in a hotel; the hotel is emailed through lead.created and the notifier. */
  app.post('/api/leads', async (request, reply) => {
    const body = leadRequest.parse(request.body);
    const caller = request.user;
    const target = checkLeadTarget(await findHotel(ctx.pool, body.hotelId), caller);
    if (!target.ok) throw new HttpError(target.status, target.message, [{ path: 'hotelId', message: target.message }]);

    const contact = leadContact(body, caller);
    const ipAddress = clip(request.ip, 64);
    const userAgent = clip(request.headers['user-agent'], 512);
    const saved = await createLead(
      ctx.pool,
      {
        hotelId: target.hotel.hotelId,
        hotelName: target.hotel.name,
        contactEmail: leadRecipient(target.hotel),
        ...contact,
        message: body.message,
        checkInDate: body.checkInDate,
        checkOutDate: body.checkOutDate,
        guests: body.guests,
        referralUrl: body.referralUrl,
        ipAddress,
        userAgent,
        repeatKey: repeatLeadKey({ hotelId: target.hotel.hotelId, ...contact, ipAddress, userAgent, checkInDate: body.checkInDate, checkOutDate: body.checkOutDate, guests: body.guests }),
      },
      ctx.config.LEAD_REPEAT_WINDOW_SECONDS,
    );
    if (!saved.repeated) {
      metrics.business.inc({ action: 'lead' });
      ctx.relay.nudge();
    }
    return reply.status(201).send({ id: saved.id });
  });

  /** The provider dashboard's lead table: leads of the caller's own hotels, newest first. */
  app.get('/api/provider/leads', async (request) => {
    const provider = requireRole(request, 'provider');
    return leadsForProvider(ctx.pool, provider.id);
  });
}
