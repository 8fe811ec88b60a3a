import { describe, expect, it } from 'vitest';
import { claimedCount, claimedRating, summaryFigures } from './figures';

describe('the home page\'s figures (ruling 15)', () => {
  it('claim "N+" only with N a round number at or below the true count; small counts as they are', () => {
    const cases: [number, string][] = [
      [0, '0'], [1, '1'], [25, '25'], [99, '99'], [100, '100+'], [199, '100+'], [277, '200+'], [500, '500+'], [999, '500+'],
      [1_000, '1,000+'], [1_234, '1,000+'], [2_500, '2,000+'], [9_999, '5,000+'], [10_000, '10K+'], [12_500, '10K+'], [56_000, '50K+'],
      [199_999, '100K+'], [2_400_000, '2M+'],
    ];
    for (const [count, claim] of cases) expect(claimedCount(count), String(count)).toBe(claim);
    // Never above the truth.
    for (let n = 100; n < 200_000; n = Math.ceil(n * 1.37)) {
      const claim = claimedCount(n).replace(/,/g, '').replace('K+', '000').replace('M+', '000000').replace('+', '');
      expect(Number(claim)).toBeLessThanOrEqual(n);
      expect(Number(claim)).toBeGreaterThan(n / 5);
    }
  });

  it('write the average rating to one decimal, rounded down', () => {
    expect(claimedRating(4.4021)).toBe('4.4/5');
    expect(claimedRating(4.79)).toBe('4.7/5');
    expect(claimedRating(4.8)).toBe('4.8/5');
    expect(claimedRating(5)).toBe('5.0/5');
  });

  it('are the live hotels, countries, travellers and rating, singular when one, without a rating before any review', () => {
    expect(summaryFigures({ hotels: 25, countries: 6, travellers: 1_234, averageRating: 4.66 })).toEqual([
      { value: '25', label: 'Verified hotels' },
      { value: '6', label: 'Countries' },
      { value: '1,000+', label: 'Travellers' },
      { value: '4.6/5', label: 'Average rating' },
    ]);
    expect(summaryFigures({ hotels: 1, countries: 1, travellers: 1, averageRating: null })).toEqual([
      { value: '1', label: 'Verified hotel' },
      { value: '1', label: 'Country' },
      { value: '1', label: 'Traveller' },
    ]);
  });
});
