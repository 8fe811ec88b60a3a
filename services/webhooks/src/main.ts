import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '@reproute/platform';
import { checkDeliverySafety, configSchema } from './config.ts';
import { buildApp } from './app.ts';
import { Dispatcher } from './dispatcher.ts';
import { leadConsumer } from './events/leads.ts';
import { hotelConsumer } from './events/hotels.ts';
import { accountErasureConsumer } from './events/account-erasure.ts';

let dispatcher: Dispatcher | undefined;

await startService({
  configSchema,
  migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations'),
  buildApp: async (ctx) => {
    checkDeliverySafety(ctx.config);
    dispatcher = new Dispatcher({ pool: ctx.pool, logger: ctx.logger.child({ component: 'dispatcher' }), config: ctx.config });
    return buildApp(ctx, { dispatcher });
  },
  consumers: () => [leadConsumer, hotelConsumer, accountErasureConsumer],
  beforeListen: async () => {
    dispatcher!.start();
    return [{ name: 'webhook dispatcher', close: () => dispatcher!.stop() }];
  },
});
