import { gymEntryLabels, type GymEntryKind } from '@reproute/contracts';
import type { HotelSearchAnswer } from '@/api/types';
import type { SearchFilters } from '@/lib/searchParams';

/** "At least N racks" choices (the catalog counts 1, 2 and 4). */
export const rackThresholds = [1, 2, 4] as const;

/** A way in as a search filter names it. */
export const entryFilterText: Record<GymEntryKind, string> = {
  keycard: 'Keycard, any hour',
  staffed: 'Staffed hours',
  reception: 'Ask at reception',
};
export { gymEntryLabels };

type UnknownFacts = NonNullable<HotelSearchAnswer['unknownFacts']>;

/** What each spec filter is about, for "N more hotels have no data on …". */
const subject: Record<keyof UnknownFacts, string> = {
  minDumbbellKg: 'the heaviest dumbbell',
  minRacks: 'racks',
  adjustableBench: 'benches',
  openEarly: 'opening hours',
  openLate: 'opening hours',
  entry: 'how guests get in',
};

const inForce = (filters: SearchFilters): (keyof UnknownFacts)[] =>
  (
    [
      ['minDumbbellKg', filters.minDumbbellKg !== null],
      ['minRacks', filters.minRacks !== null],
      ['adjustableBench', filters.adjustableBench],
      ['openEarly', filters.openEarly],
      ['openLate', filters.openLate],
      ['entry', filters.entry.length > 0],
    ] as const
  )
    .filter(([, on]) => on)
    .map(([key]) => key);

/**
 * For each spec filter in force, the hotels it left out only because they state nothing for it: "3 more hotels have
 * no data on racks". A filter never drops a hotel without saying so; none is said when the count is 0.
 */
export function unknownFactNotices(filters: SearchFilters, unknown: UnknownFacts | undefined): { key: keyof UnknownFacts; text: string }[] {
  if (!unknown) return [];
  return inForce(filters)
    .filter((key) => unknown[key] > 0)
    .map((key) => ({ key, text: `${unknown[key]} more ${unknown[key] === 1 ? 'hotel has' : 'hotels have'} no data on ${subject[key]}` }));
}
