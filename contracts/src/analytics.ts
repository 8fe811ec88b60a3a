import { z } from 'zod';
import { clientTimestamp } from './referral.ts';

/**
 * Analytics recording (document 2, section 7). The browser keeps the last 50 page views,
 * 20 conversions, 50 searches and 100 interactions, so no batch can honestly carry more.
 */
export const analyticsBatchLimits = { pageViews: 50, conversions: 20, searches: 50, interactions: 100 } as const;

/** Largest analytics body accepted, JSON or text/plain (sendBeacon). */
export const analyticsBodyLimitBytes = 64 * 1024;

const maxMetadataKeys = 30;
const metadata = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => Object.keys(value).length <= maxMetadataKeys, `metadata has at most ${maxMetadataKeys} keys`)
  .optional();
const timestamp = clientTimestamp.optional();
const label = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(64, `${what} must be at most 64 characters`);

export const pageViewRecord = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(2048),
  title: z.string().max(300).nullish(),
  timestamp,
  metadata,
});
export const conversionRecord = z.object({
  type: label('type'),
  hotelId: z.number().int().positive().max(2_147_483_647).nullish(),
  value: z.union([z.string().max(2048), z.number().finite()]).nullish(),
  timestamp,
  metadata,
});
export const searchRecord = z.object({
  query: z.string().max(200),
  equipment: z.array(z.string().max(60)).max(40).optional(),
  resultCount: z.number().int().min(0).nullish(),
  timestamp,
});
export const interactionRecord = z.object({
  type: label('type'),
  target: z.string().max(300).nullish(),
  timestamp,
  metadata,
});
export type PageViewRecord = z.infer<typeof pageViewRecord>;
export type ConversionRecord = z.infer<typeof conversionRecord>;
export type SearchRecord = z.infer<typeof searchRecord>;
export type InteractionRecord = z.infer<typeof interactionRecord>;

const boundedList = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item).max(max, `A batch carries at most ${max} ${what}`).default([]);

/**
 * `POST /api/analytics/batch`, also sent with navigator.sendBeacon (text/plain or application/json).
 * userId is ignored unless it is the signed-in caller's: the token says who the user is.
 */
export const analyticsBatchRequest = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).trim().min(1, 'sessionId is required').max(128),
  userId: z.string().max(64).nullish(),
  pageViews: boundedList(pageViewRecord, analyticsBatchLimits.pageViews, 'page views'),
  conversions: boundedList(conversionRecord, analyticsBatchLimits.conversions, 'conversions'),
  searches: boundedList(searchRecord, analyticsBatchLimits.searches, 'searches'),
  interactions: boundedList(interactionRecord, analyticsBatchLimits.interactions, 'interactions'),
});
export type AnalyticsBatchRequest = z.infer<typeof analyticsBatchRequest>;

/**
 * `POST /api/analytics`: one event. The types page_view (data.url, data.title), search (data.query),
 * conversion and interaction are understood; any other type is stored as it came.
 */
export const analyticsEventRequest = z.object({
  type: label('type'),
  data: z
    .record(z.string().max(64), z.unknown())
    .refine((value) => Object.keys(value).length <= maxMetadataKeys, `data has at most ${maxMetadataKeys} keys`)
    .nullish()
    .transform((value) => value ?? {}),
  timestamp,
});
export type AnalyticsEventRequest = z.infer<typeof analyticsEventRequest>;

export const analyticsAccepted = z.object({ accepted: z.number().int() });

/** Counters kept per hotel per day. */
export const hotelCounters = z.object({
  pageViews: z.number().int(),
  referralClicks: z.number().int(),
  /** Leads with the traveller's contact details (the only leads there are since ruling 14), on the day each was sent. */
  leads: z.number().int(),
  /**
   * Referral clicks that became a lead: a lead carrying the booking link's referral id of a click, counted once per
   * referral id on the click's own day, so a day's (and any range's) converted clicks never pass its clicks.
   */
  convertedClicks: z.number().int(),
  favoritesAdded: z.number().int(),
  favoritesRemoved: z.number().int(),
  reviewsSubmitted: z.number().int(),
  reviewsApproved: z.number().int(),
});
export type HotelCounters = z.infer<typeof hotelCounters>;

export const hotelFigures = hotelCounters.extend({ hotelId: z.number().int(), name: z.string().nullable() });
export type HotelFigures = z.infer<typeof hotelFigures>;

