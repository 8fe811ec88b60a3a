import type { Closer, ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { remindStaleGymFacts } from './store/gym-freshness.ts';
import { rescoreAgedGymFacts } from './store/gym-score.ts';

/**
 * The gym facts job (docs/decisions.md, "Gym facts that say how old they are"): every GYM_FACTS_JOB_INTERVAL_MINUTES,
 * reminds the providers of live listings whose facts are older than GYM_FACTS_STALE_DAYS (`hotel.gym-facts-stale`,
 * which the notifier emails) and rescores the gyms whose facts crossed an age step. Each run is idempotent and
 * instances running it at once skip each other's rows; a failed run (Postgres away) is tried again at the next tick.
 */
export async function runGymFactsJob(ctx: Pick<ServiceContext<Config>, 'pool' | 'config'>, stopped: () => boolean = () => false): Promise<{ reminded: number; rescored: number }> {
  let reminded = 0;
  for (;;) {
    const n = await remindStaleGymFacts(ctx.pool, ctx.config.GYM_FACTS_STALE_DAYS);
    reminded += n;
    if (n === 0 || stopped()) break;
  }
  const rescored = await rescoreAgedGymFacts(ctx.pool, 500, stopped);
  return { reminded, rescored };
}

export function startGymFactsJob(ctx: Pick<ServiceContext<Config>, 'pool' | 'config' | 'logger'>): Closer {
  const logger = ctx.logger.child({ component: 'gym-facts-job' });
  const minutes = ctx.config.GYM_FACTS_JOB_INTERVAL_MINUTES;
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runGymFactsJob(ctx, () => stopping)
      .then(({ reminded, rescored }) => {
        if (reminded > 0 || rescored > 0) logger.info({ reminded, rescored }, 'gym facts reminders sent and aged facts rescored');
      })
      .catch((err: unknown) => {
        if (!stopping) logger.warn({ err }, 'gym facts job failed; it runs again at the next interval');
      });
  };
  const timer = minutes > 0 ? setInterval(tick, minutes * 60_000) : undefined;
  timer?.unref();
  if (minutes > 0) setTimeout(tick, 30_000).unref();
  return {
    name: 'gym facts job',
    close: async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
