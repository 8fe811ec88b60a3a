import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { reviewRequest } from '@reproute/contracts';

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

/** The form's resolver; the write-review page loads this module on demand (its first validation), not with its first paint. */
export const reviewFormResolver = zodResolver(reviewFormSchema);
