import { describe, expect, it, vi } from 'vitest';
import { leadRequest, referralClickRequest } from '@reproute/contracts';
import { trackBookingRedirect, type LeadPayload, type ReferralClickPayload } from './referrals';

const click: ReferralClickPayload = {
  hotelName: 'The Hudson Ironworks Hotel',
  bookingUrl: 'https://hudson.example/book?checkIn=2026-01-02&checkOut=2026-01-04&adults=2&ref=RR_1_1700000000000',
  timestamp: new Date(1700000000000).toISOString(),
  searchParams: { checkIn: '2026-01-02', checkOut: '2026-01-04', guests: 2 },
  hotelId: 1,
};
const lead: LeadPayload = { hotelId: 1, userId: null, name: null, email: null, checkInDate: '2026-01-02', checkOutDate: '2026-01-04', guests: 2 };

describe('booking redirect calls', () => {
  it('send what the referral service accepts', () => {
    expect(referralClickRequest.safeParse(click).error?.issues ?? []).toEqual([]);
    expect(leadRequest.safeParse(lead).error?.issues ?? []).toEqual([]);
  });

  it('wait for both calls, but never longer than the limit, and never fail', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<{ id: string }>(() => undefined);
    const done = vi.fn();
    void trackBookingRedirect(click, lead, 1500, { recordReferralClick: never, createLead: async () => Promise.reject(new Error('500: x')) }).then(done);
    await vi.advanceTimersByTimeAsync(1499);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(done).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
