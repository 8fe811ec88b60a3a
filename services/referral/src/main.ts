import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { topics } from '@reproute/contracts';
import { configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { hotelProjectionHandlers } from './events/hotel-projection.ts';
import { accountErasureConsumer } from './events/account-erasure.ts';

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp,
  consumers: () => [{ name: 'referral-hotels', topics: [topics.hotels], handlers: hotelProjectionHandlers }, accountErasureConsumer],
});
