import { callApi, type ApiBody } from './client';

/** What the booking link sends before it opens: the referral click and the lead (types from their endpoint definitions). */
export type ReferralClickPayload = ApiBody<'POST /api/referral-clicks'>;
export type LeadPayload = ApiBody<'POST /api/leads'>;

export function recordReferralClick(payload: ReferralClickPayload) {
  return callApi('POST /api/referral-clicks', { body: payload }, { keepalive: true });
}

export function createLead(payload: LeadPayload) {
  return callApi('POST /api/leads', { body: payload }, { keepalive: true });
}

/**
 * Sends the referral click, and the lead when the traveller chose to share their details (`lead` null
 * otherwise: no lead at all), before the booking link opens, waiting at most `maxWaitMs`; failures
 * never block the redirect.
 */
export async function trackBookingRedirect(
  click: ReferralClickPayload,
  lead: LeadPayload | null,
  maxWaitMs = 1500,
  send = { recordReferralClick, createLead },
): Promise<void> {
  const calls = Promise.allSettled([send.recordReferralClick(click), ...(lead ? [send.createLead(lead)] : [])]);
  await Promise.race([calls, new Promise((resolve) => setTimeout(resolve, maxWaitMs))]);
}
