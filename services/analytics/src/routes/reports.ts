import type { FastifyInstance } from 'fastify';
import { allEquipmentLabels, conversionShare, endpoints, insightsDays, type AnalyticsDaysQuery, type AnalyticsSummary, type EndpointQuery, type HotelCounters, type ProviderAnalytics } from '@reproute/contracts';
import { mayUse, notFound, requireScope, requireUser, serveEndpoint, type Queryable, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { dayBucket, daysStart, fillDays, emptyCounters, windowStart } from '../domain/rollups.ts';
import { byActivity, summaryWindow, totalOf, windowHours } from '../domain/summary.ts';
import { buildInsights, cityPattern, citiesOf } from '../domain/insights.ts';
import { hotelsOfProvider, placesOfProvider } from '../store/hotels.ts';
import { citySearchCounts } from '../store/insights.ts';
import { hotelActivity, metricTotals, pageCounts, searchCounts, sessionCounts, type KeyCount } from '../store/rollups.ts';

const recentOf = (rows: KeyCount[]) => rows.map((r) => ({ key: r.key, count: r.recent }));
const weekOf = (rows: KeyCount[]) => rows.map((r) => ({ key: r.key, count: r.week }));

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  /** The admin summary: 24-hour and 7-day windows with the top 5 pages and searches, and per-hotel and daily rollups over `days`. */
  const summary = async ({ query: { days } }: { query: AnalyticsDaysQuery }): Promise<AnalyticsSummary> => {
    const now = new Date();
    const recentFrom = windowStart(now, windowHours['24h']);
    const weekFrom = windowStart(now, windowHours['7d']);
    const fromDay = daysStart(now, days);
    const [metrics, sessions, pages, searches, { hotels, daily }] = await Promise.all([
      metricTotals(ctx.pool, recentFrom, weekFrom),
      sessionCounts(ctx.pool, recentFrom, weekFrom),
      pageCounts(ctx.pool, recentFrom, weekFrom),
      searchCounts(ctx.pool, recentFrom, weekFrom),
      hotelActivity(ctx.pool, fromDay),
    ]);
    return {
      generatedAt: now.toISOString(),
      windows: {
        '24h': summaryWindow({ from: recentFrom, to: now, metrics: metrics.recent, sessions: sessions.recent, pages: recentOf(pages), searches: recentOf(searches) }),
        '7d': summaryWindow({ from: weekFrom, to: now, metrics: metrics.week, sessions: sessions.week, pages: weekOf(pages), searches: weekOf(searches) }),
      },
      days,
      hotels: hotels.sort(byActivity),
      daily: fillDays(fromDay, dayBucket(now), daily, emptyCounters),
    };
  };
  serveEndpoint(app, endpoints['GET /api/analytics/summary'], summary);
  serveEndpoint(app, endpoints['GET /api/admin/analytics/summary'], summary);

  /** A provider's own hotels' figures (providerAnalytics, below). */
  // The organisation's hotels the member holds a role for (every role sees figures; docs/decisions.md, "Organisations and roles").
  serveEndpoint(app, endpoints['GET /api/provider/analytics'], async (request) => {
    const user = requireUser(request);
    const { organisationId } = requireScope(user, 'figures');
    return providerAnalytics(ctx.pool, organisationId, request.query, (hotelId) => mayUse(user, { id: hotelId, providerId: organisationId }, 'figures'));
  });

  /** Demand data: per city the provider lists in, what travellers searched for there over the last 30 days, and which of the provider's hotels there list it. */
  serveEndpoint(app, endpoints['GET /api/provider/insights'], async (request) => {
    const provider = requireUser(request);
    const { organisationId } = requireScope(provider, 'figures');
    const now = new Date();
    const fromDay = daysStart(now, insightsDays);
    const places = (await placesOfProvider(ctx.pool, organisationId)).filter((place) => mayUse(provider, { id: place.hotelId, providerId: organisationId }, 'figures'));
    const cities = citiesOf(places);
    const keys = [...cities.keys()];
    const counts = await citySearchCounts(ctx.pool, keys, keys.map(cityPattern), allEquipmentLabels, new Date(`${fromDay}T00:00:00Z`));
    return { generatedAt: now.toISOString(), days: insightsDays, from: fromDay, cities: buildInsights(cities, counts) };
  });
}

/**
 * A provider's own hotels (from the projection): page views, referral clicks, leads and the rest,
 * per hotel and per day, over `range` (7, 30 or 90) days; `hotelId` narrows totals and days to one listing.
 * (Also answered by the floor server of infra/bench/service-floor.ts, so both run the same queries.)
 */
export async function providerAnalytics(
  db: Queryable,
  providerId: string,
  query: EndpointQuery<(typeof endpoints)['GET /api/provider/analytics']>,
  /** Which of the organisation's hotels the member may see (its role for each); all when absent. */
  maySee: (hotelId: number) => boolean = () => true,
): Promise<ProviderAnalytics> {
  const days = query.range ?? query.days ?? 30;
  const now = new Date();
  const fromDay = daysStart(now, days);
  const own = (await hotelsOfProvider(db, providerId)).filter((hotel) => maySee(hotel.hotelId));
  const chosen = query.hotelId === undefined ? own : own.filter((h) => h.hotelId === query.hotelId);
  if (chosen.length === 0 && query.hotelId !== undefined) throw notFound(`Hotel ${query.hotelId} is not one of your listings`);
  const { hotels, daily } = await hotelActivity(db, fromDay, chosen);
  // Each figure with its conversion, computed here once for every screen (converted clicks ÷ clicks, never above 1).
  const withConversion = <T extends HotelCounters>(counters: T) => ({ ...counters, conversion: conversionShare(counters) });
  return {
    generatedAt: now.toISOString(),
    days,
    from: fromDay,
    to: dayBucket(now),
    totals: withConversion(totalOf(hotels)),
    hotels: hotels.map(withConversion),
    daily: fillDays(fromDay, dayBucket(now), daily, emptyCounters).map(withConversion),
  };
}
