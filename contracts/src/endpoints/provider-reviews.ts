import { defineEndpoints } from '../endpoint.ts';
import { providerReviewsPage, providerReviewsQuery } from '../provider-reviews.ts';

/** Engagement, for an organisation's team: the reviews inbox across its properties. */
export const providerReviewEndpoints = defineEndpoints('engagement', {
  'GET /api/provider/reviews': {
    access: 'provider',
    summary: 'The published reviews of the properties the member answers reviews for, newest first, to reply from one inbox',
    query: providerReviewsQuery,
    responses: { 200: providerReviewsPage },
    doc: '`{ items: [Review & { hotel: { id, name } }], total, unanswered, page, pageSize: 20 }`: approved reviews of the organisation\'s live properties whose role allows reviews (owner, responder), newest first; `unanswered=true` only those without a reply, `rating` 1-5 one star rating, `hotelId` one property; `unanswered` counts the unanswered ones under the other filters. Reply with `POST /api/reviews/{id}/reply`. 403 "Your role in this organisation does not allow this." for a role without reviews; 400 "Rating must be a whole number from 1 to 5", "unanswered must be true or false", "hotelId must be a positive whole number", "Page must be a whole number from 1 to 10000"',
  },
});
