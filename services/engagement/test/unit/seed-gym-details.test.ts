import { describe, expect, it } from 'vitest';
import { summariseGymReviews, subScoreMinReviews, type ReviewGymFacts } from '@reproute/contracts';
import { seedReviews } from '../../../catalog/scripts/seed-reviews.ts';
import { seedGymDetails, type SeedGymDetails } from '../../scripts/seed-gym-details.ts';

/** A seeded review's details as the hotel page's summary reads them (none given: nulls). */
function gymReviewsSummaryInput(gym: SeedGymDetails | null): ReviewGymFacts {
  return gym ?? { gymScores: { equipment: null, space: null, cleanliness: null, crowding: null }, trainedHour: null, trainedBand: null };
}

describe('the seeded reviews\' gym details', () => {
  const details = seedReviews.map((r, i) => ({ review: r, gym: seedGymDetails(r, i) }));

  it('most seeded reviews give them, within the contract\'s ranges; one in five gives none', () => {
    const given = details.filter((d) => d.gym);
    expect(given.length).toBeGreaterThan(seedReviews.length * 0.7);
    expect(given.length).toBeLessThan(seedReviews.length);
    for (const { gym } of given) {
      for (const score of Object.values(gym!.gymScores)) if (score !== null) expect(score >= 1 && score <= 5 && Number.isInteger(score)).toBe(true);
      expect(gym!.trainedHour !== null || gym!.trainedBand !== null).toBe(true);
      expect(gym!.trainedKinds.length).toBeGreaterThan(0);
    }
  });

  it('several hotel pages show the sub-score averages and the crowding chart', () => {
    const byHotel = new Map<number, ReturnType<typeof gymReviewsSummaryInput>[]>();
    for (const d of details) byHotel.set(d.review.hotelId, [...(byHotel.get(d.review.hotelId) ?? []), gymReviewsSummaryInput(d.gym)]);
    const summaries = [...byHotel.values()].map((reviews) => summariseGymReviews(reviews));
    expect(summaries.filter((s) => s.crowdingByBand !== null).length).toBeGreaterThanOrEqual(5);
    expect(summaries.filter((s) => s.subScores.some((x) => x.average !== null && x.count >= subScoreMinReviews)).length).toBeGreaterThanOrEqual(10);
  });
});
