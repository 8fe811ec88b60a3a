import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Envelope, EventData, EventType } from '@reproute/contracts';
import { addCounters, conversionSideOf, convertedClickChange, countersFromColumns, dayBucket, daysStart, emptyCounters, fillDays, hourBucket, rankTop, rollupFor, windowStart } from '../../src/domain/rollups.ts';
import { byActivity, summaryWindow, totalOf, windowHours } from '../../src/domain/summary.ts';

const userId = '00000000-0000-4000-8000-000000000003';
const envelope = <T extends EventType>(type: T, data: EventData<T>, occurredAt = '2027-02-01T23:59:30.000Z'): Envelope => ({ id: randomUUID(), type, version: 1, occurredAt, data }) as Envelope;

describe('rollup arithmetic', () => {
  it('counts each service event once for its hotel and day, and once site-wide for its hour', () => {
    const cases: [Envelope, string][] = [
      [envelope('referral.clicked', { clickId: randomUUID(), hotelId: 5, hotelName: 'H', bookingUrl: 'https://b.example', userId: null }), 'referral_clicks'],
      [envelope('lead.created', { leadId: randomUUID(), hotelId: 5, hotelName: 'H', contactEmail: null, userId, name: 'Lee Lead', email: 'lee@example.com', message: null, checkInDate: null, checkOutDate: null, guests: null }), 'leads'],
      [envelope('favorite.added', { userId, hotelId: 5 }), 'favorites_added'],
      [envelope('favorite.removed', { userId, hotelId: 5 }), 'favorites_removed'],
      [envelope('review.submitted', { reviewId: randomUUID(), hotelId: 5, hotelName: 'H', userId, reviewerEmail: null, reviewerFirstName: null, rating: 5, gymRating: null, title: null }), 'reviews_submitted'],
      [envelope('review.approved', { reviewId: randomUUID(), hotelId: 5, hotelName: 'H', userId, reviewerEmail: null, reviewerFirstName: null, rating: 5, gymRating: null, title: null }), 'reviews_approved'],
    ];
    for (const [event, column] of cases) {
      expect(rollupFor(event)).toEqual({ metric: column, hour: new Date('2027-02-01T23:00:00.000Z'), hotel: { hotelId: 5, day: '2027-02-01', column }, page: null, search: null });
    }
  });

  it('counts only leads with the traveller\'s contact details', () => {
    const anonymous = envelope('lead.created', { leadId: randomUUID(), hotelId: 5, hotelName: 'H', contactEmail: null, userId: null, name: null, email: null, message: null, checkInDate: null, checkOutDate: null, guests: null });
    expect(rollupFor(anonymous)).toBeNull();
  });

  it('tells the sides of a conversion by the referral id a click\'s link and a lead carry, for their own hotel only', () => {
    const click = (bookingUrl: string, hotelId: number | null = 5) => envelope('referral.clicked', { clickId: randomUUID(), hotelId, hotelName: 'H', bookingUrl, userId: null });
    const lead = (referralId: string | null, email: string | null = 'lee@example.com') =>
      envelope('lead.created', { leadId: randomUUID(), hotelId: 5, hotelName: 'H', contactEmail: null, userId, name: null, email, message: null, checkInDate: null, checkOutDate: null, guests: null, referralId });
    const side = { referralId: 'RR_5_1700000000000', hotelId: 5, day: '2027-02-01', hour: new Date('2027-02-01T23:00:00.000Z') };
    expect(conversionSideOf(click('https://b.example/x?adults=2&ref=RR_5_1700000000000'))).toEqual({ side: 'click', ...side });
    expect(conversionSideOf(lead('RR_5_1700000000000'))).toEqual({ side: 'lead', ...side });
    for (const none of [click('https://b.example/x'), click('https://b.example/x?ref=RR_6_1700000000000'), click('https://b.example/x?ref=RR_5_1', null), click('not a url'), lead(null), lead('RR_6_1700000000000'), lead('RR_5_1700000000000', null)]) {
      expect(conversionSideOf(none)).toBeNull();
    }
    expect(convertedClickChange(5, '2027-01-31', side.hour)).toEqual({ metric: 'converted_clicks', hour: side.hour, hotel: { hotelId: 5, day: '2027-01-31', column: 'converted_clicks' }, page: null, search: null });
  });

  it('counts a click for no known hotel site-wide only', () => {
    const change = rollupFor(envelope('referral.clicked', { clickId: randomUUID(), hotelId: null, hotelName: 'H', bookingUrl: 'https://b.example', userId: null }));
    expect(change).toMatchObject({ metric: 'referral_clicks', hotel: null });
  });

  it('counts page views per page and, on hotel pages, per hotel; searches per query', () => {
    const view = (hotelId: number | null) => envelope('analytics.recorded', { kind: 'page_view', hotelId, value: '/hotels/x', sessionId: 's' });
    expect(rollupFor(view(3))).toMatchObject({ metric: 'page_views', page: '/hotels/x', hotel: { hotelId: 3, column: 'page_views' } });
    expect(rollupFor(view(null), 8)).toMatchObject({ hotel: { hotelId: 8 } });
    expect(rollupFor(view(null))).toMatchObject({ hotel: null, page: '/hotels/x' });
    expect(rollupFor(envelope('analytics.recorded', { kind: 'search', hotelId: null, value: 'london', sessionId: 's' }))).toMatchObject({ metric: 'searches', search: 'london', hotel: null });
    expect(rollupFor(envelope('analytics.recorded', { kind: 'conversion', hotelId: 3, value: 'booking_redirect', sessionId: 's' }))).toMatchObject({ metric: 'conversions', hotel: null });
    expect(rollupFor(envelope('analytics.recorded', { kind: 'event', hotelId: null, value: 'x', sessionId: null }))).toBeNull();
    expect(rollupFor(envelope('favorite.added', { userId, hotelId: 1 }, 'not a date'))).not.toBeNull();
  });

  it('ignores events that are not counted', () => {
    expect(rollupFor(envelope('hotel.deleted', { hotelId: 1, providerId: null }))).toBeNull();
    expect(rollupFor(envelope('user.registered', { userId, email: 'a@b.c', firstName: null, lastName: null }))).toBeNull();
  });

  it('buckets by UTC hour and day', () => {
    expect(hourBucket(new Date('2027-02-01T10:59:59.999Z')).toISOString()).toBe('2027-02-01T10:00:00.000Z');
    expect(dayBucket(new Date('2027-02-01T23:59:59.999Z'))).toBe('2027-02-01');
    expect(daysStart(new Date('2027-03-02T05:00:00Z'), 3)).toBe('2027-02-28');
    expect(daysStart(new Date('2027-03-02T05:00:00Z'), 1)).toBe('2027-03-02');
  });

  it('adds counters field by field', () => {
    const a = { ...emptyCounters(), pageViews: 2, leads: 1 };
    const b = { ...emptyCounters(), pageViews: 3, referralClicks: 4 };
    expect(addCounters(a, b)).toEqual({ ...emptyCounters(), pageViews: 5, leads: 1, referralClicks: 4 });
    expect(totalOf([a, b, emptyCounters()])).toEqual(addCounters(a, b));
    expect(countersFromColumns({ page_views: 4, favorites_removed: null })).toEqual({ ...emptyCounters(), pageViews: 4 });
  });

  it('fills days without activity with zeros', () => {
    const days = fillDays('2027-02-27', '2027-03-01', [{ day: '2027-02-28', ...emptyCounters(), leads: 2 }], emptyCounters);
    expect(days.map((d) => [d.day, d.leads])).toEqual([
      ['2027-02-27', 0],
      ['2027-02-28', 2],
      ['2027-03-01', 0],
    ]);
  });

  it('orders hotels by leads, then clicks, then page views', () => {
    const h = (hotelId: number, leads: number, referralClicks: number, pageViews: number) => ({ hotelId, name: null, ...emptyCounters(), leads, referralClicks, pageViews });
    expect([h(1, 0, 0, 9), h(2, 1, 0, 0), h(3, 0, 2, 0), h(4, 0, 2, 0)].sort(byActivity).map((x) => x.hotelId)).toEqual([2, 3, 4, 1]);
  });
});

