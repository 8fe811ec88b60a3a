import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authPlugin, createHttpApp, remoteKeySet, type KeySource, type ServiceContext } from '@reproute/platform';
import type { Config } from './config.ts';
import { hotelRoutes } from './routes/hotels.ts';
import { providerHotelRoutes } from './routes/provider-hotels.ts';
import { adminHotelRoutes } from './routes/admin-hotels.ts';
import { cityRoutes } from './routes/cities.ts';
import { imageRoutes } from './routes/images.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { photoRoutes } from './routes/photos.ts';
import { accountDataRoutes } from './routes/account-data.ts';
import { statsRoutes } from './routes/stats.ts';
import { searchSuggestionRoutes } from './routes/search-suggestions.ts';
import { savedSearchRoutes } from './routes/saved-searches.ts';
import { gymFreshnessRoutes } from './routes/gym-freshness.ts';
import { photoStorageFrom } from './photos/storage.ts';
import { configureSearchSummaries, warmFacetIndex } from './store/search.ts';

export const defaultImagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/images');
/** Uploaded photos on local runs: the repository's data folder, beside the database files. */
export const defaultPhotosDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/photos');

/** Tests may pass their own token key instead of identity's key set. */
export async function buildApp(ctx: ServiceContext<Config>, options: { key?: KeySource } = {}) {
  configureSearchSummaries({ ttlMs: ctx.config.SEARCH_SUMMARY_CACHE_MS, staleMs: ctx.config.SEARCH_SUMMARY_STALE_MS, facetIndex: ctx.config.SEARCH_FACET_INDEX, logger: ctx.logger });
  const facetIndexWarm = warmFacetIndex(ctx.pool);
  const app = createHttpApp({
    logger: ctx.logger,
    clientAddressKey: ctx.clientAddressKey,
    openapiTitle: 'RepRoute catalog',
    readiness: {
      postgres: () => ctx.pool.query('SELECT 1'),
      // Ready once the facet index has loaded (a second at 100,000 hotels; a failed load is logged and leaves Postgres counting).
      facetIndex: () => facetIndexWarm,
      kafka: () => ctx.bus.ping(),
    },
  });
  await app.register(authPlugin, { key: options.key ?? remoteKeySet(ctx.config.IDENTITY_JWKS_URL), issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
  await app.register(imageRoutes, { root: ctx.config.IMAGES_DIR ?? defaultImagesDir });
  await app.register(photoRoutes, { ctx, storage: photoStorageFrom(ctx.config, defaultPhotosDir) });
  await app.register(cityRoutes, { ctx });
  await app.register(hotelRoutes, { ctx });
  await app.register(adminHotelRoutes, { ctx });
  await app.register(providerHotelRoutes, { ctx });
  await app.register(sitemapRoutes, { ctx });
  await app.register(accountDataRoutes, { ctx });
  await app.register(statsRoutes, { ctx });
  await app.register(searchSuggestionRoutes, { ctx });
  await app.register(savedSearchRoutes, { ctx });
  await app.register(gymFreshnessRoutes, { ctx });
  return app;
}
