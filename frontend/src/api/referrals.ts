import { apiRequest } from './request';

export interface ReferralClickPayload {
  hotelName: string;
  bookingUrl: string;
  timestamp: string;
  searchParams: { checkIn: string | null; checkOut: string | null; guests: number | null };
  hotelId?: number;
}

export interface LeadPayload {
  hotelId: number;
  userId: string | null;
  name: string | null;
  email: string | null;
  checkInDate?: string | null;
  checkOutDate?: string | null;
  guests?: number | null;
  /** The booking link's ref (RR_{hotelId}_{timestamp}), so the hotel can match the lead to a booking. */
  referralId?: string | null;
}

export function recordReferralClick(payload: ReferralClickPayload) {
  return apiRequest<{ id: string }>('POST', '/api/referral-clicks', payload, { keepalive: true });
}

export function createLead(payload: LeadPayload) {
  return apiRequest<{ id: string }>('POST', '/api/leads', payload, { keepalive: true });
}

/**
 * Sends the referral click and the lead before the booking link opens, waiting at most
 * `maxWaitMs`; failures never block the redirect.
 */
export async function trackBookingRedirect(
  click: ReferralClickPayload,
  lead: LeadPayload,
  maxWaitMs = 1500,
  send = { recordReferralClick, createLead },
): Promise<void> {
  const calls = Promise.allSettled([send.recordReferralClick(click), send.createLead(lead)]);
  await Promise.race([calls, new Promise((resolve) => setTimeout(resolve, maxWaitMs))]);
}
