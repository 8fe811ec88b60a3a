import { z } from 'zod';
import { gymSubScoreKeys, reviewRequest, splitCommaList, type GymSubScores, type ReviewRequest } from '@reproute/contracts';

/** A sub-score as the form keeps it: 0 is "not scored" (the request leaves it out). */
const formSubScore = z.number().int().min(0).max(5);

/**
 * The review form: the shared rules of document 2, with pros and cons typed as comma-separated text, the gym
 * sub-scores as 0 (not scored) to 5, the hour and the time of day as their selects' text ("" for none); the
 * photos are uploaded beside the form and named in the request by their ids.
 */
export const reviewFormSchema = reviewRequest.omit({ pros: true, cons: true, tags: true, gymScores: true, trainedHour: true, trainedBand: true, photoIds: true }).extend({
  pros: z.string().max(1000),
  cons: z.string().max(1000),
  gymScores: z.object({ equipment: formSubScore, space: formSubScore, cleanliness: formSubScore, crowding: formSubScore }),
  trainedHour: z.string(),
  trainedBand: z.string(),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormOutput = z.output<typeof reviewFormSchema>;

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
