import { topics, type EventData } from '@reproute/contracts';
import { enqueueEvent, type EventHandlers, type Logger, type Queryable } from '@reproute/platform';
import { addReferralClick, recordApprovedReview } from '../store/counters.ts';
import { findHotel } from '../store/hotels.ts';

/** `hotel.review-published` for a review's listing when a provider owns it (an admin's own hotel has no one to tell). */
async function announceReviewPublished(tx: Queryable, review: EventData<'review.approved'>): Promise<void> {
  const hotel = await findHotel(tx, { id: review.hotelId });
  if (!hotel?.providerId || !hotel.providerEmail) return;
  await enqueueEvent(
    tx,
    'hotel.review-published',
    { hotelId: hotel.id, name: hotel.name, slug: hotel.slug, providerId: hotel.providerId, providerEmail: hotel.providerEmail, reviewId: review.reviewId, rating: review.rating, title: review.title },
    { key: hotel.id },
  );
}

/**
 * Counters the catalog keeps from referral's facts: a referral click adds to affiliateClicks. The
 * platform consumer records each event id in the same transaction, so a repeat delivery changes nothing.
 */
export function hotelCounterHandlers(logger: Logger): EventHandlers {
  return {
    'referral.clicked': async (event, tx) => {
      const found = await addReferralClick(tx, event.data.hotelId, event.data.hotelName);
      if (!found) logger.info({ eventId: event.id, hotelId: event.data.hotelId, hotelName: event.data.hotelName }, 'referral click for an unknown hotel ignored');
    },
  };
}

export const hotelCounterConsumer = {
  name: 'catalog.hotel-counters',
  topics: [topics.clicks],
};

/**
 * A hotel's rating, totalReviews and the reviewers' part of its gym score come only from approved
 * reviews: each review.approved is recorded once by review id (with its gym rating) and the figures
 * recomputed from the recorded reviews. This consumer group reads engagement.reviews from its start,
 * so every approval still in the log is counted. review.rejected needs nothing: a moderation decision
 * is final, so a rejected review was never approved.
 */
export function reviewRatingHandlers(logger: Logger): EventHandlers {
  return {
    'review.approved': async (event, tx) => {
      const { found, firstTime } = await recordApprovedReview(tx, event.data);
      if (!found) logger.warn({ eventId: event.id, hotelId: event.data.hotelId }, 'approved review for an unknown hotel ignored');
      // The listing's owner hears of a review published of it, once per review (the catalog knows who owns it).
      if (firstTime) await announceReviewPublished(tx, event.data);
    },
  };
}

export const reviewRatingConsumer = {
  // Named anew when gym ratings were added: the new group reads the log again, filling the gym ratings of reviews recorded before.
  name: 'catalog.review-figures',
  topics: [topics.reviews],
};
