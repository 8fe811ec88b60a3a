import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Envelope, type EventData, type EventType, type Hotel } from '@reproute/contracts';
import { adminCreateHotel, api, catalog, listingBody, seededProviderId, tokenFor, uniqueName } from './support.ts';

/**
 * The catalog's side of its events: what its consumers do with review and click events (fed through
 * the in-memory bus, as the other services' relays would send them), and what its outbox publishes.
 */

function envelope<T extends EventType>(type: T, data: EventData<T>): Envelope<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data };
}

/** Publishes envelopes as the other services' relays do, keyed by hotel, and waits until the consumers have handled them. */
async function deliver(key: number, ...envelopes: Envelope[]): Promise<void> {
  const sut = await catalog();
  for (const e of envelopes) await sut.bus.publishEnvelope(e, key);
  await sut.settled();
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

describe('consumed events update counters exactly once', () => {
  it('review.approved: running average into rating and totalReviews + 1, a repeat delivery ignored', async () => {
    const hotel = await adminCreateHotel();
    expect(hotel).toMatchObject({ rating: 0, totalReviews: 0 });
    const first = envelope('review.approved', reviewFacts(hotel.id, 4));
    const second = envelope('review.approved', reviewFacts(hotel.id, 5));
    // The first event arrives twice (a redelivery); the second one, on the same partition, shows when both were handled.
    await deliver(hotel.id, first, first, second);
    const settled = await readHotel(hotel.id);
    expect(settled.totalReviews).toBe(2);
    expect(settled.rating).toBe(4.5);
  });

  it('referral.clicked: affiliateClicks + 1 by hotel id, or by exact name when the click has no id; repeats ignored', async () => {
    const hotel = await adminCreateHotel({ name: uniqueName('Clicked Hotel') });
    const byId = envelope('referral.clicked', { clickId: randomUUID(), hotelId: hotel.id, hotelName: hotel.name, bookingUrl: hotel.bookingUrl!, userId: null });
    const byName = envelope('referral.clicked', { clickId: randomUUID(), hotelId: null, hotelName: hotel.name, bookingUrl: hotel.bookingUrl!, userId: null });
    const otherName = envelope('referral.clicked', { clickId: randomUUID(), hotelId: null, hotelName: `${hotel.name} (not this one)`, bookingUrl: hotel.bookingUrl!, userId: null });
    await deliver(hotel.id, byId, byId, otherName, byName, byName);
    expect((await readHotel(hotel.id)).affiliateClicks).toBe(2);
    const adminList = await api<Hotel[]>('GET', '/api/hotels?all=true', { token: await tokenFor('admin') });
    expect(adminList.body.find((h) => h.id === hotel.id)?.affiliateClicks).toBe(2);
  });

  it('an event for an unknown hotel is skipped without stopping the consumer', async () => {
    const hotel = await adminCreateHotel();
    await deliver(999_999, envelope('review.approved', reviewFacts(999_999, 3)));
    await deliver(hotel.id, envelope('review.approved', reviewFacts(hotel.id, 3)));
    expect((await readHotel(hotel.id)).totalReviews).toBe(1);
  });
});

describe('hotel events through the outbox', () => {
  const eventsFor = async (hotelId: number) => (await (await catalog()).events()).filter((e) => e.type.startsWith('hotel.') && (e.data as { hotelId?: number }).hotelId === hotelId);

  it('carries name, provider, contact email and booking URL for created, submitted, updated, approved, rejected and deleted', async () => {
    const provider = await tokenFor('provider');
    const admin = await tokenFor('admin');
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider, body: listingBody({ contactEmail: 'desk@events.example' }) });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await api('PUT', `/api/provider/hotels/${id}`, { token: provider, body: { description: 'Updated' } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } });
    await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: false, reason: 'Closed for works' } });
    await api('DELETE', `/api/provider/hotels/${id}`, { token: provider });

    const events = await eventsFor(id);
    expect(events.map((e) => e.type)).toEqual(['hotel.created', 'hotel.submitted', 'hotel.updated', 'hotel.approved', 'hotel.rejected', 'hotel.deleted']);

    const byType = Object.fromEntries(events.map((e) => [e.type, e.data as Record<string, unknown>]));
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
