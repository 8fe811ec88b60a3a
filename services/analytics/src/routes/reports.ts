import type { FastifyInstance, FastifyRequest } from 'fastify';
import { analyticsDaysQuery, type AnalyticsSummary, type ProviderAnalytics } from '@reproute/contracts';
import { requireRole, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { dayBucket, daysStart, fillDays, emptyCounters, windowStart } from '../domain/rollups.ts';
import { byActivity, summaryWindow, totalOf, windowHours } from '../domain/summary.ts';
import { hotelsOfProvider } from '../store/hotels.ts';
import { dailyCounters, hotelFigures, metricTotals, pageCounts, searchCounts, sessionCounts, type KeyCount } from '../store/rollups.ts';

const recentOf = (rows: KeyCount[]) => rows.map((r) => ({ key: r.key, count: r.recent }));
const weekOf = (rows: KeyCount[]) => rows.map((r) => ({ key: r.key, count: r.week }));

export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  /** The admin summary: 24-hour and 7-day windows with the top 5 pages and searches, and per-hotel and daily rollups over `days`. */
  const summary = async (request: FastifyRequest): Promise<AnalyticsSummary> => {
    requireRole(request, 'admin');
    const { days } = analyticsDaysQuery.parse(request.query);
    const now = new Date();
    const recentFrom = windowStart(now, windowHours['24h']);
    const weekFrom = windowStart(now, windowHours['7d']);
    const fromDay = daysStart(now, days);
    const [metrics, sessions, pages, searches, hotels, daily] = await Promise.all([
      metricTotals(ctx.pool, recentFrom, weekFrom),
      sessionCounts(ctx.pool, recentFrom, weekFrom),
      pageCounts(ctx.pool, recentFrom, weekFrom),
      searchCounts(ctx.pool, recentFrom, weekFrom),
      hotelFigures(ctx.pool, fromDay),
      dailyCounters(ctx.pool, fromDay),
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
  app.get('/api/analytics/summary', summary);
  app.get('/api/admin/analytics/summary', summary);

  /** A provider's own hotels (from the projection): page views, referral clicks, leads and the rest, per hotel and per day. */
  app.get('/api/provider/analytics', async (request): Promise<ProviderAnalytics> => {
    const provider = requireRole(request, 'provider');
    const { days } = analyticsDaysQuery.parse(request.query);
    const now = new Date();
    const fromDay = daysStart(now, days);
    const own = await hotelsOfProvider(ctx.pool, provider.id);
    const [hotels, daily] = await Promise.all([
      hotelFigures(ctx.pool, fromDay, own),
      dailyCounters(ctx.pool, fromDay, own.map((h) => h.hotelId)),
    ]);
    return {
      generatedAt: now.toISOString(),
      days,
      from: fromDay,
      to: dayBucket(now),
      totals: totalOf(hotels),
      hotels,
      daily: fillDays(fromDay, dayBucket(now), daily, emptyCounters),
    };
  });
}
