import { z } from 'zod';
import { reviewGymMessages } from './messages.ts';
import { gymSubScoreKeys, reviewPhotosPerReview, trainingKinds, trainingTimeBands } from './review-gym.ts';

// A review's gym details as requests give them and answers carry them (engagement.ts puts them in the review's
// schemas; the values and the summary are in review-gym.ts).
/** One gym sub-score as a review request gives it: a whole number from 1 to 5, or null (not scored). */
const gymSubScore = z
  .number({ error: reviewGymMessages.subScoreInvalid })
  .int(reviewGymMessages.subScoreInvalid)
  .min(1, reviewGymMessages.subScoreInvalid)
  .max(5, reviewGymMessages.subScoreInvalid)
  .nullish();
/** `gymScores` of `POST /api/reviews`: any of equipment, space, cleanliness and crowding; nothing else. */
export const gymSubScoresRequest = z.strictObject(
  Object.fromEntries(gymSubScoreKeys.map((key) => [key, gymSubScore])) as Record<(typeof gymSubScoreKeys)[number], typeof gymSubScore>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? reviewGymMessages.subScoreUnknown : reviewGymMessages.subScoreInvalid) },
);
export const gymSubScoresAnswer = z.object(
  Object.fromEntries(gymSubScoreKeys.map((key) => [key, z.number().int().min(1).max(5).nullable()])) as Record<(typeof gymSubScoreKeys)[number], z.ZodNullable<z.ZodNumber>>,
);
export const trainedHourRequest = z
  .number({ error: reviewGymMessages.trainedHourInvalid })
  .int(reviewGymMessages.trainedHourInvalid)
  .min(0, reviewGymMessages.trainedHourInvalid)
  .max(23, reviewGymMessages.trainedHourInvalid);
export const trainedBandRequest = z.enum(trainingTimeBands, { error: reviewGymMessages.trainedBandInvalid });
export const trainedKindsRequest = z
  .array(z.enum(trainingKinds, { error: reviewGymMessages.trainedKindsInvalid }), { error: reviewGymMessages.trainedKindsInvalid })
  .max(trainingKinds.length, reviewGymMessages.trainedKindsInvalid)
  .refine((kinds) => new Set(kinds).size === kinds.length, reviewGymMessages.trainedKindsInvalid);
/** The photos a review carries: ids `POST /api/reviews/photos` answered the same account, at most 6, each once. */
export const reviewPhotoIdsRequest = z
  .array(z.string({ error: reviewGymMessages.photoIdsInvalid }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, reviewGymMessages.photoIdsInvalid), {
    error: reviewGymMessages.photoIdsInvalid,
  })
  .max(reviewPhotosPerReview, reviewGymMessages.photoIdsMax)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, reviewGymMessages.photoIdsInvalid);

/** A review's photo: the <img> src and srcset of its WebP variants (served at /images/review-photos/). */
export const reviewPhoto = z.object({
  id: z.string(),
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReviewPhoto = z.infer<typeof reviewPhoto>;
/** `POST /api/reviews/photos`: the photos stored for the caller's next review (named in its `photoIds`). */
export const reviewPhotoUploadAnswer = z.object({ photos: z.array(reviewPhoto) });
export type ReviewPhotoUploadAnswer = z.infer<typeof reviewPhotoUploadAnswer>;
