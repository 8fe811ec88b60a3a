import { topics } from '@reproute/contracts';
import type { EventHandlers, Logger } from '@reproute/platform';
import { addReferralClick, addReviewRating } from '../store/counters.ts';

/**
 * Counters the catalog keeps from other services' facts: an approved review moves the rating
 * (running average) and totalReviews; a referral click adds to affiliateClicks. The platform
 * consumer records each event id in the same transaction, so a repeat delivery changes nothing.
 */
export function hotelCounterHandlers(logger: Logger): EventHandlers {
  return {
    'review.approved': async (event, tx) => {
      const found = await addReviewRating(tx, event.data.hotelId, event.data.rating);
      if (!found) logger.warn({ eventId: event.id, hotelId: event.data.hotelId }, 'approved review for an unknown hotel ignored');
    },
    'referral.clicked': async (event, tx) => {
      const found = await addReferralClick(tx, event.data.hotelId, event.data.hotelName);
      if (!found) logger.info({ eventId: event.id, hotelId: event.data.hotelId, hotelName: event.data.hotelName }, 'referral click for an unknown hotel ignored');
    },
  };
}

export const hotelCounterConsumer = {
  name: 'catalog.hotel-counters',
  topics: [topics.reviews, topics.clicks],
};
