import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Hotel } from '@reproute/contracts';
import { adminCreateHotel, api, listingBody, newProvider, registerTraveller, seededProviderId, tokenFor, uniqueName } from './support.ts';

let admin: string;
let provider: string;
let traveller: string;
let other: { token: string; id: string };

beforeAll(async () => {
  [admin, provider, traveller] = await Promise.all([tokenFor('admin'), tokenFor('provider'), tokenFor('traveller')]);
  other = await newProvider();
});

async function createListing(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api<Hotel>('POST', '/api/provider/hotels', { token, body: listingBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const publicIds = async () => (await api<Hotel[]>('GET', '/api/hotels')).body.map((h) => h.id);

describe('provider listings', () => {
  it('a new listing is pending, owned by the provider, with the spec defaults, and client-sent provider or approval fields are ignored', async () => {
    const hotel = await createListing(provider, { providerId: other.id, isApproved: true, isPremium: true });
    expect(hotel).toMatchObject({
      isApproved: false,
      status: 'pending',
      providerId: seededProviderId,
      providerEmail: 'provider@reproute.example',
      contactEmail: 'provider@reproute.example',
      price: 0,
      pricePerNight: 0,
      currency: 'USD',
      isPremium: false,
      gymAccessType: 'on-site',
    });
    expect(hotel.equipment).toEqual({ strength: ['squat rack'], cardio: ['treadmill'], specialty: [], recovery: ['sauna'] });
  });

  it('a live listing shows visitors, travellers and other providers no owner account, figures, contacts or waiting changes', async () => {
    const hotel = await createListing(provider, { name: uniqueName('Private Fields'), contactEmail: 'desk@private-fields.example' });
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider, body: { name: uniqueName('Private Fields Renamed') } })).status).toBe(200);
    const privateFields = ['providerId', 'providerEmail', 'contactEmail', 'affiliateClicks', 'pageViews', 'rejectionReason', 'pendingRevision'];
    for (const token of [undefined, traveller, other.token]) {
      const one = await api<Record<string, unknown>>('GET', `/api/hotels/${hotel.id}`, { token });
      const listed = (await api<Record<string, unknown>[]>('GET', `/api/hotels?ids=${hotel.id}`, { token })).body[0];
      const found = (await api<{ items: Record<string, unknown>[] }>('GET', `/api/hotels/search?query=${encodeURIComponent(hotel.name)}`, { token })).body.items[0];
      for (const answer of [one.body, listed, found]) {
        expect(answer?.id).toBe(hotel.id);
        expect(privateFields.filter((field) => field in answer!)).toEqual([]);
      }
    }
    const own = await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider });
    expect(own.body).toMatchObject({ providerId: seededProviderId, contactEmail: 'desk@private-fields.example', affiliateClicks: 0, pageViews: 0 });
    const mine = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider })).body.find((h) => h.id === hotel.id);
    expect(mine?.pendingRevision?.changes.map((change) => change.field)).toEqual(['name']);
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: admin })).body).toMatchObject({ providerEmail: 'provider@reproute.example', affiliateClicks: 0 });
  });

  it('is invisible to the public and travellers, visible to its provider and to admins', async () => {
    const hotel = await createListing(provider, { name: uniqueName('Hidden Pending') });
    expect((await api('GET', `/api/hotels/${hotel.id}`)).status).toBe(404);
    expect((await api('GET', `/api/hotels/${hotel.slug}`)).status).toBe(404);
    expect((await api('GET', `/api/hotels/${hotel.id}`, { token: traveller })).status).toBe(404);
    expect((await api('GET', `/api/hotels/${hotel.id}`, { token: other.token })).status).toBe(404);
    expect(await publicIds()).not.toContain(hotel.id);
    const search = await api('GET', `/api/hotels/search?query=${encodeURIComponent(hotel.name)}`);
    expect(search.body.total).toBe(0);

    expect((await api('GET', `/api/hotels/${hotel.id}`, { token: provider })).status).toBe(200);
    const own = await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider });
    expect(own.body.map((h) => h.id)).toContain(hotel.id);
    expect(own.body.every((h) => h.providerId === seededProviderId)).toBe(true);

    expect((await api('GET', `/api/hotels/${hotel.id}`, { token: admin })).status).toBe(200);
    const all = await api<Hotel[]>('GET', '/api/hotels?all=true', { token: admin });
    expect(all.body.map((h) => h.id)).toContain(hotel.id);
    expect(all.body.every((h) => typeof h.affiliateClicks === 'number')).toBe(true);
    const pending = await api<Hotel[]>('GET', '/api/admin/hotels/pending', { token: admin });
    expect(pending.body.map((h) => h.id)).toContain(hotel.id);
    expect(pending.body.every((h) => h.status === 'pending')).toBe(true);
  });

  it('the provider list shows only the provider\'s own listings', async () => {
    const mine = await createListing(other.token);
    const list = await api<Hotel[]>('GET', '/api/provider/hotels', { token: other.token });
    expect(list.body.map((h) => h.id)).toEqual([mine.id]);
  });

  it('a provider edits and deletes their own listing', async () => {
    const hotel = await createListing(provider);
    const renamed = uniqueName('Renamed Lift');
    const edited = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, {
      token: provider,
      body: { name: renamed, pricePerNight: '180.50', currency: 'GBP', rawEquipment: ['Rowing machines', 'Yoga studio'], cityId: 2 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: renamed, pricePerNight: 180.5, currency: 'GBP', city: 'London', country: 'United Kingdom', cityId: 2, status: 'pending', address: hotel.address });
    expect(edited.body.slug).not.toBe(hotel.slug);
    expect(edited.body.equipment).toEqual({ strength: [], cardio: ['rower'], specialty: ['yoga mats'], recovery: [] });

    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}`, { token: provider })).status).toBe(204);
    expect((await api('GET', `/api/hotels/${hotel.id}`, { token: provider })).status).toBe(404);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}`, { token: provider })).status).toBe(404);
  });

  it('another provider\'s hotel answers 403 to edit and delete, and stays unchanged', async () => {
    const hotel = await createListing(provider);
    const put = await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: other.token, body: { name: 'Taken Over' } });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe(messages.forbidden);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}`, { token: other.token })).status).toBe(403);
    const adminsHotel = await adminCreateHotel();
    expect((await api('PUT', `/api/provider/hotels/${adminsHotel.id}`, { token: other.token, body: { name: 'Takeover' } })).status).toBe(403);
    const after = await api<Hotel>('GET', `/api/hotels/${hotel.id}`, { token: provider });
    expect(after.body.name).toBe(hotel.name);
  });

  it('provider calls need a provider: 401 signed out, 403 for travellers and for an admin without the provider flag', async () => {
    expect((await api('GET', '/api/provider/hotels')).status).toBe(401);
    expect((await api('POST', '/api/provider/hotels', { body: listingBody() })).status).toBe(401);
    expect((await api('GET', '/api/provider/hotels', { token: traveller })).status).toBe(403);
    expect((await api('POST', '/api/provider/hotels', { token: traveller, body: listingBody() })).status).toBe(403);
    expect((await api('POST', '/api/provider/hotels', { token: admin, body: listingBody() })).status).toBe(403);
  });

  it('two listings with the same name (at two addresses) get different slugs', async () => {
    const name = uniqueName('Twin Name Hotel');
    const a = await createListing(provider, { name });
    const b = await createListing(provider, { name, address: '20 Other Street' });
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug).toBe(`${a.slug}-2`);
  });

  it('the same listing twice (name and address, any case) is refused with 409', async () => {
    const name = uniqueName('Once Only Hotel');
    await createListing(provider, { name });
    const again = await api('POST', '/api/provider/hotels', { token: provider, body: listingBody({ name: name.toUpperCase(), address: '10 TEST STREET' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.listingDuplicate);
  });
});

describe('validation messages (every field)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: undefined }, messages.hotelNameRequired],
    ['name blank', { name: '  ' }, messages.hotelNameRequired],
    ['name too long', { name: 'n'.repeat(201) }, messages.hotelNameMax],
    ['address missing', { address: undefined }, messages.addressRequired],
    ['address too long', { address: 'a'.repeat(301) }, messages.addressMax],
    ['bookingUrl missing', { bookingUrl: undefined }, messages.bookingUrlRequired],
    ['bookingUrl invalid', { bookingUrl: 'not a url' }, messages.bookingUrlInvalid],
    ['bookingUrl not http(s)', { bookingUrl: 'mailto:desk@hotel.example' }, messages.bookingUrlInvalid],
    ['gymAccessType missing', { gymAccessType: undefined }, messages.gymAccessTypeRequired],
    ['gymAccessType unknown', { gymAccessType: 'basement' }, messages.gymAccessTypeInvalid],
    ['description too long', { description: 'd'.repeat(5001) }, messages.descriptionMax],
    ['price negative', { pricePerNight: -10 }, messages.pricePerNightInvalid],
    ['price not a number', { pricePerNight: 'about 200' }, messages.pricePerNightInvalid],
    ['currency unknown', { currency: 'DOGE' }, messages.currencyInvalid],
    ['image URL invalid', { imageUrl: 'hero.jpg' }, messages.imageUrlInvalid],
    ['latitude out of range', { latitude: 123 }, messages.latitudeInvalid],
    ['longitude out of range', { longitude: -200 }, messages.longitudeInvalid],
    ['contact email invalid', { contactEmail: 'desk-at-hotel' }, messages.contactEmailInvalid],
    ['equipment item blank', { rawEquipment: [''] }, messages.equipmentItemInvalid],
    ['cityId unknown', { cityId: 987654 }, messages.cityNotFound],
  ];

  it.each(cases)('provider create: %s', async (_case, overrides, message) => {
    const res = await api('POST', '/api/provider/hotels', { token: provider, body: listingBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('reports every bad field with its path', async () => {
    const res = await api('POST', '/api/provider/hotels', { token: provider, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.hotelNameRequired);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: messages.hotelNameRequired },
        { path: 'address', message: messages.addressRequired },
        { path: 'bookingUrl', message: messages.bookingUrlRequired },
        { path: 'gymAccessType', message: messages.gymAccessTypeRequired },
      ]),
    );
  });

  it('admin create and update use the same messages; the approval needs a decision', async () => {
    const missing = await api('POST', '/api/hotels', { token: admin, body: { address: 'x', gymAccessType: 'on-site' } });
    expect(missing.body.message).toBe(messages.hotelNameRequired);
    const price = await api('POST', '/api/hotels', { token: admin, body: { name: 'x', address: 'x', gymAccessType: 'on-site', pricePerNight: '12.345' } });
    expect(price.body.message).toBe(messages.pricePerNightInvalid);
    const update = await api('PUT', '/api/hotels/1', { token: admin, body: { bookingUrl: 'nope' } });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(messages.bookingUrlInvalid);
    const approval = await api('PUT', '/api/hotels/1/approval', { token: admin, body: {} });
    expect(approval.status).toBe(400);
    expect(approval.body.message).toBe(messages.approvalDecisionRequired);
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await api('POST', '/api/provider/hotels', { token: provider, rawBody: '{oops', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
});

describe('admin hotel management', () => {
  it('creates a hotel from the admin form (decimal string price, city, premium, coordinates), live at once', async () => {
    const name = uniqueName('Admin Form Hotel');
    const res = await api<Hotel>('POST', '/api/hotels', {
      token: admin,
      body: {
        name,
        cityId: 2,
        address: '1 Admin Square, London',
        description: 'Created in the admin dialog.',
        pricePerNight: '450.00',
        currency: 'GBP',
        gymAccessType: 'partnered',
        imageUrl: '/images/hotels/h06/hero.jpg',
        bookingUrl: 'https://admin-form.example/book',
        isPremium: true,
        latitude: 51.5,
        longitude: -0.12,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name, city: 'London', country: 'United Kingdom', pricePerNight: 450, currency: 'GBP', isPremium: true, isApproved: true, latitude: 51.5, longitude: -0.12, affiliateClicks: 0 });
    expect(await publicIds()).toContain(res.body.id);
    expect((await api('GET', `/api/hotels/${res.body.slug}`)).status).toBe(200);
  });

  it('updates and deletes any hotel', async () => {
    const hotel = await adminCreateHotel({ pricePerNight: '100' });
    const updated = await api<Hotel>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { pricePerNight: '120.00', isPremium: true, gymAccessType: 'nearby' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ pricePerNight: 120, isPremium: true, gymAccessType: 'nearby', name: hotel.name });
    const cleared = await api<Hotel>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { pricePerNight: null } });
    expect(cleared.body.pricePerNight).toBeNull();

    const providerHotel = await createListing(provider);
    expect((await api('PUT', `/api/hotels/${providerHotel.id}`, { token: admin, body: { description: 'Edited by admin' } })).status).toBe(200);
    expect((await api('DELETE', `/api/hotels/${providerHotel.id}`, { token: admin })).status).toBe(204);

    expect((await api('DELETE', `/api/hotels/${hotel.id}`, { token: admin })).status).toBe(204);
    expect((await api('GET', `/api/hotels/${hotel.id}`)).status).toBe(404);
    expect((await api('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { name: 'Gone' } })).status).toBe(404);
    expect((await api('DELETE', '/api/hotels/not-a-number', { token: admin })).status).toBe(404);
  });

  it('admin calls answer 401 signed out and 403 for providers and travellers', async () => {
    expect((await api('POST', '/api/hotels', { body: listingBody() })).status).toBe(401);
    expect((await api('POST', '/api/hotels', { token: provider, body: listingBody() })).status).toBe(403);
    expect((await api('PUT', '/api/hotels/1', { token: traveller, body: { name: 'x' } })).status).toBe(403);
    expect((await api('DELETE', '/api/hotels/1', { token: provider })).status).toBe(403);
    expect((await api('PUT', '/api/hotels/1/approval', { token: provider, body: { isApproved: false } })).status).toBe(403);
    expect((await api('GET', '/api/admin/hotels/pending', { token: traveller })).status).toBe(403);
    expect((await api('GET', '/api/hotels?all=true', { token: provider })).status).toBe(403);
    expect((await api('GET', '/api/hotels?all=true')).status).toBe(403);
  });
});

describe('approval', () => {
  it('approving a pending listing makes it public and takes it off the pending list', async () => {
    const hotel = await createListing(provider);
    const searchByName = () => api('GET', `/api/hotels/search?query=${encodeURIComponent(hotel.name)}`);
    expect((await searchByName()).body.total).toBe(0);
    const res = await api<Hotel>('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isApproved: true, status: 'approved' });
    expect((await api('GET', `/api/hotels/${hotel.id}`)).status).toBe(200);
    expect(await publicIds()).toContain(hotel.id);
    const pending = await api<Hotel[]>('GET', '/api/admin/hotels/pending', { token: admin });
    expect(pending.body.map((h) => h.id)).not.toContain(hotel.id);
    // The search total is not a stale cached 0: every write clears the cached totals and facets.
    const search = await searchByName();
    expect(search.body.total).toBe(1);
    expect(search.body.items.map((h: Hotel) => h.id)).toEqual([hotel.id]);
  });

  it('rejecting keeps it hidden with the reason for the provider; editing sends it back to review', async () => {
    const hotel = await createListing(provider);
    const rejected = await api<Hotel>('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: false, reason: 'Please add gym photos' } });
    expect(rejected.body).toMatchObject({ isApproved: false, status: 'rejected', rejectionReason: 'Please add gym photos' });
    expect((await api('GET', `/api/hotels/${hotel.id}`)).status).toBe(404);
    const pending = await api<Hotel[]>('GET', '/api/admin/hotels/pending', { token: admin });
    expect(pending.body.map((h) => h.id)).not.toContain(hotel.id);
    const own = await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider });
    expect(own.body.find((h) => h.id === hotel.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Please add gym photos' });

    const resubmitted = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider, body: { gymImages: ['/images/hotels/h01/gym-1.jpg'] } });
    expect(resubmitted.body).toMatchObject({ status: 'pending', rejectionReason: null, gymImages: ['/images/hotels/h01/gym-1.jpg'] });
    const pendingAgain = await api<Hotel[]>('GET', '/api/admin/hotels/pending', { token: admin });
    expect(pendingAgain.body.map((h) => h.id)).toContain(hotel.id);
  });

  it('an unknown hotel answers 404', async () => {
    const res = await api('PUT', '/api/hotels/999999/approval', { token: admin, body: { isApproved: true } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.hotelNotFound);
  });
});

describe('traveller accounts', () => {
  it('a newly registered traveller reads the public catalogue only', async () => {
    const fresh = await registerTraveller();
    const live = await adminCreateHotel();
    expect((await api('GET', `/api/hotels/${live.id}`, { token: fresh.token })).status).toBe(200);
    expect((await api('GET', '/api/provider/hotels', { token: fresh.token })).status).toBe(403);
  });
});