describe('top-N windows', () => {
  it('24 hours is the current hour and the 23 before; 7 days is 168 hourly buckets', () => {
    const now = new Date('2027-02-08T10:25:00.000Z');
    expect(windowStart(now, windowHours['24h']).toISOString()).toBe('2027-02-07T11:00:00.000Z');
    expect(windowStart(now, windowHours['7d']).toISOString()).toBe('2027-02-01T11:00:00.000Z');
  });

  it('keeps the five largest, ties alphabetically, zeros left out', () => {
    const entries = [
      { key: 'paris', count: 3 },
      { key: 'london', count: 7 },
      { key: 'tokyo', count: 3 },
      { key: 'dubai', count: 1 },
      { key: 'abu dhabi', count: 3 },
      { key: 'new york', count: 2 },
      { key: 'rome', count: 0 },
    ];
    expect(rankTop(entries, 5)).toEqual([
      { key: 'london', count: 7 },
      { key: 'abu dhabi', count: 3 },
      { key: 'paris', count: 3 },
      { key: 'tokyo', count: 3 },
      { key: 'new york', count: 2 },
    ]);
    expect(rankTop([{ key: 'rome', count: 0 }], 5)).toEqual([]);
  });

  it('assembles a window with totals and the top 5 pages and searches', () => {
    const metrics = { page_views: 10, referral_clicks: 2, leads: 1, converted_clicks: 1, favorites_added: 3, favorites_removed: 1, reviews_submitted: 0, reviews_approved: 0, searches: 4, conversions: 1, interactions: 6 };
    const pages = Array.from({ length: 7 }, (_, i) => ({ key: `/p${i}`, count: i }));
    const window = summaryWindow({ from: new Date('2027-02-07T11:00:00Z'), to: new Date('2027-02-08T10:25:00Z'), metrics, sessions: 3, pages, searches: [{ key: 'london', count: 4 }] });
    expect(window.totals).toEqual({ pageViews: 10, referralClicks: 2, leads: 1, convertedClicks: 1, favoritesAdded: 3, favoritesRemoved: 1, reviewsSubmitted: 0, reviewsApproved: 0, searches: 4, conversions: 1, interactions: 6, sessions: 3 });
    expect(window.topPages.map((p) => p.path)).toEqual(['/p6', '/p5', '/p4', '/p3', '/p2']);
    expect(window.topSearches).toEqual([{ query: 'london', count: 4 }]);
  });
});
