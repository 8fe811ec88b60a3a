import { gymSubScoreKeys, type GymSubScores, type ReviewRequest } from '@reproute/contracts';
import { splitCommaList } from '@reproute/contracts/review-values';
import type { ReviewFormInput, ReviewFormOutput } from './reviewFormSchema';

// The form's schema (zod) is in reviewFormSchema.ts, loaded when the form first validates: the write-review page's
// first paint does not wait for zod.
export type { ReviewFormInput, ReviewFormOutput };

export function emptyReviewForm(hotelId?: string): ReviewFormInput {
  return {
    hotelId: hotelId ?? '',
    title: '',
    content: '',
    rating: 0,
    gymRating: 0,
    travelType: '' as never,
    roomType: '',
    stayDate: '',
    pros: '',
    cons: '',
    gymScores: { equipment: 0, space: 0, cleanliness: 0, crowding: 0 },
    trainedHour: '',
    trainedBand: '',
    trainedKinds: [],
  };
}

/**
 * The body of POST /api/reviews: pros and cons split on commas; the trip type becomes a tag ("business-trip"); only
 * the sub-scores given; the hour if one was chosen, else the time of day; the uploaded photos' ids in their order.
 */
export function toReviewRequest(values: ReviewFormOutput, photoIds: string[] = []): ReviewRequest {
  const { gymScores, trainedHour, trainedBand, ...rest } = values;
  const given = Object.fromEntries(gymSubScoreKeys.filter((key) => gymScores[key] > 0).map((key) => [key, gymScores[key]])) as Partial<GymSubScores>;
  const hour = trainedHour === '' ? null : Number(trainedHour);
  return {
    ...rest,
    pros: splitCommaList(values.pros),
    cons: splitCommaList(values.cons),
    tags: [`${values.travelType}-trip`],
    ...(Object.keys(given).length > 0 ? { gymScores: given } : {}),
    trainedHour: hour,
    trainedBand: hour === null && trainedBand !== '' ? (trainedBand as ReviewRequest['trainedBand']) : null,
    trainedKinds: values.trainedKinds,
    photoIds,
  };
}

export { tagLabel } from './reviewTags';
