import type { AnalyticsWindow, HotelCounters, HotelFigures } from '@reproute/contracts';
import { addCounters, countersFromColumns, emptyCounters, rankTop, type HotelColumn, type SiteMetric } from './rollups.ts';

/** Top lists hold five entries (document 2, section 7). */
export const topListSize = 5;

export const windowHours = { '24h': 24, '7d': 7 * 24 } as const;

/** Assembles one window of the admin summary from the rollups' sums for that window. */
export function summaryWindow(input: {
  from: Date;
  to: Date;
  metrics: Record<SiteMetric, number>;
  sessions: number;
  pages: { key: string; count: number }[];
  searches: { key: string; count: number }[];
}): AnalyticsWindow {
  const { metrics } = input;
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    totals: {
      ...countersFromColumns(metrics as Record<HotelColumn, number>),
      searches: metrics.searches,
      conversions: metrics.conversions,
      interactions: metrics.interactions,
      sessions: input.sessions,
    },
    topPages: rankTop(input.pages, topListSize).map(({ key, count }) => ({ path: key, views: count })),
    topSearches: rankTop(input.searches, topListSize).map(({ key, count }) => ({ query: key, count })),
  };
}

export function totalOf(hotels: HotelCounters[]): HotelCounters {
  return hotels.reduce(addCounters, emptyCounters());
}

/** Busiest hotels first: leads, then referral clicks, then page views; ties by id. */
export function byActivity(a: HotelFigures, b: HotelFigures): number {
  return b.leads - a.leads || b.referralClicks - a.referralClicks || b.pageViews - a.pageViews || a.hotelId - b.hotelId;
}
