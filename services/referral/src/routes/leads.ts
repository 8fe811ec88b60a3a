import type { FastifyInstance } from 'fastify';
import { endpoints, messages, tryAgainIn } from '@reproute/contracts';
import { enqueueEvent, HttpError, mayUse, metrics, notFound, rateLimited, requireScope, requireUser, serveEndpoint, withTransaction, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { checkLeadSender, checkLeadTarget, clientGroup, leadContact, repeatLeadKey, requestedReferralId } from '../domain/leads.ts';
import { leadRecipient } from '../domain/hotels.ts';
import { clip } from '../domain/clicks.ts';
import { findHotel } from '../store/hotels.ts';
import { allLeadsForProvider, createLead, leadsForProvider, setLeadDetails, setLeadStatus } from '../store/leads.ts';
import { leadRoutingOf, saveLeadRouting } from '../store/lead-routing.ts';
import { leadsCsv, leadsCsvFileName } from '../domain/lead-csv.ts';

export async function leadRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  /** A traveller's interest in a hotel, with their contact by their choice; the hotel is emailed through lead.created and the notifier. */
  serveEndpoint(app, endpoints['POST /api/leads'], async (request) => {
    const body = request.body;
    // Only a signed-in traveller with a verified email who chose to share their details sends a lead
    // (the schema asks for `shareContact: true`); anyone else's booking is the referral click alone.
    const sender = checkLeadSender(request.user);
    if (!sender.ok) throw new HttpError(sender.status, sender.message);
    const caller = sender.caller;
    const target = checkLeadTarget(await findHotel(ctx.pool, body.hotelId), caller);
    if (!target.ok) throw new HttpError(target.status, target.message, [{ path: 'hotelId', message: target.message }]);

    // Name, email and message come from the account; the body's are never trusted.
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
        message: contact.email ? body.message : null,
        checkInDate: body.checkInDate,
        checkOutDate: body.checkOutDate,
        guests: body.guests,
        referralUrl: body.referralUrl,
        referralId: requestedReferralId(body.referralId, target.hotel.hotelId),
        ipAddress,
        clientGroup: clientGroup(ipAddress),
        userAgent,
        repeatKey: repeatLeadKey({ hotelId: target.hotel.hotelId, ...contact, ipAddress, userAgent, checkInDate: body.checkInDate, checkOutDate: body.checkOutDate, guests: body.guests }),
      },
      {
        repeatWindowSeconds: ctx.config.LEAD_REPEAT_WINDOW_SECONDS,
        windowSeconds: ctx.config.LEAD_LIMIT_WINDOW_SECONDS,
        perClient: ctx.config.LEAD_LIMIT_PER_CLIENT,
        perHotel: ctx.config.LEAD_LIMIT_PER_HOTEL,
        perHotelPerClient: ctx.config.LEAD_LIMIT_PER_HOTEL_PER_CLIENT,
      },
    );
    if (outcome.kind === 'limited') {
      request.log.warn({ hotelId: target.hotel.hotelId, limitedBy: outcome.by }, 'lead refused by rate limit');
      throw rateLimited(`${messages.tooManyLeads} ${tryAgainIn(outcome.retryAfterSeconds)}`, outcome.retryAfterSeconds);
    }
    if (outcome.kind === 'created') {
      metrics.business.inc({ action: 'lead' });
    }
    return { id: outcome.id, referralId: outcome.referralId };
  });

  /** The lead inbox: one page of the leads of the organisation's hotels the member's role shows leads of (owner, manager), newest first. */
  serveEndpoint(app, endpoints['GET /api/provider/leads'], async (request) => {
    return leadsForProvider(ctx.pool, requireScope(requireUser(request), 'leads'), request.query);
  });

  /** The same leads and filters as CSV, every page at once, for a spreadsheet or a CRM. */
  serveEndpoint(app, endpoints['GET /api/provider/leads.csv'], async (request, reply) => {
    const filters = request.query;
    const leads = await allLeadsForProvider(ctx.pool, requireScope(requireUser(request), 'leads'), filters);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${leadsCsvFileName(new Date(), filters.hotelId)}"`)
      .header('cache-control', 'no-store')
      .send(leadsCsv(leads));
  });

  /**
   * A member whose role allows leads for the lead's hotel moves it along (new, contacted, booked, lost), written to the
   * organisation's activity log in the same transaction; anyone else's lead is "not found".
   */
  serveEndpoint(app, endpoints['PATCH /api/provider/leads/:id'], async (request) => {
    const { id } = request.params;
    const user = requireUser(request);
    const access = requireScope(user, 'leads');
    const lead = isUuid(id)
      ? await withTransaction(ctx.pool, async (tx) => {
          const before = await tx.query<{ status: string }>('SELECT status FROM leads WHERE id = $1 FOR UPDATE', [id]);
          const changed = await setLeadStatus(tx, access, id, request.body.status);
          if (changed && before.rows[0]?.status !== changed.status) {
            await enqueueEvent(
              tx,
              'organisation.activity',
              {
                organisationId: access.organisationId,
                actorId: user.id,
                actorEmail: user.email,
                action: 'lead.status',
                hotelId: changed.hotel.id,
                hotelName: changed.hotel.name,
                subjectId: changed.id,
                detail: `${before.rows[0]?.status ?? 'new'} → ${changed.status}`,
              },
              { key: access.organisationId },
            );
            // The hotel's systems hear of it too: the webhooks service delivers lead.status_changed to its endpoints.
            await enqueueEvent(
              tx,
              'lead.status_changed',
              {
                leadId: changed.id,
                hotelId: changed.hotel.id,
                hotelName: changed.hotel.name,
                referralId: changed.referralId,
                status: changed.status,
                previousStatus: before.rows[0]?.status ?? 'new',
                changedAt: new Date().toISOString(),
              },
              { key: changed.id },
            );
          }
          return changed;
        })
      : null;
    if (!lead) throw notFound(messages.leadNotFound);
    return lead;
  });

  /** A lead's note and assignee (owners and managers of its property); anyone else's lead is "not found". */
  serveEndpoint(app, endpoints['PUT /api/provider/leads/:id/details'], async (request) => {
    const { id } = request.params;
    const user = requireUser(request);
    const access = requireScope(user, 'leads');
    const lead = isUuid(id) ? await setLeadDetails(ctx.pool, access, id, request.body, { id: user.id, email: user.email }) : null;
    if (!lead) throw notFound(messages.leadNotFound);
    return lead;
  });

  /** A property's lead routing: owners and managers of it; any other property is "not found". */
  const routedHotel = async (request: { user: Parameters<typeof requireUser>[0]['user']; params: { hotelId: string } }) => {
    const user = requireUser(request as never);
    const hotelId = /^\d{1,10}$/.test(request.params.hotelId) ? Number(request.params.hotelId) : 0;
    const hotel = hotelId > 0 && hotelId <= 2_147_483_647 ? await findHotel(ctx.pool, hotelId) : null;
    if (!hotel || hotel.deleted || !mayUse(user, { id: hotel.hotelId, providerId: hotel.providerId }, 'leads')) throw notFound(messages.hotelNotFound);
    return { user, hotel };
  };
  serveEndpoint(app, endpoints['GET /api/provider/lead-routing/:hotelId'], async (request) => {
    const { hotel } = await routedHotel(request);
    return leadRoutingOf(ctx.pool, hotel);
  });
  serveEndpoint(app, endpoints['PUT /api/provider/lead-routing/:hotelId'], async (request) => {
    const { user, hotel } = await routedHotel(request);
    return saveLeadRouting(ctx.pool, hotel, request.body, user.id);
  });
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
