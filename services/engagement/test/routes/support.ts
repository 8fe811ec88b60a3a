/**
 * Engagement in-process for route tests: one throwaway database per test file, started on first
 * use and dropped after the file, its consumers on the in-memory bus. The hotels the tests use
 * reach its projection as catalog's hotel.created events would. The helpers keep the names of the
 * integration helpers (seededToken, registerTraveller, ...).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { QueryResultRow } from 'pg';
import { testHotel } from '@reproute/platform/testing/events';
import { serviceUnderTest, type ServiceUnderTest, type TestUser } from '@reproute/platform/testing/service-under-test';
import { configSchema, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { LocalDiskStorage } from '@reproute/platform/photos/storage';
import { hotelProjectionConsumer } from '../../src/events/hotels.ts';
import { reviewerAccountConsumer } from '../../src/events/users.ts';
import { hotelsSentToConsumer } from '../../src/events/hotels-sent-to.ts';
import { favoriteAlertAddressConsumer, favoriteGymAlertConsumer } from '../../src/events/favorite-gym-alerts.ts';

/** This file's review photos: a folder of its own, never the repository's .data. */
export const reviewPhotoStorageForTests = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'review-photos-')));

export const seededProviderId = '00000000-0000-4000-8000-000000000002';
/** Hotels in the projection from the start: 1-3, 24 and 25, of which 3 is the seeded provider's (as in the catalog seed). */
export const knownHotels = [1, 2, 3, 24, 25];
export const providersHotel = 3;

export async function engagementUnderTest() {
  const sut = await serviceUnderTest({
    service: 'engagement',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) => buildApp(ctx, { key, photoStorage: reviewPhotoStorageForTests }),
    consumers: () => [hotelProjectionConsumer, reviewerAccountConsumer, hotelsSentToConsumer, favoriteGymAlertConsumer, favoriteAlertAddressConsumer],
  });
  for (const hotelId of knownHotels) {
    const owner = hotelId === providersHotel ? { providerId: seededProviderId, providerEmail: 'provider@reproute.example' } : {};
    await sut.bus.publishEvent('hotel.created', testHotel(hotelId, owner), { key: hotelId });
  }
  await sut.settled();
  return sut;
}

let started: Promise<ServiceUnderTest<Config>> | undefined;

/** This file's engagement service, started on first use. */
export function engagement(): Promise<ServiceUnderTest<Config>> {
  started ??= engagementUnderTest();
  return started;
}

afterAll(async () => {
  await (await started)?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
export async function api<T = any>(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {}) {
  return (await engagement()).api<T>(method, path, options);
}

/** Engagement's own tables, through its pool. */
export const db = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed rows
  query: async <R extends QueryResultRow = any>(text: string, values?: unknown[]) => (await engagement()).pool.query<R>(text, values),
};

const people = new Map<string, Promise<TestUser>>();

/** A token for a stand-in of a seeded account: the provider keeps the seeded provider's id, the admin its email. */
export async function seededToken(account: 'admin' | 'provider' | 'traveller'): Promise<string> {
  let person = people.get(account);
  if (!person) {
    person = engagement().then((sut) =>
      account === 'admin'
        ? sut.asAdmin({ email: 'admin@reproute.example' })
        : account === 'provider'
          ? sut.asProvider({ id: seededProviderId, email: 'provider@reproute.example' })
          : sut.asTraveller(),
    );
    people.set(account, person);
  }
  return (await person).token;
}

/** A new traveller, shaped like identity's register answer. */
export async function registerTraveller(overrides: { email?: string; firstName?: string; lastName?: string } = {}) {
  const traveller = await (await engagement()).asTraveller(overrides);
  return { token: traveller.token, user: traveller.user, email: traveller.email };
}

export const uniqueTag = (prefix = 't') => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${uniqueTag()}@example.com`;
