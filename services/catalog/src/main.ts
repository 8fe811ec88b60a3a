import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { hotelCounterConsumer, hotelCounterHandlers, reviewRatingConsumer, reviewRatingHandlers } from './events/hotel-counters.ts';
import { startUpkeep } from './upkeep.ts';
import { startGymFactsJob } from './gym-facts-job.ts';
import { accountErasureConsumer } from './events/account-erasure.ts';
import { travellerCountConsumer } from './events/traveller-count.ts';
import { savedSearchAddressConsumer, savedSearchMatchConsumer, savedSearchMatchHandlers } from './events/saved-search-alerts.ts';
import { providerAddressConsumer } from './events/provider-address.ts';

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp,
  // Started here, not awaited: the catalog listens while it runs (src/upkeep.ts).
  beforeListen: async (ctx) => [startUpkeep(ctx), startGymFactsJob(ctx)],
  consumers: (ctx) => [
    { ...hotelCounterConsumer, handlers: hotelCounterHandlers(ctx.logger.child({ component: 'hotel-counters' })) },
    { ...reviewRatingConsumer, handlers: reviewRatingHandlers(ctx.logger.child({ component: 'review-ratings' })) },
    accountErasureConsumer,
    travellerCountConsumer,
    { ...savedSearchMatchConsumer, handlers: savedSearchMatchHandlers(ctx.logger.child({ component: 'saved-search-matches' })) },
    savedSearchAddressConsumer,
    providerAddressConsumer,
  ],
});
