import { defineEndpoints } from '../endpoint.ts';
import { analyticsExport } from '../account-data.ts';
import {
  analyticsAccepted,
  analyticsBatchRequest,
  analyticsDaysQuery,
  analyticsEventRequest,
  analyticsSummary,
  providerAnalytics,
  providerAnalyticsQuery,
  providerInsights,
} from '../analytics.ts';

const summaryDoc = 'totals, per-hotel rollups, top 5 pages and searches for 24 h and 7 d (`contracts/src/analytics.ts`)';

/** The analytics service: what the browser records, the admin summary and the provider's figures and demand data. */
export const analyticsEndpoints = defineEndpoints('analytics', {
  'POST /api/analytics': {
    access: 'public',
    summary: 'Record one event (page view, search, conversion, interaction or another type)',
    body: analyticsEventRequest,
    responses: { 202: analyticsAccepted },
    doc: '202',
  },
  'POST /api/analytics/batch': {
    access: 'public',
    summary: 'Record a batch of a browser session\'s page views, conversions, searches and interactions (also sent by sendBeacon as text/plain)',
    body: analyticsBatchRequest,
    responses: { 202: analyticsAccepted },
    doc: '202',
  },
  'GET /api/analytics/me/export': {
    access: 'signedIn',
    summary: 'The analytics records kept about the caller: those their browser sent while signed in',
    responses: { 200: analyticsExport },
    doc: '`{ events: [{ kind, value, hotelId, sessionId, payload, clientTimestamp, receivedAt }], total, truncated }`, newest first, at most 10,000 (`truncated` beyond): the caller\'s own records, as this service keeps them; one part of the file "Download my data" saves (`contracts/src/account-data.ts`); the rollups count and name nobody',
  },
  'GET /api/analytics/summary': {
    access: 'admin',
    summary: 'The site\'s figures: 24-hour and 7-day windows, per-hotel and daily rollups over `days`',
    query: analyticsDaysQuery,
    responses: { 200: analyticsSummary },
    doc: summaryDoc,
  },
  'GET /api/admin/analytics/summary': {
    access: 'admin',
    summary: 'The site\'s figures (the same answer as /api/analytics/summary)',
    query: analyticsDaysQuery,
    responses: { 200: analyticsSummary },
    doc: summaryDoc,
  },
  'GET /api/provider/analytics': {
    access: 'provider',
    summary: 'The caller\'s own hotels\' figures over 7, 30 or 90 days, in total, per hotel and per day',
    query: providerAnalyticsQuery,
    responses: { 200: providerAnalytics },
    doc: '`{ generatedAt, days, from, to, totals, hotels, daily }`: page views, referral clicks, leads (with the traveller\'s contact details), converted clicks, favourites and reviews of their own hotels, in total, per hotel and per UTC day (one entry per day of the range, zeros included), each with its `conversion`: the share of referral clicks that became leads (`convertedClicks / referralClicks`, 0 to 1, null without clicks; a lead counts as a converted click only when it carries the referral id of a click, once per click, on the click\'s day, so it never passes 1); `hotelId` narrows all three to one own listing; default 30 days (the older `days=1-365` is still accepted; `range` wins); 400 "range must be 7, 30 or 90 (days)" / "hotelId must be a positive whole number"; 404 "Hotel {id} is not one of your listings" for another provider\'s or an unknown hotel; 403 for non-providers',
  },
  'GET /api/provider/insights': {
    access: 'provider',
    summary: 'Demand data: what travellers searched for over 30 days in the cities the caller lists in',
    responses: { 200: providerInsights },
    doc: 'demand data over the last 30 days: `{ generatedAt, days: 30, from, cities: [{ city, country, searches, labels: [{ label, searches, share, hotels: [{ hotelId, name, lists }] }] }] }` for each city the caller has a live hotel in; `searches` counts recorded searches whose query names the city as whole words (case, accents and spacing ignored), `labels` the equipment taxonomy labels those searches asked for (at most 10, most asked first), `share` 0-1 of the city\'s searches, `lists` whether each of the caller\'s hotels there lists the label (null until a hotel event carrying its labels has arrived); only the caller\'s own hotels appear; 403 for non-providers',
  },
});
