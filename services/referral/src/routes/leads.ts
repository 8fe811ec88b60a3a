import type { FastifyInstance } from 'fastify';
import { leadRequest, messages, tryAgainIn } from '@reproute/contracts';
import { HttpError, metrics, rateLimited, requireRole, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { checkLeadTarget, leadContact, repeatLeadKey, requestedReferralId } from '../domain/leads.ts';
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

    // Name, email and message come from a signed-in account only; the body's are never trusted.
    const contact = leadContact(caller);
    const ipAddress = clip(request.ip, 64);
    const userAgent = clip(request.headers['user-agent'], 512);
    const outcome = await createLead(
      ctx.pool,
      {
        hotelId: target.hotel.hotelId,
        hotelName: target.hotel.name,
        contactEmail: leadRecipient(target.hotel),
        ...contact,
        message: caller ? body.message : null,
        checkInDate: body.checkInDate,
        checkOutDate: body.checkOutDate,
        guests: body.guests,
        referralUrl: body.referralUrl,
        referralId: requestedReferralId(body.referralId, target.hotel.hotelId),
        ipAddress,
        userAgent,
        repeatKey: repeatLeadKey({ hotelId: target.hotel.hotelId, ...contact, ipAddress, userAgent, checkInDate: body.checkInDate, checkOutDate: body.checkOutDate, guests: body.guests }),
      },
      {
        repeatWindowSeconds: ctx.config.LEAD_REPEAT_WINDOW_SECONDS,
        windowSeconds: ctx.config.LEAD_LIMIT_WINDOW_SECONDS,
        perClient: ctx.config.LEAD_LIMIT_PER_CLIENT,
        perHotel: ctx.config.LEAD_LIMIT_PER_HOTEL,
      },
    );
    if (outcome.kind === 'limited') {
      request.log.warn({ hotelId: target.hotel.hotelId, limitedBy: outcome.by }, 'lead refused by rate limit');
      throw rateLimited(`${messages.tooManyLeads} ${tryAgainIn(outcome.retryAfterSeconds)}`, outcome.retryAfterSeconds);
    }
    if (outcome.kind === 'created') {
      metrics.business.inc({ action: 'lead' });
      ctx.relay.nudge();
    }
    return reply.status(201).send({ id: outcome.id, referralId: outcome.referralId });
  });

  /** The provider dashboard's lead table: leads of the caller's own hotels, newest first. */
  app.get('/api/provider/leads', async (request) => {
    const provider = requireRole(request, 'provider');
    return leadsForProvider(ctx.pool, provider.id);
  });
}
