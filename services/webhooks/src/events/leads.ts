import { topics } from '@reproute/contracts';
import type { EventHandlers as Handlers } from '@reproute/platform';
import { queueForHotel } from '../store/deliveries.ts';

/**
 * Leads off the event stream (referral.leads, a consumer group of its own): each lead.created and lead.status_changed
 * becomes one message per endpoint that wants it, in the consumer's transaction, recorded once by event id, so a
 * repeated event queues nothing twice. Nothing here waits for a receiver: the dispatcher delivers.
 */
export const leadHandlers: Handlers = {
  'lead.created': async (event, tx) => {
    const lead = event.data;
    await queueForHotel(tx, {
      hotelId: lead.hotelId,
      type: 'lead.created',
      eventId: event.id,
      occurredAt: event.occurredAt,
      data: {
        leadId: lead.leadId,
        referralId: lead.referralId ?? null,
        hotelId: lead.hotelId,
        hotelName: lead.hotelName,
        name: lead.name,
        email: lead.email,
        message: lead.message,
        checkInDate: lead.checkInDate,
        checkOutDate: lead.checkOutDate,
        guests: lead.guests,
        status: 'new',
        createdAt: event.occurredAt,
      },
    });
  },
  'lead.status_changed': async (event, tx) => {
    const change = event.data;
    await queueForHotel(tx, {
      hotelId: change.hotelId,
      type: 'lead.status_changed',
      eventId: event.id,
      occurredAt: event.occurredAt,
      data: { leadId: change.leadId, referralId: change.referralId, hotelId: change.hotelId, hotelName: change.hotelName, status: change.status, previousStatus: change.previousStatus, changedAt: change.changedAt },
    });
  },
};

export const leadConsumer = { name: 'webhooks-leads', topics: [topics.leads], handlers: leadHandlers };
