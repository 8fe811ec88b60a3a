import { z } from 'zod';
import { bookingMessages } from './messages.ts';
import { calendarDate, parseReferralId } from './referral.ts';

/**
 * Proof of value (docs/decisions.md, "Referred bookings and the monthly statement"): a partner reports that a
 * referred traveller booked, matched by the referral id the booking link carried (`RR_{hotelId}_{timestamp}`), with
 * the booking's value and dates; the statement charges commission on them at the advertised rate.
 */

/** The rate the statement charges: the Certified tier's advertised 12-15% at its lowest (every partner is on it until tiers are recorded). */
export const statementCommissionRate = 0.12;
export const bookingCurrencies = ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'AED', 'AUD', 'CHF', 'SGD'] as const;
export const maxBookingValue = 10_000_000;
export const maxCsvBookings = 1_000;

export const bookingReport = z
  .strictObject(
    {
      referralId: z.string({ error: bookingMessages.referralIdInvalid }).trim().refine((value) => parseReferralId(value) !== null, bookingMessages.referralIdInvalid),
      value: z.coerce.number({ error: bookingMessages.valueInvalid }).finite(bookingMessages.valueInvalid).min(0, bookingMessages.valueInvalid).max(maxBookingValue, bookingMessages.valueInvalid),
      currency: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(bookingCurrencies, { error: bookingMessages.currencyInvalid })),
      checkInDate: z.string({ error: bookingMessages.datesInvalid }).pipe(calendarDate),
      checkOutDate: z.string({ error: bookingMessages.datesInvalid }).pipe(calendarDate),
    },
    { error: bookingMessages.unknownField },
  )
  .refine((booking) => booking.checkOutDate > booking.checkInDate, { message: bookingMessages.datesOrder, path: ['checkOutDate'] });
export type BookingReport = z.infer<typeof bookingReport>;

/** A CSV of bookings: a header row `referral_id,value,currency,check_in,check_out`, then one booking a row. */
export const bookingCsvUpload = z.strictObject({ csv: z.string({ error: bookingMessages.csvEmpty }).min(1, bookingMessages.csvEmpty).max(200_000, bookingMessages.csvTooLarge) }, { error: bookingMessages.unknownField });

export const booking = z.object({
  id: z.string(),
  referralId: z.string(),
  hotel: z.object({ id: z.number().int(), name: z.string() }),
  value: z.number(),
  currency: z.string(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  source: z.enum(['api', 'csv', 'dashboard']),
  reportedAt: z.string(),
});
export type Booking = z.infer<typeof booking>;
export const bookingsAnswer = z.object({ items: z.array(booking) });

export const monthQuery = z.object({
  month: z.string({ error: bookingMessages.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, bookingMessages.monthInvalid),
});

/** Clicks → leads → bookings of one property in one month (UTC). */
export const funnelRow = z.object({ month: z.string(), hotel: z.object({ id: z.number().int(), name: z.string() }), clicks: z.number().int(), leads: z.number().int(), bookings: z.number().int() });
export const funnelAnswer = z.object({ items: z.array(funnelRow) });
export type FunnelRow = z.infer<typeof funnelRow>;

/** The month's statement: the referred bookings (by check-in month) and the commission on each, per currency. */
export const statementAnswer = z.object({
  month: z.string(),
  rate: z.number(),
  items: z.array(booking.extend({ commission: z.number() })),
  totals: z.array(z.object({ currency: z.string(), value: z.number(), commission: z.number(), bookings: z.number().int() })),
});
export type StatementAnswer = z.infer<typeof statementAnswer>;

/** Commission on a value, rounded to the cent. */
export const commissionOn = (value: number, rate = statementCommissionRate) => Math.round(value * rate * 100) / 100;
