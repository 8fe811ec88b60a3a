import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Hotel, type HotelRevision } from '@reproute/contracts';
import { api, catalog, listingBody, newProvider, tokenFor, uniqueName } from './support.ts';

let provider: { token: string; id: string; email: string };
let admin: string;

beforeAll(async () => {
  provider = await newProvider();
  admin = await tokenFor('admin');
});

/** A listing of the fresh provider, approved by the admin. */
async function approvedListing(): Promise<Hotel> {
  const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ images: ['/images/hotels/h01/hero.jpg'] }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const approved = await api<Hotel>('PUT', `/api/hotels/${created.body.id}/approval`, { token: admin, body: { isApproved: true } });
  expect(approved.status).toBe(200);
  return approved.body;
}

const revisionOf = async (hotelId: number) => (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === hotelId);

describe('what is reviewed stays reviewed: a provider edit of an approved listing', () => {
  let hotel: Hotel;
  const unreviewed = 'https://unreviewed-domain.example/book';

  beforeAll(async () => {
    hotel = await approvedListing();
  });

  it('keeps the approved booking URL public and holds the new one for review; other fields apply at once', async () => {
    const edited = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, {
      token: provider.token,
      body: { name: hotel.name, bookingUrl: unreviewed, description: 'Now with a second rack.', pricePerNight: 199 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ bookingUrl: hotel.bookingUrl, description: 'Now with a second rack.', pricePerNight: 199, status: 'approved', name: hotel.name });
    expect(edited.body.pendingRevision).toMatchObject({ changes: [{ field: 'bookingUrl', from: hotel.bookingUrl, to: unreviewed }] });

    const publicView = await api<Hotel>('GET', `/api/hotels/${hotel.id}`);
    expect(publicView.body).toMatchObject({ bookingUrl: hotel.bookingUrl, description: 'Now with a second rack.', isApproved: true });
    expect(publicView.body).not.toHaveProperty('pendingRevision');
    const found = await api<{ items: Hotel[] }>('GET', `/api/hotels/search?query=${encodeURIComponent(hotel.name)}`);
    expect(found.body.items.find((h) => h.id === hotel.id)?.bookingUrl).toBe(hotel.bookingUrl);

    // Leads and clicks go where the approved listing says: no event the other services' copies are built from carries the unreviewed URL.
    const events = (await (await catalog()).events()).filter((e) => (e.data as { hotelId?: number }).hotelId === hotel.id);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('unreviewed-domain');
  });

  it('shows the provider their pending values; a later edit joins the same revision, an edit back withdraws that part', async () => {
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotel.id)!;
    expect(own.pendingRevision?.changes.map((c) => c.field)).toEqual(['bookingUrl']);

    const renamed = uniqueName('Renamed Iron Lofts');
    const second = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { name: renamed, gymImages: ['/images/hotels/h02/gym-1.jpg'] } });
    expect(second.body.name).toBe(hotel.name);
    expect(second.body.pendingRevision?.changes.map((c) => c.field)).toEqual(['name', 'bookingUrl', 'gymImages']);

    const back = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { bookingUrl: hotel.bookingUrl, gymImages: [] } });
    expect(back.body.pendingRevision?.changes).toEqual([{ field: 'name', from: hotel.name, to: renamed }]);
    // The edit form echoes the lead address it shows (the account's email) and the main picture: no change.
    const echo = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { contactEmail: provider.email, imageUrl: '/images/hotels/h01/hero.jpg' } });
    expect(echo.body.pendingRevision?.changes.map((c) => c.field)).toEqual(['name']);
  });

  it('lists it for admins only, with old → new', async () => {
    expect((await api('GET', '/api/admin/hotels/revisions', { token: provider.token })).status).toBe(403);
    expect((await api('GET', '/api/admin/hotels/revisions')).status).toBe(401);
    const revision = await revisionOf(hotel.id);
    expect(revision).toMatchObject({ hotelId: hotel.id, hotelName: hotel.name, providerEmail: provider.email, changes: [{ field: 'name', from: hotel.name }] });
  });

  it('ten approvals at once: one applies it (200), the rest find nothing left (404), never a 5xx; the other services follow', async () => {
    const proposed = (await revisionOf(hotel.id))!.changes[0]!.to as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => api<Hotel>('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    expect((answers.find((a) => a.status === 404)!.body as unknown as { message: string }).message).toBe(messages.revisionNotFound);
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.name).toBe(proposed);
    expect(await revisionOf(hotel.id)).toBeUndefined();
    // The other services follow from the event it published.
    const renamed = (await (await catalog()).events()).filter((e) => e.type.startsWith('hotel.') && (e.data as { hotelId?: number; name?: string }).hotelId === hotel.id);
    expect((renamed.at(-1)?.data as { name?: string }).name).toBe(proposed);
  });

  it('a rejected revision leaves the live listing as it was', async () => {
    const before = (await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body;
    await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { address: '99 Elsewhere Road' } });
    expect((await revisionOf(hotel.id))?.changes).toEqual([{ field: 'address', from: before.address, to: '99 Elsewhere Road' }]);
    const rejected = await api<Hotel>('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: 'That is not the hotel\'s address' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ address: before.address, pendingRevision: { status: 'rejected', rejectionReason: 'That is not the hotel\'s address' } });
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.address).toBe(before.address);
    expect(await revisionOf(hotel.id)).toBeUndefined();
    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: false, reason: 'Again' } })).status).toBe(404);
    expect((await api('DELETE', `/api/provider/hotels/${hotel.id}/revision`, { token: provider.token })).status).toBe(200);
  });

  it('an admin edit applies at once', async () => {
    const edited = await api<Hotel>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { bookingUrl: 'https://admin-checked.example/book' } });
    expect(edited.body.bookingUrl).toBe('https://admin-checked.example/book');
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.bookingUrl).toBe('https://admin-checked.example/book');
  });
});

describe('double submissions never give a 5xx', () => {
  it('the same listing submitted ten times at once is stored once; the copies answer 409', async () => {
    const body = listingBody();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((answers.find((a) => a.status === 409)!.body as unknown as { message: string }).message).toBe(messages.listingDuplicate);
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body;
    expect(own.filter((h) => h.name === body.name)).toHaveLength(1);
  });

  it('the same listing approved ten times at once: all 200, approved once', async () => {
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api<Hotel>('PUT', `/api/hotels/${created.body.id}/approval`, { token: admin, body: { isApproved: true } })));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'approved')).toBe(true);
  });

  it('ten concurrent edits of a rejected listing: all 200, back in review once', async () => {
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
    await api('PUT', `/api/hotels/${created.body.id}/approval`, { token: admin, body: { isApproved: false, reason: 'Add photos' } });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api<Hotel>('PUT', `/api/provider/hotels/${created.body.id}`, { token: provider.token, body: { description: `Edit ${i}` } })),
    );
    expect(answers.every((a) => a.status === 200 && a.body.status === 'pending')).toBe(true);
    const pending = (await api<Hotel[]>('GET', '/api/admin/hotels/pending', { token: admin })).body.filter((h) => h.id === created.body.id);
    expect(pending).toHaveLength(1);
  });
});
