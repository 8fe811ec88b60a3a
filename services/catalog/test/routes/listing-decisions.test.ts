import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type City, type Hotel, type HotelRevision } from '@reproute/contracts';
import { api, catalog, listingBody, newProvider, tokenFor, uniqueName } from './support.ts';

// Changes that are judged, not lost (docs/decisions.md, "Judging listings and changes"): a rejection needs a reason the
// provider is emailed, a rejected change to a live listing stays with its provider to fix and send again, every
// decision and submission is an event the notifier emails, and a city typed for a listing in review stays out of the
// public list until a listing in it is approved.

let provider: { token: string; id: string; email: string };
let other: { token: string; id: string; email: string };
let admin: string;

beforeAll(async () => {
  provider = await newProvider();
  other = await newProvider();
  admin = await tokenFor('admin');
});

type ErrorBody = { message: string; errors?: { path: string; message: string }[] };
const eventsOf = async (hotelId: number) => (await (await catalog()).events()).filter((e) => (e.data as { hotelId?: number }).hotelId === hotelId);
const typesOf = async (hotelId: number) => (await eventsOf(hotelId)).map((e) => e.type);
const queue = async () => (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body;
const ownListing = async (token: string, id: number) => (await api<Hotel[]>('GET', '/api/provider/hotels', { token })).body.find((h) => h.id === id);

async function newListing(overrides: Record<string, unknown> = {}): Promise<Hotel> {
  const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function liveListing(): Promise<Hotel> {
  const hotel = await newListing({ images: ['/images/hotels/h01/hero.jpg'] });
  expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  return hotel;
}

describe('a new listing', () => {
  it('is acknowledged: hotel.submitted goes out with the listing and its provider', async () => {
    const hotel = await newListing();
    const submitted = (await eventsOf(hotel.id)).filter((e) => e.type === 'hotel.submitted');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.data).toMatchObject({ hotelId: hotel.id, name: hotel.name, providerId: provider.id, providerEmail: provider.email, isApproved: false });
  });

  it('is not rejected without a reason (400 with the message, nothing changes), nor by the admin form', async () => {
    const hotel = await newListing();
    for (const body of [{ isApproved: false }, { isApproved: false, reason: '   ' }]) {
      const refused = await api<ErrorBody>('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ path: 'reason', message: messages.listingRejectionReasonRequired });
    }
    const byForm = await api<ErrorBody>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { isApproved: false } });
    expect(byForm.status).toBe(400);
    expect(byForm.body.message).toBe(messages.listingRejectionReasonRequired);
    expect(await ownListing(provider.token, hotel.id)).toMatchObject({ status: 'pending', rejectionReason: null });
    expect(await typesOf(hotel.id)).not.toContain('hotel.rejected');
  });

  it('rejected with a reason: the provider sees it, the event carries it, and saving sends the listing back (acknowledged again)', async () => {
    const hotel = await newListing();
    const reason = 'Please add photos of the gym itself';
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: false, reason } })).status).toBe(200);
    expect(await ownListing(provider.token, hotel.id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await eventsOf(hotel.id)).find((e) => e.type === 'hotel.rejected')?.data).toMatchObject({ reason, providerEmail: provider.email });

    const again = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { gymImages: ['/images/hotels/h01/gym-1.jpg'] } });
    expect(again.body).toMatchObject({ status: 'pending', rejectionReason: null });
    expect((await typesOf(hotel.id)).filter((t) => t === 'hotel.submitted')).toHaveLength(2);
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await typesOf(hotel.id)).filter((t) => t === 'hotel.approved')).toHaveLength(1);
  });
});

