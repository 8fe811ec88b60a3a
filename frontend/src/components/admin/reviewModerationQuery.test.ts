import { describe, expect, it } from 'vitest';
import {
  accountAgeText,
  adminReviewApiQuery,
  defaultReviewFilters,
  hasReviewFilters,
  isFiltered,
  pageRangeText,
  rejectionReasonFrom,
  reviewCountText,
  reviewFiltersFrom,
  reviewUrlChanges,
  stayDateText,
} from './reviewModerationQuery';

describe('review moderation helpers', () => {
  it('builds the API query, leaving empty filters out', () => {
    expect(adminReviewApiQuery(defaultReviewFilters)).toBe('status=pending&sort=newest&page=1&pageSize=25');
    expect(adminReviewApiQuery({ ...defaultReviewFilters, hotel: { id: 7, name: 'Iron Palace' } })).toBe('status=pending&hotelId=7&sort=newest&page=1&pageSize=25');
    expect(adminReviewApiQuery({ ...defaultReviewFilters, status: 'all', rating: '3', q: '  sauna & rack ', from: '2026-11-01', to: '2026-11-30', sort: 'rating-low', page: 3 })).toBe(
      'status=all&rating=3&q=sauna+%26+rack&from=2026-11-01&to=2026-11-30&sort=rating-low&page=3&pageSize=25',
    );
  });

  it('tells the default queue from a filtered list', () => {
    expect(isFiltered(defaultReviewFilters)).toBe(false);
    expect(isFiltered({ ...defaultReviewFilters, sort: 'oldest', page: 2 })).toBe(false);
    expect(isFiltered({ ...defaultReviewFilters, q: 'x' })).toBe(true);
    expect(isFiltered({ ...defaultReviewFilters, hotel: { id: 7, name: 'Iron Palace' } })).toBe(true);
    expect(isFiltered({ ...defaultReviewFilters, status: 'approved' })).toBe(true);
  });

  it('words the page range, the account age and the review count', () => {
    expect(pageRangeText(2, 25, 73)).toBe('Showing 26–50 of 73');
    expect(pageRangeText(3, 25, 73)).toBe('Showing 51–73 of 73');
    expect(pageRangeText(1, 25, 0)).toBe('No reviews');
    const now = new Date('2026-11-23T12:00:00Z');
    expect(accountAgeText(null, now)).toBe('age not known');
    expect(accountAgeText('2026-11-23T08:00:00Z', now)).toBe('new today');
    expect(accountAgeText('2026-11-22T08:00:00Z', now)).toBe('1 day old');
    expect(accountAgeText('2026-10-01T08:00:00Z', now)).toBe('53 days old');
    expect(accountAgeText('2026-03-01T08:00:00Z', now)).toBe('8 months old');
    expect(accountAgeText('2023-11-01T08:00:00Z', now)).toBe('3 years old');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(1200)).toBe('1,200 reviews');
  });

  it('writes stay dates out', () => {
    expect(stayDateText('2026-09')).toBe('September 2026');
    expect(stayDateText('2026-09-12')).toBe('12 September 2026');
    expect(stayDateText(null)).toBeNull();
    expect(stayDateText('soon')).toBe('soon');
  });

  it('takes a preset reason, or the trimmed words for "Other", and nothing when empty', () => {
    expect(rejectionReasonFrom('The review is advertising or spam.', 'ignored')).toBe('The review is advertising or spam.');
    expect(rejectionReasonFrom('other', '  My own words ')).toBe('My own words');
    expect(rejectionReasonFrom('other', '   ')).toBeNull();
    expect(rejectionReasonFrom('', '')).toBeNull();
  });
});

describe('review moderation filters in the URL', () => {
  it("reads the tab's own parameters, never the hotel table's q, status, sort or page", () => {
    const params = new URLSearchParams('q=hotel&status=approved&sort=name&page=4&rq=sauna&rstatus=rejected&rhotel=7&rrating=2&rfrom=2026-11-01&rto=2026-11-30&rsort=oldest&rpage=3');
    expect(reviewFiltersFrom(params, (id) => `Hotel number ${id}`)).toEqual({
      q: 'sauna',
      status: 'rejected',
      hotel: { id: 7, name: 'Hotel number 7' },
      rating: '2',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'oldest',
      page: 3,
    });
    expect(reviewFiltersFrom(new URLSearchParams('q=hotel&status=approved&page=4'))).toEqual(defaultReviewFilters);
    expect(hasReviewFilters(new URLSearchParams('q=hotel&status=approved&page=4'))).toBe(false);
    expect(hasReviewFilters(new URLSearchParams('tab=x&rstatus=all'))).toBe(true);
  });

  it('reads a malformed value as its default', () => {
    const params = new URLSearchParams('rstatus=maybe&rhotel=-2&rrating=9&rfrom=yesterday&rto=2026-13&rsort=random&rpage=0');
    expect(reviewFiltersFrom(params)).toEqual(defaultReviewFilters);
    expect(reviewFiltersFrom(new URLSearchParams('rhotel=12')).hotel).toEqual({ id: 12, name: 'Hotel 12' });
  });

  it('writes a change as its parameters, a default value as none', () => {
    expect(reviewUrlChanges({ status: 'approved', hotel: { id: 7, name: 'Iron Palace' }, rating: '4', q: ' racks ', page: 2 })).toEqual({
      rstatus: 'approved',
      rhotel: '7',
      rrating: '4',
      rq: 'racks',
      rpage: '2',
    });
    expect(reviewUrlChanges(defaultReviewFilters)).toEqual({ rstatus: null, rhotel: null, rrating: null, rq: null, rfrom: null, rto: null, rsort: null, rpage: null });
    const round = { ...defaultReviewFilters, status: 'all' as const, from: '2026-11-01', sort: 'rating-low' as const, page: 5 };
    const params = new URLSearchParams(Object.entries(reviewUrlChanges(round)).filter((entry): entry is [string, string] => Boolean(entry[1])));
    expect(reviewFiltersFrom(params)).toEqual(round);
  });
});
