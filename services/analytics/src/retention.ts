import type { ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { purgeRawEvents } from './store/raw-events.ts';
import { purgeConversions, purgeHourly } from './store/rollups.ts';

const hourMs = 3_600_000;
/** How long a click and its lead are matched (days). */
export const conversionWindowDays = 100;

/** Deletes raw events, hourly buckets and conversion notes past their retention, shortly after start and then hourly. */
export function startRetention(ctx: ServiceContext<Config>): { close: () => Promise<void> } {
  const purge = async () => {
    try {
      const raw = await purgeRawEvents(ctx.pool, ctx.config.RAW_EVENT_RETENTION_DAYS);
      await purgeHourly(ctx.pool, ctx.config.HOURLY_RETENTION_DAYS);
      // Past the longest range the provider charts show (90 days), a click is not converted any more.
      await purgeConversions(ctx.pool, conversionWindowDays);
      if (raw > 0) ctx.logger.info({ raw }, 'old analytics records deleted');
    } catch (err) {
      ctx.logger.warn({ err }, 'analytics retention run failed; will retry');
    }
  };
  const first = setTimeout(() => void purge(), 60_000);
  const timer = setInterval(() => void purge(), hourMs);
  first.unref();
  timer.unref();
  return {
    close: async () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
