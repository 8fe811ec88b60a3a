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
const lead: LeadPayload = { shareContact: true, hotelId: 1, userId: '11111111-1111-4111-8111-111111111111', name: 'Tess Walker', email: 'tess@example.com', checkInDate: '2026-01-02', checkOutDate: '2026-01-04', guests: 2 };

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

  it('send no lead at all when the traveller did not choose to share their details', async () => {
    const recordReferralClick = vi.fn(async () => ({ id: 'c' }));
    const createLead = vi.fn(async () => ({ id: 'l', referralId: null }));
    await trackBookingRedirect(click, null, 1500, { recordReferralClick, createLead });
    expect(recordReferralClick).toHaveBeenCalledWith(click);
    expect(createLead).not.toHaveBeenCalled();
  });
});
