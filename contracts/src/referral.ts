import { z } from 'zod';
import { leadInboxMessages, messages } from './messages.ts';
import { maxHotelId } from './http.ts';
import { emailField } from './identity.ts';
// Where a lead stands: a plain list in lead-values.ts (the provider dashboard imports it without zod).
import { leadStatuses, type LeadStatus } from './lead-values.ts';
export { leadStatuses, type LeadStatus };

/** Absent, null and blank strings all mean "not given". */
const emptyToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);
const nullable = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, schema.nullable());

export const maxGuests = 50;

/** An absolute http(s) URL with a host, as booking links must be. */
export function isHttpBookingUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpUrl = z
  .string({ error: messages.bookingUrlRequired })
  .trim()
  .min(1, messages.bookingUrlRequired)
  .max(2048, messages.bookingUrlInvalid)
  .refine(isHttpBookingUrl, messages.bookingUrlInvalid);

/** A calendar day: `YYYY-MM-DD`, or a date-time whose day part is taken. Answers `YYYY-MM-DD`. */
export const calendarDate = z
  .string({ error: messages.invalidDate })
  .trim()
  .max(40, messages.invalidDate)
  .transform((value, ctx) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
    const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : null;
    if (!day || !date || date.toISOString().slice(0, 10) !== `${day[1]}-${day[2]}-${day[3]}`) {
      ctx.addIssue({ code: 'custom', message: messages.invalidDate });
      return z.NEVER;
    }
    return `${day[1]}-${day[2]}-${day[3]}`;
  });

/** A client's moment: an ISO date-time or epoch milliseconds. Answers an ISO string. */
export const clientTimestamp = z.union([z.string().trim().max(40), z.number().finite()], { error: messages.invalidTimestamp }).transform((value, ctx) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: messages.invalidTimestamp });
    return z.NEVER;
  }
  return date.toISOString();
});

const guests = z.coerce.number({ error: messages.guestsRange }).int(messages.guestsRange).min(1, messages.guestsRange).max(maxGuests, messages.guestsRange);
const optionalHotelId = nullable(z.coerce.number().int().positive());

/** The search a referral click came from (document 1, section 3). */
export const referralSearchParams = z.object({
  checkIn: nullable(calendarDate),
  checkOut: nullable(calendarDate),
  guests: nullable(guests),
});
export type ReferralSearchParams = z.infer<typeof referralSearchParams>;

/**
 * `POST /api/referral-clicks`: sent before the booking link opens, by visitors too.
 * hotelName may be left out when hotelId names a known hotel; bookingUrl is required.
 */
export const referralClickRequest = z.object({
  hotelId: optionalHotelId,
  hotelName: nullable(z.string().trim().max(200)),
  bookingUrl: httpUrl,
  timestamp: nullable(clientTimestamp),
  searchParams: z.preprocess(emptyToNull, referralSearchParams.nullable()).transform((p) => p ?? { checkIn: null, checkOut: null, guests: null }),
});
export type ReferralClickRequest = z.infer<typeof referralClickRequest>;

/** A booking link's referral id, `RR_{hotelId}_{timestamp}` (ruling 11). */
export function referralIdFor(hotelId: number, timestamp: number): string {
  return `RR_${hotelId}_${timestamp}`;
}

/** The hotel id and timestamp of a well-formed referral id, or null. */
export function parseReferralId(value: string): { hotelId: number; timestamp: number } | null {
  const match = /^RR_([1-9]\d{0,9})_(\d{1,15})$/.exec(value);
  return match ? { hotelId: Number(match[1]), timestamp: Number(match[2]) } : null;
}

/**
 * `POST /api/leads`: a signed-in traveller with a verified email chose to share their name and email
 * with a hotel (ruling 14), which is emailed the lead. `shareContact: true` is that choice, required:
 * without it, from a visitor or from an unverified account there is no lead (only the referral click,
 * `POST /api/referral-clicks`). userId, name and email are only what the client shows: the server takes
 * all three from the token's account. Dates and guests are sent only when the traveller chose them.
 * referralId is the booking link's `ref`; the server keeps it when it names this hotel and makes its own otherwise.
 */
export const leadRequest = z
  .object({
    shareContact: z.literal(true, { error: messages.leadNeedsConsent }),
    hotelId: z.coerce.number({ error: messages.hotelRequired }).int(messages.hotelRequired).positive(messages.hotelRequired).max(maxHotelId, messages.hotelNotFound),
    userId: nullable(z.string().max(64)),
    name: nullable(z.string().trim().max(120, messages.leadNameMax)),
    email: nullable(emailField),
    message: nullable(z.string().trim().max(2000, messages.leadMessageMax)),
    checkInDate: nullable(calendarDate),
    checkOutDate: nullable(calendarDate),
    guests: nullable(guests),
    referralUrl: nullable(httpUrl),
    referralId: nullable(z.string().trim().max(64, messages.referralIdInvalid)),
  })
  .refine((lead) => !lead.checkInDate || !lead.checkOutDate || lead.checkOutDate > lead.checkInDate, {
    message: messages.checkOutBeforeCheckIn,
    path: ['checkOutDate'],
  });
