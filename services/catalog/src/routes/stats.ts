import type { FastifyInstance } from 'fastify';
import { endpoints, type SiteStats } from '@reproute/contracts';
import { serveEndpoint, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { readSiteStats } from '../store/stats.ts';

/**
 * The home page's summary figures (ruling 15), worked out at most every STATS_CACHE_MS per instance: callers
 * asking meanwhile share the last answer, and callers asking while it is worked out share that one reading.
 */
export async function statsRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext<Config> }) {
  let kept: { answer: SiteStats; at: number } | undefined;
  let reading: Promise<SiteStats> | undefined;
  const read = (): Promise<SiteStats> => {
    reading ??= readSiteStats(ctx.pool)
      .then((figures) => {
        const answer = { ...figures, generatedAt: new Date().toISOString() };
        kept = { answer, at: Date.now() };
        return answer;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  serveEndpoint(app, endpoints['GET /api/stats'], async () => {
    if (kept && Date.now() - kept.at < ctx.config.STATS_CACHE_MS) return kept.answer;
    return read();
  });
}
