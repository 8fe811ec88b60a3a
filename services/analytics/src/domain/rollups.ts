import { parseReferralId, type Envelope, type HotelCounters } from '@reproute/contracts';

/** Columns of hotel_daily_stats, and the counter each feeds. */
export const hotelColumns = {
  page_views: 'pageViews',
  referral_clicks: 'referralClicks',
  leads: 'leads',
  converted_clicks: 'convertedClicks',
  favorites_added: 'favoritesAdded',
  favorites_removed: 'favoritesRemoved',
  reviews_submitted: 'reviewsSubmitted',
  reviews_approved: 'reviewsApproved',
} as const satisfies Record<string, keyof HotelCounters>;
export type HotelColumn = keyof typeof hotelColumns;

/** Site-wide hourly metrics: every hotel column plus browser-only kinds. */
export const siteMetrics = [...(Object.keys(hotelColumns) as HotelColumn[]), 'searches', 'conversions', 'interactions'] as const;
export type SiteMetric = (typeof siteMetrics)[number];

/** What one event adds to the rollups: always one site-wide hourly count, sometimes a hotel's daily count, a page or a search. */
export interface RollupChange {
  metric: SiteMetric;
  hour: Date;
  hotel: { hotelId: number; day: string; column: HotelColumn } | null;
  page: string | null;
  search: string | null;
}

const hourMs = 3_600_000;

export function hourBucket(at: Date): Date {
  return new Date(Math.floor(at.getTime() / hourMs) * hourMs);
}

