import { authPlugin, createHttpApp, remoteKeySet, type KeySource, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import type { Dispatcher } from './dispatcher.ts';
import { webhookRoutes } from './routes/webhooks.ts';

/** The webhooks service: a partner's endpoints and their delivery log. Tests may pass their own token key. */
export async function buildApp(ctx: ServiceContext<Config>, options: { dispatcher: Dispatcher; key?: KeySource }) {
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
    },
  });
  await app.register(authPlugin, { key: options.key ?? remoteKeySet(ctx.config.IDENTITY_JWKS_URL), issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
  await app.register(webhookRoutes, { ctx, dispatcher: options.dispatcher });
  return app;
}
