import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, EventData, EventType, SiteStats } from '@reproute/contracts';
import { catalogUnderTest, listingBody } from './support.ts';

/**
 * GET /api/stats: the home page's summary figures from the live catalogue and accounts (ruling 15), never
 * from a fixed list: approved hotels, their countries, travellers' accounts (identity's events, projected
 * here) and the average approved rating.
 */
let sut: Awaited<ReturnType<typeof catalogUnderTest>>;
let adminToken: string;

function envelope<T extends EventType>(type: T, data: EventData<T>): Envelope<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data };
}

async function deliver(key: string | number, ...events: Envelope[]) {
  for (const event of events) await sut.bus.publishEnvelope(event, key);
  await sut.settled();
}

async function stats(): Promise<SiteStats> {
  const res = await sut.api<SiteStats>('GET', '/api/stats');
  expect(res.status).toBe(200);
  return res.body;
}

async function createHotel(overrides: Record<string, unknown>) {
  const res = await sut.api('POST', '/api/hotels', { token: adminToken, body: listingBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

const registered = (userId: string) => envelope('user.registered', { userId, email: `${userId}@example.com`, firstName: null, lastName: null });
const approvedReview = (hotelId: number, rating: number) =>
  envelope('review.approved', { reviewId: randomUUID(), hotelId, hotelName: null, userId: randomUUID(), reviewerEmail: null, reviewerFirstName: null, rating, gymRating: null, title: null });

beforeAll(async () => {
  // Worked out on every request here, so each step shows at once.
  sut = await catalogUnderTest({ STATS_CACHE_MS: '0' });
  adminToken = (await sut.asAdmin()).token;
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/stats', () => {
  it('starts from nothing: no hotels, countries or travellers, and no rating rather than a made-up one', async () => {
    expect(await stats()).toEqual({ hotels: 0, countries: 0, travellers: 0, averageRating: null, ratings: 0, generatedAt: expect.any(String) });
  });

  it('counts approved hotels and the countries they are in (case and accents ignored), never pending ones', async () => {
    const [first, second] = [await createHotel({ country: 'Testland' }), await createHotel({ country: 'TESTLÄND' })];
    await createHotel({ country: 'Otherland', city: 'Otherville' });
    await createHotel({ country: 'Pendingland', city: 'Pendingville', isApproved: false });
    expect(await stats()).toMatchObject({ hotels: 3, countries: 2 });
    // An approved review of each counted hotel, and one of a pending hotel, which is not.
    const pending = await createHotel({ country: 'Pendingland', city: 'Pendingville', isApproved: false });
    await deliver(first.id, approvedReview(first.id, 4), approvedReview(first.id, 5));
    await deliver(second.id, approvedReview(second.id, 4));
    await deliver(pending.id, approvedReview(pending.id, 1));
    const figures = await stats();
    expect(figures).toMatchObject({ ratings: 3 });
    expect(figures.averageRating).toBeCloseTo(13 / 3);
  });

  it('counts travellers from identity\'s events: registrations once, not accounts that are no travellers or are deleted', async () => {
    const [ann, ben, cat, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const annRegistered = registered(ann);
    await deliver(ann, annRegistered, annRegistered);
    await deliver(ben, registered(ben));
    await deliver(cat, registered(cat), envelope('user.profile_completed', { userId: cat, isProvider: true, isTraveler: false }));
    await deliver(dan, registered(dan), envelope('user.deletion-requested', { userId: dan, emails: [`${dan}@example.com`], isProvider: false, requestedAt: new Date().toISOString() }));
    expect((await stats()).travellers).toBe(2);
  });

  it('is a public read shared caches may keep briefly', async () => {
    const res = await sut.api('GET', '/api/stats');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });
});
