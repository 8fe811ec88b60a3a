import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { topics } from '@reproute/contracts';
import { configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { analyticsHandlers } from './events/handlers.ts';
import { startRetention } from './retention.ts';
import { accountErasureConsumer } from './events/account-erasure.ts';

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp,
  consumers: () => [
    {
      name: 'analytics-rollups',
      topics: [topics.hotels, topics.clicks, topics.leads, topics.favorites, topics.reviews, topics.analytics],
      handlers: analyticsHandlers,
      // Rollups are read in minutes: a second of events in one fetch and one commit (and an idle group fetches once a second).
      gatherMs: 1_000,
    },
    accountErasureConsumer,
  ],
  beforeListen: async (ctx) => [{ name: 'retention', ...startRetention(ctx) }],
});
