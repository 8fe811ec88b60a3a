import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics, type Envelope, type EventData, type EventType, type Hotel } from '@reproute/contracts';
import { createLogger, KafkaBus, type ReceivedMessage } from '@reproute/platform';
import { api, eventually, sleep } from '@reproute/platform/testing';
import { adminCreateHotel, createdHotelIds, deleteCreatedHotels, listingBody, seededProviderId, tokenFor, uniqueName } from './support.ts';

const bus = new KafkaBus({ brokers: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092', clientId: 'catalog-tests', logger: createLogger('catalog-tests', 'silent') });

function envelope<T extends EventType>(type: T, data: EventData<T>): Envelope<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data };
}

/** Publishes envelopes as the other services' relays do: keyed by hotel, so they stay in order. */
async function deliver(topic: string, key: number, ...envelopes: Envelope[]): Promise<void> {
  for (const e of envelopes) {
    await bus.publish([{ topic, key: String(key), value: JSON.stringify(e), headers: { 'event-type': e.type, 'event-id': e.id } }]);
  }
}

const reviewFacts = (hotelId: number, rating: number) => ({
  reviewId: randomUUID(),
  hotelId,
  hotelName: null,
  userId: '00000000-0000-4000-8000-000000000003',
  reviewerEmail: null,
  reviewerFirstName: 'Tess',
  rating,
  gymRating: 4,
  title: 'Great gym',
});

const readHotel = async (id: number) => (await api<Hotel>('GET', `/api/hotels/${id}`, { token: await tokenFor('admin') })).body;

afterAll(async () => {
  await deleteCreatedHotels();
  await bus.close();
});

describe('consumed events update counters exactly once', () => {
  it('review.approved: running average into rating and totalReviews + 1, a repeat delivery ignored', async () => {
    const hotel = await adminCreateHotel();
    expect(hotel).toMatchObject({ rating: 0, totalReviews: 0 });
    const first = envelope('review.approved', reviewFacts(hotel.id, 4));
    const second = envelope('review.approved', reviewFacts(hotel.id, 5));
    // The first event arrives twice (a redelivery); the second one, on the same partition, shows when both were handled.
    await deliver(topics.reviews, hotel.id, first, first, second);
    const after = await eventually(async () => {
      const current = await readHotel(hotel.id);
      return current.totalReviews >= 2 ? current : undefined;
    }, 30_000, 'reviews counted');
    await sleep(1_500);
    const settled = await readHotel(hotel.id);
    expect(settled.totalReviews).toBe(2);
    expect(settled.rating).toBe(4.5);
    expect(after.totalReviews).toBe(2);
  });

  it('referral.clicked: affiliateClicks + 1 by hotel id, or by exact name when the click has no id; repeats ignored', async () => {
    const hotel = await adminCreateHotel({ name: uniqueName('Clicked Hotel') });
    const byId = envelope('referral.clicked', { clickId: randomUUID(), hotelId: hotel.id, hotelName: hotel.name, bookingUrl: hotel.bookingUrl!, userId: null });
    const byName = envelope('referral.clicked', { clickId: randomUUID(), hotelId: null, hotelName: hotel.name, bookingUrl: hotel.bookingUrl!, userId: null });
    const otherName = envelope('referral.clicked', { clickId: randomUUID(), hotelId: null, hotelName: `${hotel.name} (not this one)`, bookingUrl: hotel.bookingUrl!, userId: null });
    await deliver(topics.clicks, hotel.id, byId, byId, otherName, byName, byName);
    await eventually(async () => ((await readHotel(hotel.id)).affiliateClicks ?? 0) >= 2, 30_000, 'clicks counted');
    await sleep(1_500);
    expect((await readHotel(hotel.id)).affiliateClicks).toBe(2);
    const adminList = await api<Hotel[]>('GET', '/api/hotels?all=true', { token: await tokenFor('admin') });
    expect(adminList.body.find((h) => h.id === hotel.id)?.affiliateClicks).toBe(2);
  });

  it('an event for an unknown hotel is skipped without stopping the consumer', async () => {
    const hotel = await adminCreateHotel();
    await deliver(topics.reviews, 999_999, envelope('review.approved', reviewFacts(999_999, 3)));
    await deliver(topics.reviews, hotel.id, envelope('review.approved', reviewFacts(hotel.id, 3)));
    await eventually(async () => (await readHotel(hotel.id)).totalReviews === 1, 30_000, 'review after unknown hotel counted');
  });
});

describe('hotel events on catalog.hotels through the outbox', () => {
  const seen: Envelope[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const subscription = await bus.subscribe({
      groupId: `catalog-tests-${randomUUID()}`,
      topics: [topics.hotels],
      onMessage: async (message: ReceivedMessage) => {
        seen.push(JSON.parse(message.value ?? 'null') as Envelope);
      },
    });
    stop = subscription.stop;
  });

  afterAll(async () => {
    await stop?.();
  });

  const eventsFor = (hotelId: number) => seen.filter((e) => (e.data as { hotelId?: number }).hotelId === hotelId);

  it('carries name, provider, contact email and booking URL for created, submitted, updated, approved, rejected and deleted', async () => {
    const provider = await tokenFor('provider');
    const admin = await tokenFor('admin');
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider, body: listingBody({ contactEmail: 'desk@events.example' }) });
    expect(created.status).toBe(201);
    const id = created.body.id;
    createdHotelIds.add(id);
    await api('PUT', `/api/provider/hotels/${id}`, { token: provider, body: { description: 'Updated' } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: false, reason: 'Closed for works' } });
    await api('DELETE', `/api/provider/hotels/${id}`, { token: provider });

    const types = await eventually(async () => {
      const list = eventsFor(id).map((e) => e.type);
      return list.includes('hotel.deleted') ? list : undefined;
    }, 30_000, 'hotel events published');
    expect(types).toEqual(['hotel.created', 'hotel.submitted', 'hotel.updated', 'hotel.approved', 'hotel.rejected', 'hotel.deleted']);

    const byType = Object.fromEntries(eventsFor(id).map((e) => [e.type, e.data as Record<string, unknown>]));
    expect(byType['hotel.submitted']).toMatchObject({
      hotelId: id,
      name: created.body.name,
      slug: created.body.slug,
      providerId: seededProviderId,
      providerEmail: 'provider@reproute.example',
      contactEmail: 'desk@events.example',
      bookingUrl: 'https://test-lift.example/book',
      isApproved: false,
    });
    expect(byType['hotel.approved']).toMatchObject({ hotelId: id, isApproved: true, providerEmail: 'provider@reproute.example' });
    expect(byType['hotel.rejected']).toMatchObject({ hotelId: id, isApproved: false, reason: 'Closed for works', providerEmail: 'provider@reproute.example' });
    expect(byType['hotel.deleted']).toEqual({ hotelId: id, providerId: seededProviderId });
  });
});
