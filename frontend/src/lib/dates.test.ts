import { describe, expect, it } from 'vitest';
import { longDate, monthYear } from './dates';

describe('dates in words, without Intl', () => {
  it('writes a month of a year as toLocaleDateString("en-US") does, for every month', () => {
    for (const year of [1999, 2024, 2026]) {
      for (let month = 1; month <= 12; month += 1) {
        expect(monthYear(year, month)).toBe(new Date(year, month - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' }));
      }
    }
    expect(monthYear(2026, 3)).toBe('March 2026');
  });

  it('writes the day of a moment in the reader’s time zone as toLocaleDateString("en-US") does', () => {
    // Every 37 hours across two years: each month, day and hour of the day, and the turns of the years.
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2027, 0, 2); at += 37 * 3_600_000) {
      const moment = new Date(at);
      expect(longDate(moment)).toBe(moment.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric' }));
    }
    expect(longDate(new Date(2026, 10, 27, 23, 59))).toBe('November 27, 2026');
  });
});
