import type { Closer, ServiceContext } from '@reproute/platform';
import { reconcileEquipmentMasks } from './store/search.ts';
import { refreshStaleGymScores } from './store/gym-score.ts';

/**
 * The data a new catalog version may have to bring up to date, in batches, after the service is
 * listening: equipment masks re-derived after a taxonomy change, gym scores of a new formula. Run
 * before listening, at 1,000,000 hotels the scores alone kept a starting catalog from answering for 11
 * minutes, far past a Kubernetes startup probe (2 minutes in the chart). Meanwhile answers carry the
 * values from before (a hotel's previous score, facet counts by the previous masks). Every step is
 * idempotent, so instances starting together, or a restart midway, only repeat work. The returned
 * closer stops it between two batches at shutdown.
 */
export function startUpkeep(ctx: Pick<ServiceContext, 'pool' | 'logger'>, batchSize = 2_000): Closer & { done: Promise<void> } {
  let stopping = false;
  const stopped = () => stopping;
  const logger = ctx.logger.child({ component: 'upkeep' });
  const done = (async () => {
    try {
      const fixed = await reconcileEquipmentMasks(ctx.pool, batchSize, stopped);
      if (fixed > 0) logger.info({ fixed }, 'equipment masks re-derived from labels');
      const scored = await refreshStaleGymScores(ctx.pool, batchSize, stopped);
      if (scored > 0) logger.info({ scored }, 'gym scores computed for hotels without a current one');
    } catch (err) {
      // Postgres unreachable or restarting: the next start runs it again; nothing is half-written (each batch is one statement).
      if (!stopping) logger.warn({ err }, 'data upkeep stopped; it runs again at the next start');
    }
  })();
  return {
    name: 'data upkeep',
    done,
    close: async () => {
      stopping = true;
      await done;
    },
  };
}
