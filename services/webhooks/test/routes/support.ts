import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceUnderTest } from '@reproute/platform/testing/service-under-test';
import { configSchema } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { Dispatcher } from '../../src/dispatcher.ts';
import { leadConsumer } from '../../src/events/leads.ts';
import { hotelConsumer } from '../../src/events/hotels.ts';
import { accountErasureConsumer } from '../../src/events/account-erasure.ts';

/**
 * The webhooks service in-process, as main.ts wires it: its consumers on the in-memory bus and its dispatcher
 * delivering for real over HTTP. Receivers in tests listen on 127.0.0.1, so private addresses and http:// are allowed
 * unless the test says otherwise; backoff is short.
 */
export async function webhooksUnderTest(env: Record<string, string> = {}) {
  let dispatcher: Dispatcher | undefined;
  const sut = await serviceUnderTest({
    service: 'webhooks',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) => {
      dispatcher = new Dispatcher({ pool: ctx.pool, logger: ctx.logger, config: ctx.config });
      return buildApp(ctx, { dispatcher, key });
    },
    consumers: () => [leadConsumer, hotelConsumer, accountErasureConsumer],
    env: {
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_RETRY_MAX_MS: '400',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_POLL_MS: '25',
      ...env,
    },
  });
  dispatcher!.start();
  const close = sut.close;
  return Object.assign(sut, {
    dispatcher: dispatcher!,
    close: async () => {
      await dispatcher!.stop();
      await close();
    },
  });
}
