import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { hotelProjectionConsumer } from './events/hotels.ts';
import { reviewerAccountConsumer } from './events/users.ts';
import { hotelsSentToConsumer } from './events/hotels-sent-to.ts';
import { favoriteAlertAddressConsumer, favoriteGymAlertConsumer } from './events/favorite-gym-alerts.ts';

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp,
  consumers: () => [hotelProjectionConsumer, reviewerAccountConsumer, hotelsSentToConsumer, favoriteGymAlertConsumer, favoriteAlertAddressConsumer],
});
