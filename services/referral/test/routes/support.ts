import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topics } from '@reproute/contracts';
import { serviceUnderTest } from '@reproute/platform/testing/service-under-test';
import { configSchema } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { hotelProjectionHandlers } from '../../src/events/hotel-projection.ts';
import { accountErasureConsumer } from '../../src/events/account-erasure.ts';

/** The referral service in-process, with its hotel projection consumer on the in-memory bus (as main.ts wires it). */
export function referralUnderTest(env: Record<string, string> = {}) {
  return serviceUnderTest({
    service: 'referral',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) => buildApp(ctx, { key }),
    consumers: () => [{ name: 'referral-hotels', topics: [topics.hotels], handlers: hotelProjectionHandlers }, accountErasureConsumer],
    env,
  });
}