/** The UTC day, as `YYYY-MM-DD`. */
export function dayBucket(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The first hourly bucket of a window of `hours` hours ending now: the current hour and the
 * `hours - 1` before it. A 24-hour window is 24 buckets, so it may reach up to an hour further
 * back than exactly 24 hours.
 */
export function windowStart(now: Date, hours: number): Date {
  return new Date(hourBucket(now).getTime() - (hours - 1) * hourMs);
}

/** The first day of a range of `days` days ending today (UTC). */
export function daysStart(now: Date, days: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return dayBucket(new Date(today - (days - 1) * 24 * hourMs));
}

function occurredAt(event: Envelope): Date {
  const at = new Date(event.occurredAt);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

const metricForKind: Record<string, SiteMetric> = {
  page_view: 'page_views',
  search: 'searches',
  conversion: 'conversions',
  interaction: 'interactions',
};

/**
 * What an event adds to the rollups, or null when it adds nothing. `pageHotelId` is the hotel a
 * page view's path resolved to, when the event did not carry one.
 */
export function rollupFor(event: Envelope, pageHotelId: number | null = null): RollupChange | null {
  const at = occurredAt(event);
  const change = (metric: SiteMetric, hotelId: number | null, extra: Partial<Pick<RollupChange, 'page' | 'search'>> = {}): RollupChange => ({
    metric,
    hour: hourBucket(at),
    hotel: hotelId !== null && metric in hotelColumns ? { hotelId, day: dayBucket(at), column: metric as HotelColumn } : null,
    page: extra.page ?? null,
    search: extra.search ?? null,
  });
  switch (event.type) {
    case 'referral.clicked':
      return change('referral_clicks', (event as Envelope<'referral.clicked'>).data.hotelId);
    case 'lead.created': {
      // Leads count what they say: those with the traveller's contact details (an anonymous lead from before ruling 14 is not one).
      const lead = (event as Envelope<'lead.created'>).data;
      return leadHasContact(lead) ? change('leads', lead.hotelId) : null;
    }
    case 'favorite.added':
      return change('favorites_added', (event as Envelope<'favorite.added'>).data.hotelId);
    case 'favorite.removed':
      return change('favorites_removed', (event as Envelope<'favorite.removed'>).data.hotelId);
    case 'review.submitted':
      return change('reviews_submitted', (event as Envelope<'review.submitted'>).data.hotelId);
    case 'review.approved':
      return change('reviews_approved', (event as Envelope<'review.approved'>).data.hotelId);
    case 'analytics.recorded': {
      const { kind, hotelId, value } = (event as Envelope<'analytics.recorded'>).data;
      const metric = metricForKind[kind];
      if (!metric) return null;
      if (metric === 'page_views') return change(metric, hotelId ?? pageHotelId, { page: value });
      if (metric === 'searches') return change(metric, null, { search: value });
      return change(metric, null);
    }
    default:
      return null;
  }
}

/** Whether a lead carries the traveller's contact (an email address); the notifier emails no other. */
export function leadHasContact(lead: { email: string | null }): boolean {
  return Boolean(lead.email?.trim());
}

/** One side of a conversion: a referral click or a lead with contact details, by the referral id both carry. */
export interface ConversionSide {
  side: 'click' | 'lead';
  referralId: string;
  hotelId: number;
  /** The UTC day of the event (a click's day is the day its conversion is counted on). */
  day: string;
  hour: Date;
}

/** The `ref` a booking link carries, when it is a referral id of `hotelId`. */
function bookingLinkReferralId(bookingUrl: string, hotelId: number): string | null {
  let ref: string | null;
  try {
    ref = new URL(bookingUrl).searchParams.get('ref');
  } catch {
    return null;
  }
  return ref && parseReferralId(ref)?.hotelId === hotelId ? ref : null;
}

/**
 * What an event tells about a conversion, or null: a click on a known hotel whose booking link carries that
 * hotel's referral id, or a lead with contact details carrying its hotel's referral id.
 */
export function conversionSideOf(event: Envelope): ConversionSide | null {
  const at = occurredAt(event);
  const side = (kind: ConversionSide['side'], referralId: string | null, hotelId: number): ConversionSide | null =>
    referralId ? { side: kind, referralId, hotelId, day: dayBucket(at), hour: hourBucket(at) } : null;
  if (event.type === 'referral.clicked') {
    const click = (event as Envelope<'referral.clicked'>).data;
    return click.hotelId === null ? null : side('click', bookingLinkReferralId(click.bookingUrl, click.hotelId), click.hotelId);
  }
  if (event.type === 'lead.created') {
    const lead = (event as Envelope<'lead.created'>).data;
    const ref = lead.referralId?.trim() ?? '';
    return leadHasContact(lead) && parseReferralId(ref)?.hotelId === lead.hotelId ? side('lead', ref, lead.hotelId) : null;
  }
  return null;
}

/** The rollup change of a click that became a lead: one converted click of its hotel, on the click's day. */
export function convertedClickChange(hotelId: number, clickDay: string, hour: Date): RollupChange {
  return { metric: 'converted_clicks', hour, hotel: { hotelId, day: clickDay, column: 'converted_clicks' }, page: null, search: null };
}

export function emptyCounters(): HotelCounters {
  return { pageViews: 0, referralClicks: 0, leads: 0, convertedClicks: 0, favoritesAdded: 0, favoritesRemoved: 0, reviewsSubmitted: 0, reviewsApproved: 0 };
}

export function addCounters(a: HotelCounters, b: HotelCounters): HotelCounters {
  const sum = emptyCounters();
  for (const key of Object.keys(sum) as (keyof HotelCounters)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** Reads hotel counters from a row keyed by column name (missing columns count 0). */
export function countersFromColumns(row: Partial<Record<HotelColumn, number | null>>): HotelCounters {
  const counters = emptyCounters();
  for (const [column, key] of Object.entries(hotelColumns) as [HotelColumn, keyof HotelCounters][]) counters[key] = Number(row[column] ?? 0);
  return counters;
}

/** One entry per day from `from` to `to` inclusive, zeros where nothing happened. */
export function fillDays<T extends { day: string }>(from: string, to: string, rows: T[], empty: () => Omit<T, 'day'>): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: T[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 24 * hourMs) {
    const day = dayBucket(new Date(t));
    days.push(byDay.get(day) ?? ({ day, ...empty() } as T));
  }
  return days;
}

/** The `n` largest counts, ties broken alphabetically; zero counts are left out. */
export function rankTop(entries: { key: string; count: number }[], n: number): { key: string; count: number }[] {
  return entries
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, n);
}
