import {
  crowdingChartMinReviews,
  gymSubScoreLabels,
  hourLabel,
  trainingKindLabels,
  trainingTimeBandLabels,
  type GymReviewSummary,
  type GymSubScores,
  type TrainingKind,
  type TrainingTimeBand,
} from '@reproute/contracts';

/** "Trained at 07:00 (early morning)" / "Trained in the evening (18:00–22:00)" / null. */
export function trainedTimeText(review: { trainedHour: number | null; trainedBand: TrainingTimeBand | null }): string | null {
  if (review.trainedHour !== null) return `Trained at ${hourLabel(review.trainedHour)}`;
  if (review.trainedBand) return `Trained: ${trainingTimeBandLabels[review.trainedBand]}`;
  return null;
}

/** "Strength, Cardio" or null. */
export function trainedKindsText(kinds: readonly TrainingKind[]): string | null {
  return kinds.length > 0 ? kinds.map((k) => trainingKindLabels[k]).join(', ') : null;
}

/** The sub-scores a review gave, in their order: [{ label, score }]. */
export function givenSubScores(scores: GymSubScores): { key: keyof GymSubScores; label: string; score: number }[] {
  return (Object.keys(gymSubScoreLabels) as (keyof GymSubScores)[]).flatMap((key) => (scores[key] === null ? [] : [{ key, label: gymSubScoreLabels[key], score: scores[key]! }]));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the summary says in words of the crowding chart (its text alternative's first line), or why there is none yet. */
export function crowdingChartText(summary: GymReviewSummary): string {
  if (!summary.crowdingByBand) {
    const missing = crowdingChartMinReviews - summary.crowdingReviews;
    return `The crowding chart appears once ${crowdingChartMinReviews} reviews say when they trained and how crowded it was (${plural(summary.crowdingReviews, 'review')} so far, ${missing} to go).`;
  }
  const rated = summary.crowdingByBand.filter((b) => b.average !== null);
  const quietest = [...rated].sort((a, b) => b.average! - a.average!)[0]!;
  const busiest = [...rated].sort((a, b) => a.average! - b.average!)[0]!;
  const from = `From ${plural(summary.crowdingReviews, 'review')} saying when they trained`;
  if (quietest.band === busiest.band) return `${from}: ${trainingTimeBandLabels[quietest.band]} scored ${quietest.average}/5 for crowding (5 is quiet).`;
  return `${from}: quietest ${trainingTimeBandLabels[quietest.band]} (${quietest.average}/5), busiest ${trainingTimeBandLabels[busiest.band]} (${busiest.average}/5); 5 is quiet.`;
}
