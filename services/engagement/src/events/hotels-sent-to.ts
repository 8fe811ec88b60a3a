import { topics } from '@reproute/contracts';
import type { EventHandlers } from '@reproute/platform';
import { recordSentTo } from '../store/verified-stays.ts';

/**
 * When RepRoute sent a signed-in account to a hotel: referral's booking-link clicks and leads, kept per account and
 * hotel as the earliest, which marks that account's reviews of the hotel as verified stays. A visitor's click
 * (no account) or a click on a link without a hotel proves nothing and is passed over.
 */
export const hotelsSentToHandlers: EventHandlers = {
  'referral.clicked': async (event, tx) => {
    const { userId, hotelId } = event.data;
    if (userId && hotelId) await recordSentTo(tx, userId, hotelId, event.occurredAt);
  },
  'lead.created': async (event, tx) => {
    const { userId, hotelId } = event.data;
    if (userId) await recordSentTo(tx, userId, hotelId, event.occurredAt);
  },
};

export const hotelsSentToConsumer = {
  name: 'engagement-hotels-sent-to',
  topics: [topics.clicks, topics.leads],
  handlers: hotelsSentToHandlers,
};