export type LeadRequest = z.infer<typeof leadRequest>;

export const leadStatus = z.enum(leadStatuses, { error: messages.leadStatusInvalid });

/** One row of the provider dashboard's lead table, newest first. */
export const providerLead = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  hotel: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string().nullable(),
  email: z.string().nullable(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  guests: z.number().int().nullable(),
  message: z.string().nullable(),
  /** The booking link's `ref`, so the hotel can match the lead to a booking; null for leads older than referral ids. */
  referralId: z.string().nullable(),
  status: z.enum(leadStatuses),
  /** The hotel's own note on the lead (never emailed to anyone); null when none. */
  note: z.string().nullable(),
  /** Who of the organisation took the lead; null when nobody has. */
  assignee: z.object({ id: z.string().uuid(), email: z.string() }).nullable(),
});
export type ProviderLead = z.infer<typeof providerLead>;

export const createdIdAnswer = z.object({ id: z.string().uuid() });

/** `PATCH /api/provider/leads/{id}`: the owning provider moves a lead along. */
export const leadStatusUpdate = z.object({ status: leadStatus }, { error: messages.leadStatusInvalid });
export type LeadStatusUpdate = z.infer<typeof leadStatusUpdate>;

export const maxLeadsPageSize = 100;
const hotelFilter = nullable(z.coerce.number({ error: messages.hotelNotFound }).int(messages.hotelNotFound).positive(messages.hotelNotFound).max(maxHotelId, messages.hotelNotFound));

const leadFilterFields = {
  hotelId: hotelFilter,
  status: nullable(leadStatus),
  from: nullable(calendarDate),
  to: nullable(calendarDate),
};
const fromBeforeTo: [(query: { from: string | null; to: string | null }) => boolean, { message: string; path: string[] }] = [
  (query) => !query.from || !query.to || query.to >= query.from,
  { message: messages.leadDateRangeInvalid, path: ['to'] },
];
const pageNumber = (message: string, max: number, fallback: number) =>
  z.preprocess(emptyToNull, z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).nullable()).transform((value) => value ?? fallback);

/** The filters of `GET /api/provider/leads` and `GET /api/provider/leads.csv`; from and to are days the lead was made (UTC), both inclusive. */
export const providerLeadFilters = z.object(leadFilterFields).refine(...fromBeforeTo);
export type ProviderLeadFilters = z.infer<typeof providerLeadFilters>;

/** `GET /api/provider/leads`: the filters plus paging (page from 1, limit up to 100, default 25), newest first. */
export const providerLeadsQuery = z
  .object({ ...leadFilterFields, page: pageNumber(messages.leadPageInvalid, 10_000, 1), limit: pageNumber(messages.leadLimitInvalid, maxLeadsPageSize, 25) })
  .refine(...fromBeforeTo);
export type ProviderLeadsQuery = z.infer<typeof providerLeadsQuery>;

/** One page of the provider's leads: `total` counts every lead the filters match. */
export const providerLeadsPage = z.object({
  items: z.array(providerLead),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProviderLeadsPage = z.infer<typeof providerLeadsPage>;

/** A lead's note and assignee in the inbox (docs/decisions.md, "Lead routing and the inbox"): `assignee` "me" takes the lead, null gives it back. */
export const leadDetailsUpdate = z
  .strictObject({
    note: z.union([z.string({ error: leadInboxMessages.noteInvalid }).trim().max(2000, leadInboxMessages.noteMax), z.null()], { error: leadInboxMessages.noteInvalid }).optional(),
    assignee: z.union([z.literal('me', { error: leadInboxMessages.assigneeInvalid }), z.null()], { error: leadInboxMessages.assigneeInvalid }).optional(),
  }, { error: leadInboxMessages.detailsUnknownField })
  .refine((body) => body.note !== undefined || body.assignee !== undefined, { message: leadInboxMessages.detailsEmpty });
export type LeadDetailsUpdate = z.infer<typeof leadDetailsUpdate>;

/** Who is emailed for a property's leads: `recipients` (none: the listing's lead address) and how (each lead at once, or one digest a day). */
export const leadDeliveries = ['instant', 'daily'] as const;
export type LeadDelivery = (typeof leadDeliveries)[number];
export const leadRoutingUpdate = z
  .strictObject({
    recipients: z
      .array(z.string({ error: leadInboxMessages.recipientInvalid }).trim().toLowerCase().pipe(z.email({ error: leadInboxMessages.recipientInvalid })), { error: leadInboxMessages.recipientsInvalid })
      .max(10, leadInboxMessages.recipientsMax)
      .refine((list) => new Set(list).size === list.length, leadInboxMessages.recipientsDuplicate),
    delivery: z.enum(leadDeliveries, { error: leadInboxMessages.deliveryInvalid }).default('instant'),
  }, { error: leadInboxMessages.routingUnknownField });
export const leadRoutingAnswer = z.object({
  hotelId: z.number().int(),
  recipients: z.array(z.string()),
  delivery: z.enum(leadDeliveries),
  /** Where leads go when `recipients` is empty: the listing's lead address. */
  fallback: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type LeadRoutingAnswer = z.infer<typeof leadRoutingAnswer>;