describe('a change to a live listing', () => {
  let hotel: Hotel;
  const proposedUrl = 'https://not-the-hotel.example/book';
  const reason = 'This booking link is not the hotel’s own site';

  beforeAll(async () => {
    hotel = await liveListing();
    const edited = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, {
      token: provider.token,
      body: { bookingUrl: proposedUrl, images: ['/images/hotels/h01/hero.jpg', '/images/hotels/h02/hero.jpg'] },
    });
    expect(edited.body.pendingRevision).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('is not rejected without a reason: 400 with the message, the change still waits, no event', async () => {
    const refused = await api<ErrorBody>('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ path: 'reason', message: messages.listingRejectionReasonRequired });
    expect((await queue()).map((r) => r.hotelId)).toContain(hotel.id);
    expect(await typesOf(hotel.id)).not.toContain('hotel.revision-rejected');
  });

  it('rejected with a reason: kept for its provider (photos included), out of the queue, the live listing unchanged, the event carries the reason', async () => {
    const rejected = await api<Hotel>('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.bookingUrl).toBe(hotel.bookingUrl);
    expect((await queue()).map((r) => r.hotelId)).not.toContain(hotel.id);

    const own = await ownListing(provider.token, hotel.id);
    expect(own?.bookingUrl).toBe(hotel.bookingUrl);
    expect(own?.pendingRevision).toMatchObject({ status: 'rejected', rejectionReason: reason, decidedAt: expect.any(String) });
    expect(own?.pendingRevision?.changes).toEqual([
      { field: 'bookingUrl', from: hotel.bookingUrl, to: proposedUrl },
      { field: 'images', from: ['/images/hotels/h01/hero.jpg'], to: ['/images/hotels/h01/hero.jpg', '/images/hotels/h02/hero.jpg'] },
    ]);
    const publicView = await api<Hotel>('GET', `/api/hotels/${hotel.id}`);
    expect(publicView.body).toMatchObject({ bookingUrl: hotel.bookingUrl, images: ['/images/hotels/h01/hero.jpg'] });
    expect(publicView.body).not.toHaveProperty('pendingRevision');

    const event = (await eventsOf(hotel.id)).find((e) => e.type === 'hotel.revision-rejected');
    expect(event?.data).toMatchObject({ reason, changes: ['Booking URL', 'Photos'], providerId: provider.id, providerEmail: provider.email, bookingUrl: hotel.bookingUrl });
  });

  it('is its provider\'s alone: another provider neither sees nor discards it', async () => {
    expect(await ownListing(other.token, hotel.id)).toBeUndefined();
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: other.token })).status).toBe(403);
    expect((await ownListing(provider.token, hotel.id))?.pendingRevision?.status).toBe('rejected');
  });

  it('sent again with a fix: pending once more, back in the queue with the fixed value', async () => {
    const fixedUrl = 'https://test-lift.example/rooms';
    const fixed = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { bookingUrl: fixedUrl } });
    expect(fixed.body.pendingRevision).toMatchObject({ status: 'pending', rejectionReason: null, decidedAt: null });
    const waiting = (await queue()).find((r) => r.hotelId === hotel.id);
    expect(waiting?.changes.map((c) => [c.field, c.to])).toEqual([
      ['bookingUrl', fixedUrl],
      ['images', ['/images/hotels/h01/hero.jpg', '/images/hotels/h02/hero.jpg']],
    ]);
  });

  it('approved: applied, gone from the provider\'s page, and hotel.revision-approved names what changed', async () => {
    const approved = await api<Hotel>('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } });
    expect(approved.body).toMatchObject({ bookingUrl: 'https://test-lift.example/rooms', pendingRevision: null });
    expect((await ownListing(provider.token, hotel.id))?.pendingRevision).toBeNull();
    const event = (await eventsOf(hotel.id)).find((e) => e.type === 'hotel.revision-approved');
    expect(event?.data).toMatchObject({ changes: ['Booking URL', 'Photos'], bookingUrl: 'https://test-lift.example/rooms', providerEmail: provider.email });
  });

  it('rejected and discarded: the live listing as it is; discarding twice is 404', async () => {
    await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { name: uniqueName('Renamed Rack House') } });
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: 'Keep the registered name' } })).status).toBe(200);
    const discarded = await api<Hotel>('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: provider.token });
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ name: hotel.name, pendingRevision: null });
    expect((await ownListing(provider.token, hotel.id))?.pendingRevision).toBeNull();
    const twice = await api<ErrorBody>('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: provider.token });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(messages.rejectedRevisionNotFound);
  });

  it('a pending change cannot be discarded (it is withdrawn by editing back), nor decided twice', async () => {
    await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { address: '12 Pending Lane' } });
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: provider.token })).status).toBe(404);
    expect((await queue()).map((r) => r.hotelId)).toContain(hotel.id);
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: 'Address unknown' } })).status).toBe(200);
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(404);
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.address).toBe(hotel.address);
  });
});

