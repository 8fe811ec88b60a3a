// A review's gym details without schemas: the form, the review card and the hotel page's summary read these
// without pulling zod into their bundle (engagement.ts builds the schemas from them).

/** The gym's sub-scores a reviewer may give, each a whole number from 1 to 5 and each optional. */
export const gymSubScoreKeys = ['equipment', 'space', 'cleanliness', 'crowding'] as const;
export type GymSubScoreKey = (typeof gymSubScoreKeys)[number];
export type GymSubScores = Record<GymSubScoreKey, number | null>;

export const gymSubScoreLabels: Record<GymSubScoreKey, string> = {
  equipment: 'Equipment',
  space: 'Space',
  cleanliness: 'Cleanliness',
  crowding: 'Crowding',
};

/** What a score means, said beside the input (crowding: 5 is a quiet gym, so every sub-score reads "higher is better"). */
export const gymSubScoreHints: Record<GymSubScoreKey, string> = {
  equipment: 'What there is, and in what state',
  space: 'Room to train without waiting for floor space',
  cleanliness: 'Floors, benches, towels, wipes',
  crowding: '5 = had it to myself, 1 = queued for everything',
};

/** What the reviewer trained (any of them). */
export const trainingKinds = ['strength', 'cardio', 'classes', 'hiit', 'mobility', 'swimming', 'other'] as const;
export type TrainingKind = (typeof trainingKinds)[number];
export const trainingKindLabels: Record<TrainingKind, string> = {
  strength: 'Strength',
  cardio: 'Cardio',
  classes: 'Classes',
  hiit: 'HIIT',
  mobility: 'Mobility / stretching',
  swimming: 'Swimming',
  other: 'Other',
};

/**
 * When the reviewer trained, for someone who does not remember the hour: six bands that cover the day.
 * `from` and `to` are whole hours, `to` excluded; `late` wraps past midnight (22:00 to 05:00).
 */
export const trainingTimeBands = ['early', 'morning', 'midday', 'afternoon', 'evening', 'late'] as const;
export type TrainingTimeBand = (typeof trainingTimeBands)[number];
export const trainingTimeBandHours: Record<TrainingTimeBand, { from: number; to: number }> = {
  early: { from: 5, to: 8 },
  morning: { from: 8, to: 12 },
  midday: { from: 12, to: 14 },
  afternoon: { from: 14, to: 18 },
  evening: { from: 18, to: 22 },
  late: { from: 22, to: 5 },
};
export const trainingTimeBandLabels: Record<TrainingTimeBand, string> = {
  early: 'Early morning (05:00–08:00)',
  morning: 'Morning (08:00–12:00)',
  midday: 'Midday (12:00–14:00)',
  afternoon: 'Afternoon (14:00–18:00)',
  evening: 'Evening (18:00–22:00)',
  late: 'Late night (22:00–05:00)',
};
export const trainingTimeBandShortLabels: Record<TrainingTimeBand, string> = {
  early: '05–08',
  morning: '08–12',
  midday: '12–14',
  afternoon: '14–18',
  evening: '18–22',
  late: '22–05',
};

/** The band an hour of the day (0 to 23) falls in. */
export function bandOfHour(hour: number): TrainingTimeBand {
  for (const band of trainingTimeBands) {
    const { from, to } = trainingTimeBandHours[band];
    if (from < to ? hour >= from && hour < to : hour >= from || hour < to) return band;
  }
  return 'late';
}

/** "07:00" for 7. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Photos one review may carry. */
export const reviewPhotosPerReview = 6;

/**
 * The hotel page's crowding chart appears once this many approved reviews give both a crowding score and when
 * they trained (an hour or a band): fewer would show one traveller's evening as the hotel's (docs/decisions.md,
 * "Review gym sub-scores and the crowding chart").
 */
export const crowdingChartMinReviews = 3;
/** The sub-score averages appear once this many approved reviews give that sub-score. */
export const subScoreMinReviews = 2;

export interface ReviewGymFacts {
  gymScores: GymSubScores;
  trainedHour: number | null;
  trainedBand: TrainingTimeBand | null;
}

export interface GymReviewSummary {
  /** Average and count of each sub-score; the average is null below `subScoreMinReviews` reviews giving it. */
  subScores: { key: GymSubScoreKey; average: number | null; count: number }[];
  /** Reviews with both a crowding score and a training time. */
  crowdingReviews: number;
  /** The chart's bars, one per band in the day's order, when `crowdingReviews` reaches `crowdingChartMinReviews`; else null. */
  crowdingByBand: { band: TrainingTimeBand; average: number | null; count: number }[] | null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** What the hotel page shows of its approved reviews' gym details. */
export function summariseGymReviews(reviews: readonly ReviewGymFacts[]): GymReviewSummary {
  const subScores = gymSubScoreKeys.map((key) => {
    const given = reviews.map((r) => r.gymScores[key]).filter((v): v is number => typeof v === 'number');
    const average = given.length >= subScoreMinReviews ? oneDecimal(given.reduce((a, b) => a + b, 0) / given.length) : null;
    return { key, average, count: given.length };
  });
  const timed = reviews.flatMap((r) => {
    const band = r.trainedHour !== null ? bandOfHour(r.trainedHour) : r.trainedBand;
    return band && typeof r.gymScores.crowding === 'number' ? [{ band, crowding: r.gymScores.crowding }] : [];
  });
  const crowdingByBand =
    timed.length >= crowdingChartMinReviews
      ? trainingTimeBands.map((band) => {
          const inBand = timed.filter((t) => t.band === band).map((t) => t.crowding);
          return { band, count: inBand.length, average: inBand.length ? oneDecimal(inBand.reduce((a, b) => a + b, 0) / inBand.length) : null };
        })
      : null;
  return { subScores, crowdingReviews: timed.length, crowdingByBand };
}

/** A review photo's variant widths: those of a listing photo (400, 800, 1600), never wider than the photo. */
const reviewPhotoWidths = [400, 800, 1600] as const;
export const reviewPhotoVariantUrl = (fileId: string, width: number) => `/images/review-photos/${fileId}-${width}.webp`;

/** The widths a review photo `width` px wide (after upload) has as WebP variants. */
export function reviewPhotoWidthsOf(width: number): number[] {
  const largest = Math.min(width, 1600);
  return [...reviewPhotoWidths.filter((w) => w < largest), largest];
}

/** The <img> src (the 800 px variant, or the largest under it) and srcset of a stored review photo. */
export function reviewPhotoSources(fileId: string, width: number): { src: string; srcSet: string } {
  const widths = reviewPhotoWidthsOf(width);
  const src = widths.find((w) => w >= 800) ?? widths[widths.length - 1]!;
  return { src: reviewPhotoVariantUrl(fileId, src), srcSet: widths.map((w) => `${reviewPhotoVariantUrl(fileId, w)} ${w}w`).join(', ') };
}
