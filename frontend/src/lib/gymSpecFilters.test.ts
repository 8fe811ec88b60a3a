import { describe, expect, it } from 'vitest';
import { defaultFilters } from './searchParams';
import { unknownFactNotices } from './gymSpecFilters';

const unknown = { minDumbbellKg: 18, minRacks: 3, adjustableBench: 0, openEarly: 1, openLate: 1, entry: 2 };

describe('unknownFactNotices', () => {
  it('says, for each spec filter in force, how many more hotels have no data on it', () => {
    expect(unknownFactNotices({ ...defaultFilters, minDumbbellKg: 40, minRacks: 2, openEarly: true }, unknown)).toEqual([
      { key: 'minDumbbellKg', text: '18 more hotels have no data on the heaviest dumbbell' },
      { key: 'minRacks', text: '3 more hotels have no data on racks' },
      { key: 'openEarly', text: '1 more hotel has no data on opening hours' },
    ]);
  });
  it('says nothing for filters not in force, for a count of 0, or before the answer', () => {
    expect(unknownFactNotices(defaultFilters, unknown)).toEqual([]);
    expect(unknownFactNotices({ ...defaultFilters, adjustableBench: true }, unknown)).toEqual([]);
    expect(unknownFactNotices({ ...defaultFilters, minRacks: 1 }, undefined)).toEqual([]);
  });
});