describe('a city typed for a listing in review', () => {
  const citiesFor = async (token?: string) => (await api<City[]>('GET', '/api/cities', token ? { token } : {})).body;

  it('stays out of the public list until a listing in it is approved; its provider and admins see it meanwhile', async () => {
    const city = uniqueName('Newtown');
    const hotel = await newListing({ city, country: 'Testland' });
    expect(hotel.cityId).not.toBeNull();
    expect((await citiesFor()).map((c) => c.id)).not.toContain(hotel.cityId);
    expect((await citiesFor(other.token)).map((c) => c.id)).not.toContain(hotel.cityId);
    expect((await citiesFor(provider.token)).find((c) => c.id === hotel.cityId)).toMatchObject({ name: city, hotelCount: 0 });
    expect((await citiesFor(admin)).find((c) => c.id === hotel.cityId)).toMatchObject({ name: city, hotelCount: 0, listingCount: 1 });

    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await citiesFor()).find((c) => c.id === hotel.cityId)).toMatchObject({ name: city, hotelCount: 1 });
  });
});

describe('a review published of a listing', () => {
  const approveReview = async (hotel: Hotel, reviewId: string) => {
    const sut = await catalog();
    await sut.bus.publishEvent(
      'review.approved',
      { reviewId, hotelId: hotel.id, hotelName: hotel.name, userId: randomUUID(), reviewerEmail: 'reviewer@example.com', reviewerFirstName: 'Tess', rating: 4, gymRating: 5, title: 'Serious lifting gym' },
      { key: hotel.id },
    );
    await sut.settled();
  };

  it('tells its owner once (hotel.review-published), even when the approval is read again', async () => {
    const hotel = await liveListing();
    const reviewId = randomUUID();
    await approveReview(hotel, reviewId);
    await approveReview(hotel, reviewId);
    const notices = (await eventsOf(hotel.id)).filter((e) => e.type === 'hotel.review-published');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toEqual({ hotelId: hotel.id, name: hotel.name, slug: hotel.slug, providerId: provider.id, providerEmail: provider.email, reviewId, rating: 4, title: 'Serious lifting gym' });
    expect(JSON.stringify(notices[0]!.data)).not.toContain('reviewer@example.com');
  });

  it('sends nothing for a hotel no provider owns', async () => {
    const created = await api<Hotel>('POST', '/api/hotels', { token: admin, body: listingBody({ isApproved: true }) });
    expect(created.status).toBe(201);
    await approveReview(created.body, randomUUID());
    expect(await typesOf(created.body.id)).not.toContain('hotel.review-published');
  });
});

describe('a provider who changes their email address', () => {
  it('takes their listings along: the listing and review emails (and leads without a listing address) go to the new one', async () => {
    const owner = await newProvider();
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: owner.token, body: listingBody() });
    expect(created.body.providerEmail).toBe(owner.email);
    const sut = await catalog();
    const newAddress = `moved-${randomUUID().slice(0, 8)}@hotel.example`;
    // A first verification (no previous address) changes nothing; a confirmed change moves the listings.
    await sut.bus.publishEvent('user.email_verified', { userId: owner.id, email: 'first@hotel.example', firstName: null, previousEmail: null, isProvider: true }, { key: owner.id });
    await sut.settled();
    expect((await ownListing(owner.token, created.body.id))?.providerEmail).toBe(owner.email);
    await sut.bus.publishEvent('user.email_verified', { userId: owner.id, email: newAddress, firstName: null, previousEmail: owner.email, isProvider: true }, { key: owner.id });
    await sut.settled();
    const moved = await ownListing(owner.token, created.body.id);
    expect(moved).toMatchObject({ providerEmail: newAddress, contactEmail: newAddress });
    const updated = (await eventsOf(created.body.id)).filter((e) => e.type === 'hotel.updated').at(-1);
    expect(updated?.data).toMatchObject({ providerEmail: newAddress, contactEmail: newAddress });
    // Another account's listings stay as they were.
    expect((await ownListing(provider.token, (await newListing()).id))?.providerEmail).toBe(provider.email);
  });
});
