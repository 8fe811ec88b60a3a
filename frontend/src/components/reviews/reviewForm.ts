import { z } from 'zod';
import { reviewRequest, splitCommaList, type ReviewRequest } from '@reproute/contracts';

/** The review form: the shared rules of document 2, with pros and cons typed as comma-separated text. */
export const reviewFormSchema = reviewRequest.omit({ pros: true, cons: true, tags: true }).extend({
  pros: z.string().max(1000),
  cons: z.string().max(1000),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormOutput = z.output<typeof reviewFormSchema>;

export function emptyReviewForm(hotelId?: string): ReviewFormInput {
  return { hotelId: hotelId ?? '', title: '', content: '', rating: 0, gymRating: 0, travelType: '' as never, roomType: '', stayDate: '', pros: '', cons: '' };
}

/** The body of POST /api/reviews: pros and cons split on commas; the trip type becomes a tag ("business-trip"). */
export function toReviewRequest(values: ReviewFormOutput): ReviewRequest {
  return {
    ...values,
    pros: splitCommaList(values.pros),
    cons: splitCommaList(values.cons),
    tags: [`${values.travelType}-trip`],
  };
}

export { tagLabel } from './reviewTags';
