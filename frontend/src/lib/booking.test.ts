import { describe, expect, it } from 'vitest';
import { buildBookingUrl, referralId } from './booking';

describe('buildBookingUrl', () => {
  it('adds checkIn, checkOut, adults and the referral id; source=member when signed in', () => {
    const url = new URL(
      buildBookingUrl({ bookingUrl: 'https://book.example.com/h?x=1', hotelId: 7, checkIn: '2026-01-02', checkOut: '2026-01-05', adults: 2, signedIn: true, timestamp: 1700000000000 }),
    );
    expect(url.origin + url.pathname).toBe('https://book.example.com/h');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('checkIn')).toBe('2026-01-02');
    expect(url.searchParams.get('checkOut')).toBe('2026-01-05');
    expect(url.searchParams.get('adults')).toBe('2');
    expect(url.searchParams.get('ref')).toBe('RR_7_1700000000000');
    expect(url.searchParams.get('source')).toBe('member');
  });

  it('leaves out source for visitors and empty stay fields', () => {
    const url = new URL(buildBookingUrl({ bookingUrl: 'https://b.example/', hotelId: 3, signedIn: false, timestamp: 5 }));
    expect(url.searchParams.has('source')).toBe(false);
    expect(url.searchParams.has('checkIn')).toBe(false);
    expect(url.searchParams.get('ref')).toBe(referralId(3, 5));
  });
});
