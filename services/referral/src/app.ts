import { authPlugin, createHttpApp, remoteKeySet, type KeySource, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { referralClickRoutes } from './routes/referral-clicks.ts';
import { leadRoutes } from './routes/leads.ts';
import { accountDataRoutes } from './routes/account-data.ts';
import { partnerLeadRoutes } from './routes/partner-leads.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { identityApiKeyVerifier, type ApiKeyVerifier } from './domain/api-keys.ts';

/** The referral service: referral clicks, leads and the provider's lead table. Tests may pass their own token key. */
export async function buildApp(ctx: ServiceContext<Config>, options: { key?: KeySource; verifyApiKey?: ApiKeyVerifier } = {}) {
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
    },
  });
  await app.register(authPlugin, { key: options.key ?? remoteKeySet(ctx.config.IDENTITY_JWKS_URL), issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
  await app.register(referralClickRoutes, { ctx });
  await app.register(leadRoutes, { ctx });
  await app.register(accountDataRoutes, { ctx });
  const verify = options.verifyApiKey ?? identityApiKeyVerifier(ctx.config.IDENTITY_JWKS_URL);
  await app.register(partnerLeadRoutes, { ctx, verify });
  await app.register(bookingRoutes, { ctx, verify });
  return app;
}
