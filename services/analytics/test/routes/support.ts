import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topics } from '@reproute/contracts';
import { serviceUnderTest } from '@reproute/platform/testing/service-under-test';
import { configSchema } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { analyticsHandlers } from '../../src/events/handlers.ts';
import { accountErasureConsumer } from '../../src/events/account-erasure.ts';

/** The analytics service in-process, its rollup consumer on the in-memory bus (as main.ts wires it). */
export function analyticsUnderTest() {
  return serviceUnderTest({
    service: 'analytics',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) => buildApp(ctx, { key }),
    consumers: () => [
      { name: 'analytics-rollups', topics: [topics.hotels, topics.clicks, topics.leads, topics.favorites, topics.reviews, topics.analytics], handlers: analyticsHandlers },
      accountErasureConsumer,
    ],
  });
}
