/**
 * The catalog in-process for route tests: one throwaway database per test file, started on first
 * use and dropped after the file. The helpers keep the names of the integration helpers
 * (tokenFor, newProvider, adminCreateHotel, ...) so a test reads the same in both places.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { serviceUnderTest, type ServiceUnderTest, type TestUser } from '@reproute/platform/testing/service-under-test';
import { configSchema, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { upsertCity } from '../../src/store/cities.ts';
import { withTransaction, type Pool } from '@reproute/platform';
import { seedCities, seedHotels } from '../../scripts/seed-data.ts';
import { seedReviews } from '../../scripts/seed-reviews.ts';
import { seedRecord } from '../../scripts/seed.ts';
import { insertHotel } from '../../src/store/hotels.ts';
import { refreshReviewFigures } from '../../src/store/counters.ts';
import { refreshGymScores } from '../../src/store/gym-score.ts';
import { listingBody, uniqueName } from '../listing-fixtures.ts';

export { listingBody, uniqueName };
import { hotelCounterConsumer, hotelCounterHandlers, reviewRatingConsumer, reviewRatingHandlers } from '../../src/events/hotel-counters.ts';
import { accountErasureConsumer } from '../../src/events/account-erasure.ts';
import { travellerCountConsumer } from '../../src/events/traveller-count.ts';
import { savedSearchAddressConsumer, savedSearchMatchConsumer, savedSearchMatchHandlers } from '../../src/events/saved-search-alerts.ts';
import { providerAddressConsumer } from '../../src/events/provider-address.ts';

export const seededProviderId = '00000000-0000-4000-8000-000000000002';
const seededProviderEmail = 'provider@reproute.example';

/** The catalog with its two consumers on the in-memory bus (as main.ts wires them), photos in a temporary folder, and the seed's six cities (ids 1-6). */
export function catalogUnderTest(env: Record<string, string> = {}) {
  const photosDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-photos-'));
  return serviceUnderTest({
    service: 'catalog',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) => buildApp(ctx, { key }),
    consumers: (ctx) => [
      { ...hotelCounterConsumer, topics: [...hotelCounterConsumer.topics], handlers: hotelCounterHandlers(ctx.logger) },
      { ...reviewRatingConsumer, topics: [...reviewRatingConsumer.topics], handlers: reviewRatingHandlers(ctx.logger) },
      accountErasureConsumer,
      { ...travellerCountConsumer, topics: [...travellerCountConsumer.topics] },
      { ...savedSearchMatchConsumer, topics: [...savedSearchMatchConsumer.topics], handlers: savedSearchMatchHandlers(ctx.logger) },
      { ...savedSearchAddressConsumer, topics: [...savedSearchAddressConsumer.topics] },
      { ...providerAddressConsumer, topics: [...providerAddressConsumer.topics] },
    ],
    env: { PHOTO_STORAGE: 'local', PHOTOS_DIR: photosDir, ...env },
  }).then(async (sut) => {
    for (const city of seedCities) await upsertCity(sut.pool, city);
    await sut.pool.query(`SELECT setval(pg_get_serial_sequence('cities', 'id'), 100)`);
    return { ...sut, photosDir, close: () => sut.close().finally(() => rmSync(photosDir, { recursive: true, force: true })) };
  });
}

/** The seed's 25 hotels with their approved reviews' figures, as scripts/seed.ts writes them (cities are there already). */
export async function seedCatalogHotels(pool: Pool): Promise<void> {
  await withTransaction(pool, async (tx) => {
    for (const hotel of seedHotels) await insertHotel(tx, seedRecord(hotel), [{ type: 'hotel.created' }], { id: hotel.id });
    for (const review of seedReviews) {
      await tx.query('INSERT INTO approved_reviews (review_id, hotel_id, rating, gym_rating, recorded_at) VALUES ($1, $2, $3, $4, $5)', [
        review.id, review.hotelId, review.rating, review.gymRating, review.createdAt,
      ]);
    }
    await refreshReviewFigures(tx, seedHotels.map((h) => h.id));
    await refreshGymScores(tx, seedHotels.map((h) => h.id));
    await tx.query(`SELECT setval('hotels_id_seq', GREATEST((SELECT max(id) FROM hotels), 100))`);
  });
}

type Catalog = ServiceUnderTest<Config> & { photosDir: string };
let started: Promise<Catalog> | undefined;

/** This file's catalog, started on first use. */
export function catalog(): Promise<Catalog> {
  started ??= catalogUnderTest();
  return started;
}

/** This file's catalog with the seed's hotels; call it before anything else uses the catalog. */
export function seededCatalog(): Promise<Catalog> {
  started ??= catalogUnderTest().then(async (sut) => {
    await seedCatalogHotels(sut.pool);
    return sut;
  });
  return started;
}

afterAll(async () => {
  await (await started)?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
export async function api<T = any>(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {}) {
  return (await catalog()).api<T>(method, path, options);
}

const people = new Map<string, Promise<TestUser>>();

/** The seeded accounts' stand-ins: the provider keeps the seeded provider's id and email. */
export function personFor(account: 'admin' | 'provider' | 'traveller'): Promise<TestUser> {
  let person = people.get(account);
  if (!person) {
    person = catalog().then((sut) =>
      account === 'admin' ? sut.asAdmin({ email: 'admin@reproute.example' }) : account === 'provider' ? sut.asProvider({ id: seededProviderId, email: seededProviderEmail }) : sut.asTraveller(),
    );
    people.set(account, person);
  }
  return person;
}

export async function tokenFor(account: 'admin' | 'provider' | 'traveller'): Promise<string> {
  return (await personFor(account)).token;
}

/** A second provider, for ownership tests. */
export async function newProvider(): Promise<{ token: string; id: string; email: string }> {
  const provider = await (await catalog()).asProvider();
  return { token: provider.token, id: provider.id, email: provider.email };
}

/** A new traveller, shaped like identity's register answer. */
export async function registerTraveller(overrides: { firstName?: string; lastName?: string } = {}) {
  const traveller = await (await catalog()).asTraveller(overrides);
  return { token: traveller.token, user: traveller.user, email: traveller.email };
}


/** Creates a hotel as admin (approved unless told otherwise) and returns its answer. */
export async function adminCreateHotel(overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/hotels', { token: await tokenFor('admin'), body: { ...listingBody(), ...overrides } });
  if (res.status !== 201) throw new Error(`admin create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
