import { rawAnswer, defineEndpoints } from '../endpoint.ts';
import { booking, bookingCsvUpload, bookingReport, bookingsAnswer, funnelAnswer, monthQuery, statementAnswer } from '../bookings.ts';

const reportDoc =
  'body `{ referralId, value, currency, checkInDate, checkOutDate }`: `referralId` the booking link\'s `RR_{hotelId}_{timestamp}` of a lead or a booking-link click to one of the organisation\'s properties; 201 the booking; 400 with the message for a malformed or unknown referral id ("No referral to one of your properties has this referral id"), a value outside 0-10,000,000, an unknown currency, bad or reversed dates; 409 "A booking with this referral id has been reported already"';

/** Referral: referred bookings a partner reports, the funnel and the monthly statement. */
export const bookingEndpoints = defineEndpoints('referral', {
  'POST /api/partner/bookings': {
    access: 'public',
    apiKeyScope: 'leads:write',
    summary: 'A partner\'s system reports a referred booking (API key with leads:write)',
    body: bookingReport,
    responses: { 201: booking },
    doc: `${reportDoc}; with the header \`X-Api-Key\` (401/403 as the other partner endpoints)`,
  },
  'POST /api/provider/bookings': {
    access: 'provider',
    summary: 'Report a referred booking from the dashboard',
    body: bookingReport,
    responses: { 201: booking },
    doc: `${reportDoc}; a member whose role allows leads for the property`,
  },
  'POST /api/provider/bookings.csv': {
    access: 'provider',
    summary: 'Report referred bookings from a CSV (all of them or none)',
    body: bookingCsvUpload,
    responses: { 201: bookingsAnswer },
    doc: 'body `{ csv }`: a header row `referral_id,value,currency,check_in,check_out`, then one booking a row (at most 1,000); 201 the bookings. Every row is checked first: one bad row answers 400 "Row N: <the message>" and stores nothing',
  },
  'GET /api/provider/funnel': {
    access: 'provider',
    summary: 'Clicks → leads → bookings per property and month (UTC), the last 12 months',
    responses: { 200: funnelAnswer },
    doc: '`{ items: [{ month, hotel: { id, name }, clicks, leads, bookings }] }` newest month first; bookings counted by check-in month',
  },
  'GET /api/provider/statement': {
    access: 'provider',
    summary: 'The month\'s statement: referred bookings checking in that month and the commission on each',
    query: monthQuery,
    responses: { 200: statementAnswer },
    doc: '`?month=YYYY-MM`; `{ month, rate, items: [booking & { commission }], totals: [{ currency, value, commission, bookings }] }`; `rate` 0.12 (the Certified tier\'s advertised 12-15%, at its lowest); 400 "Month must be written YYYY-MM"',
  },
  'GET /api/provider/statement.csv': {
    access: 'provider',
    summary: 'The month\'s statement as CSV',
    query: monthQuery,
    responses: { 200: rawAnswer('text/csv; charset=utf-8', 'The month\'s referred bookings and commission, one row each, then a total per currency') },
    doc: '`text/csv` attachment `reproute-statement-YYYY-MM.csv`: Referral ID, Hotel, Check-in, Check-out, Currency, Value, Commission rate, Commission; a Total row per currency',
  },
});
