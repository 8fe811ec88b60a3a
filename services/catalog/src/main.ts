import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { hotelCounterConsumer, hotelCounterHandlers, reviewRatingConsumer, reviewRatingHandlers } from './events/hotel-counters.ts';
import { reconcileEquipmentMasks } from './store/search.ts';
import { refreshStaleGymScores } from './store/gym-score.ts';

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp,
  beforeListen: async (ctx) => {
    const fixed = await reconcileEquipmentMasks(ctx.pool);
    if (fixed > 0) ctx.logger.info({ fixed }, 'equipment masks re-derived from labels');
    const scored = await refreshStaleGymScores(ctx.pool);
    if (scored > 0) ctx.logger.info({ scored }, 'gym scores computed for hotels without a current one');
  },
  consumers: (ctx) => [
    { ...hotelCounterConsumer, handlers: hotelCounterHandlers(ctx.logger.child({ component: 'hotel-counters' })) },
    { ...reviewRatingConsumer, handlers: reviewRatingHandlers(ctx.logger.child({ component: 'review-ratings' })) },
  ],
});
