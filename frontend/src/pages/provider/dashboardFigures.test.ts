import { describe, expect, it } from 'vitest';
import type { ProviderAnalytics } from '@reproute/contracts';
import { figuresFor, leadRow, monthStartDay } from './dashboardFigures';

describe('monthStartDay', () => {
  it('is the first day of the current calendar month in local time', () => {
    expect(monthStartDay(new Date(2026, 10, 21, 12, 0))).toBe('2026-11-01');
    expect(monthStartDay(new Date(2027, 0, 1, 0, 5))).toBe('2027-01-01');
  });
});

describe('leadRow', () => {
  it('falls back to Unknown Hotel, Anonymous, -- and 1 guest', () => {
    const row = leadRow({ id: 'x', createdAt: '2026-11-02T10:00:00Z', hotel: null, name: null, email: null, checkInDate: null, guests: null });
    expect(row).toMatchObject({ hotel: 'Unknown Hotel', customer: 'Anonymous', email: '--', checkIn: '--', checkOut: '--', guests: 1 });
    expect(row.date).toBe('Nov 2, 2026');
  });
  it('shows the given values', () => {
    const row = leadRow({ id: 'y', createdAt: '2026-11-02T10:00:00Z', hotel: { name: 'Summit SoHo' }, name: 'Nina', email: 'n@x.io', checkInDate: '2027-08-02', guests: 3 });
    expect(row).toMatchObject({ hotel: 'Summit SoHo', customer: 'Nina', email: 'n@x.io', checkIn: 'Aug 2, 2027', guests: 3 });
  });
});

describe('figuresFor', () => {
  const analytics = {
    hotels: [{ hotelId: 3, name: 'A', pageViews: 12, referralClicks: 4, leads: 2, favoritesAdded: 0, favoritesRemoved: 0, reviewsSubmitted: 0, reviewsApproved: 0 }],
  } as unknown as ProviderAnalytics;
  it('reads clicks, leads and page views of the listing', () => expect(figuresFor(analytics, 3)).toEqual({ clicks: 4, leads: 2, pageViews: 12 }));
  it('is zero for a listing without figures or before analytics load', () => {
    expect(figuresFor(analytics, 9)).toEqual({ clicks: 0, leads: 0, pageViews: 0 });
    expect(figuresFor(undefined, 3)).toEqual({ clicks: 0, leads: 0, pageViews: 0 });
  });
});
