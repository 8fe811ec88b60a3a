import { describe, expect, it } from 'vitest';
import { searchSummary } from './SavedSearches';

describe('searchSummary', () => {
  it('reads a saved search as the search page shows it: the words, the equipment, how many other filters', () => {
    expect(searchSummary({ query: 'Tokyo', eq: 'squat rack,trx', minDumbbellKg: '40', sort: 'price' })).toBe('"Tokyo" · Squat rack, TRX · 1 more filter');
    expect(searchSummary({ minPrice: '100', maxPrice: '300', currency: 'GBP', open24h: 'true' })).toBe('All hotels · 3 more filters');
    expect(searchSummary({})).toBe('All hotels');
  });
});