export const dailyFigures = hotelCounters.extend({ day: z.string() });

/** Site-wide counts for a window; unlike hotel counters they include events tied to no hotel. */
export const windowTotals = hotelCounters.extend({
  searches: z.number().int(),
  conversions: z.number().int(),
  interactions: z.number().int(),
  sessions: z.number().int(),
});

export const analyticsWindow = z.object({
  from: z.string(),
  to: z.string(),
  totals: windowTotals,
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
  topSearches: z.array(z.object({ query: z.string(), count: z.number().int() })),
});
export type AnalyticsWindow = z.infer<typeof analyticsWindow>;

/** `GET /api/analytics/summary` (admin): 24-hour and 7-day windows with the top 5 pages and searches, plus per-hotel and daily rollups over `days`. */
export const analyticsSummary = z.object({
  generatedAt: z.string(),
  windows: z.object({ '24h': analyticsWindow, '7d': analyticsWindow }),
  days: z.number().int(),
  hotels: z.array(hotelFigures),
  daily: z.array(dailyFigures),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

/**
 * Conversion: the share of referral clicks that became leads (converted clicks ÷ clicks), 0 to 1; null without
 * clicks (nothing to convert). Leads posted without a click never raise it, so it never passes 100%.
 */
export function conversionShare(counters: Pick<HotelCounters, 'referralClicks' | 'convertedClicks'>): number | null {
  if (counters.referralClicks <= 0) return null;
  return Math.min(1, Math.max(0, counters.convertedClicks) / counters.referralClicks);
}

const conversion = { conversion: z.number().min(0).max(1).nullable() };

/** `GET /api/provider/analytics`: the caller's own hotels over the last `days` days, each figure with its conversion. */
export const providerAnalytics = z.object({
  generatedAt: z.string(),
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: hotelCounters.extend(conversion),
  hotels: z.array(hotelFigures.extend(conversion)),
  daily: z.array(dailyFigures.extend(conversion)),
});
export type ProviderAnalytics = z.infer<typeof providerAnalytics>;

export const analyticsDaysQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export type AnalyticsDaysQuery = z.infer<typeof analyticsDaysQuery>;

/** The ranges the provider charts offer, in days. */
export const providerAnalyticsRanges = [7, 30, 90] as const;

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * `GET /api/provider/analytics?range=7|30|90&hotelId=`: `range` wins over the older `days`;
 * `hotelId` narrows the daily series and the totals to one of the caller's listings. Empty values mean no choice.
 */
export const providerAnalyticsQuery = z.object({
  range: z.preprocess(emptyAsAbsent, z.enum(['7', '30', '90'], { error: 'range must be 7, 30 or 90 (days)' }).transform(Number).optional()),
  days: z.coerce.number({ error: 'days must be a whole number from 1 to 365' }).int('days must be a whole number from 1 to 365').min(1, 'days must be a whole number from 1 to 365').max(365, 'days must be a whole number from 1 to 365').optional(),
  hotelId: z.preprocess(emptyAsAbsent, z.coerce.number({ error: 'hotelId must be a positive whole number' }).int('hotelId must be a positive whole number').positive('hotelId must be a positive whole number').max(2_147_483_647, 'hotelId must be a positive whole number').optional()),
});
export type ProviderAnalyticsQuery = z.infer<typeof providerAnalyticsQuery>;

/** Demand data looks back this many days. */
export const insightsDays = 30;

/** One searched label in a city: how many of the city's searches asked for it and which of the caller's hotels there list it (null: not known yet). */
export const insightLabel = z.object({
  label: z.string(),
  searches: z.number().int(),
  /** Share of the city's searches, 0 to 1. */
  share: z.number(),
  hotels: z.array(z.object({ hotelId: z.number().int(), name: z.string(), lists: z.boolean().nullable() })),
});
export type InsightLabel = z.infer<typeof insightLabel>;

/** `GET /api/provider/insights`: for each city the caller lists in, what travellers searched for there over the last 30 days. */
export const providerInsights = z.object({
  generatedAt: z.string(),
  days: z.number().int(),
  from: z.string(),
  cities: z.array(
    z.object({
      city: z.string(),
      country: z.string().nullable(),
      searches: z.number().int(),
      labels: z.array(insightLabel),
    }),
  ),
});
export type ProviderInsights = z.infer<typeof providerInsights>;
