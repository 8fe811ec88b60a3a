import { authPlugin, createHttpApp, remoteKeySet, type KeySource, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { contactRoutes } from './routes/contact.ts';
import { favoriteRoutes } from './routes/favorites.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { accountDataRoutes } from './routes/account-data.ts';
import { reviewPhotoRoutes, reviewPhotoStorage } from './routes/review-photos.ts';
import type { PhotoStorage } from '@reproute/platform/photos/storage';
import { trainingNeedsRoutes } from './routes/training-needs.ts';
import { providerReviewRoutes } from './routes/provider-reviews.ts';

/** Tests may pass their own token key instead of identity's key set. */
export async function buildApp(ctx: ServiceContext<Config>, options: { key?: KeySource; photoStorage?: PhotoStorage } = {}) {
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      kafka: () => ctx.bus.ping(),
    },
  });
  await app.register(authPlugin, { key: options.key ?? remoteKeySet(ctx.config.IDENTITY_JWKS_URL), issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
  await app.register(contactRoutes, { ctx });
  await app.register(favoriteRoutes, { ctx });
  await app.register(reviewRoutes, { ctx });
  await app.register(providerReviewRoutes, { ctx });
  await app.register(accountDataRoutes, { ctx });
  await app.register(reviewPhotoRoutes, { ctx, storage: options.photoStorage ?? reviewPhotoStorage(ctx.config) });
  await app.register(trainingNeedsRoutes, { ctx });
  return app;
}
