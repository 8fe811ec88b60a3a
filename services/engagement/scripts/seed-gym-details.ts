/**
 * The gym details of the seeded reviews: each seeded reviewer trains at their own hours and scores what they care
 * about (docs/product.md, "Reviews a lifter trusts"), so the hotel pages show sub-score averages and, for the hotels
 * with three or four seeded reviews, the crowding chart. Derived from the review and its hotel's gym (its size, its
 * gym rating), the same on every run; one review in five gives none, as many travellers would.
 */
import type { GymSubScores, TrainingKind, TrainingTimeBand } from '@reproute/contracts';
import { seedHotels } from '../../catalog/scripts/seed-data.ts';
import type { SeedReview } from '../../catalog/scripts/seed-reviews.ts';

export interface SeedGymDetails {
  gymScores: GymSubScores;
  trainedHour: number | null;
  trainedBand: TrainingTimeBand | null;
  trainedKinds: TrainingKind[];
}

const clamp = (n: number) => Math.min(5, Math.max(1, Math.round(n)));

/** How each seeded reviewer trains: when (an hour, or a band for the holidaymaker), what, and which scores they give. */
const habits: Record<string, { hours: number[] | null; band: TrainingTimeBand | null; kinds: TrainingKind[]; scores: (keyof GymSubScores)[] }> = {
  Maya: { hours: [6, 7], band: null, kinds: ['strength'], scores: ['equipment', 'space', 'cleanliness', 'crowding'] },
  Daniel: { hours: [6, 21], band: null, kinds: ['cardio', 'strength'], scores: ['equipment', 'cleanliness', 'crowding'] },
  Sofia: { hours: null, band: 'afternoon', kinds: ['cardio', 'classes'], scores: ['space', 'cleanliness', 'crowding'] },
  Kenji: { hours: [18, 19], band: null, kinds: ['strength', 'hiit'], scores: ['equipment', 'space', 'crowding'] },
};

/** The crowding a reviewer meets at an hour: quiet early and late, busy after work; a small gym feels busier. */
function crowdingAt(hour: number | null, band: TrainingTimeBand | null, sqm: number): number {
  const base = hour !== null ? (hour < 8 ? 4.6 : hour >= 21 ? 4.2 : hour >= 17 ? 2.4 : 3.4) : band === 'afternoon' ? 3.6 : 3;
  return clamp(base + (sqm >= 800 ? 0.6 : sqm < 300 ? -1 : 0));
}

export function seedGymDetails(review: Pick<SeedReview, 'hotelId' | 'reviewer' | 'gymRating' | 'id'>, index: number): SeedGymDetails | null {
  if (index % 5 === 4) return null;
  const hotel = seedHotels.find((h) => h.id === review.hotelId);
  const habit = habits[review.reviewer.firstName];
  if (!hotel || !habit) return null;
  const sqm = Number.parseInt(hotel.gym.size.replace(/[^\d]/g, ''), 10) || 400;
  const hour = habit.hours ? habit.hours[(review.hotelId + index) % habit.hours.length]! : null;
  const all: GymSubScores = {
    equipment: clamp(review.gymRating - (sqm < 300 ? 1 : 0)),
    space: clamp(sqm >= 800 ? 5 : sqm >= 450 ? 4 : sqm >= 300 ? 3 : 2),
    cleanliness: clamp(review.gymRating + ((review.hotelId + index) % 3 === 0 ? -1 : 0)),
    crowding: crowdingAt(hour, habit.band, sqm),
  };
  const gymScores: GymSubScores = { equipment: null, space: null, cleanliness: null, crowding: null };
  for (const key of habit.scores) gymScores[key] = all[key];
  return { gymScores, trainedHour: hour, trainedBand: habit.band, trainedKinds: habit.kinds };
}
