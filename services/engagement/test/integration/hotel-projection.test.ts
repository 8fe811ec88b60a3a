import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, eventually, registerTraveller, seedAccounts } from '@reproute/platform/testing';
import { engagementDb, expectEmailsExactly, seededToken, sentTo, uniqueTag } from './support.ts';

/**
 * Engagement's hotel projection follows the catalog's events: a provider's pending listing is
 * visible to its provider and admins only, approval opens it to everyone (and emails the provider),
 * rejection emails the provider with the reason, and deletion removes it and its favourites.
 */
const db = engagementDb();
const tag = uniqueTag('proj');
const created: number[] = [];
let provider: string;
let admin: string;
let traveller: string;

const projected = async (id: number) =>
  (await db.query<{ is_approved: boolean; deleted_at: Date | null; name: string }>('SELECT name, is_approved, deleted_at FROM hotels WHERE id = $1', [id])).rows[0];

async function createListing(name: string): Promise<number> {
  const res = await api('POST', '/api/provider/hotels', {
    token: provider,
    body: { name, address: '1 Test Street', city: 'Testville', country: 'Testland', description: 'A listing made by engagement tests.', gymAccessType: 'on-site', bookingUrl: 'https://booking.example/test', pricePerNight: 100, currency: 'USD' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  created.push(res.body.id);
  await eventually(async () => (await projected(res.body.id)) !== undefined, 30_000, 'listing in the projection');
  return res.body.id;
}

beforeAll(async () => {
  [provider, admin] = await Promise.all([seededToken('provider'), seededToken('admin')]);
  traveller = (await registerTraveller()).token;
});
afterAll(async () => {
  for (const id of created) await api('DELETE', `/api/provider/hotels/${id}`, { token: provider });
  await db.end();
});

describe('hotel projection from catalog events', () => {
  it('keeps a pending listing to its provider and admins, opens it on approval, and emails the provider once', async () => {
    const name = `Pending Gym Hotel ${tag}`;
    const id = await createListing(name);
    expect(await projected(id)).toMatchObject({ name, is_approved: false });

    const refused = await api('POST', '/api/favorites', { token: traveller, body: { hotelId: id } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(messages.hotelNotFound);
    expect((await api('POST', '/api/favorites', { token: provider, body: { hotelId: id } })).status).toBe(201);
    expect((await api('POST', '/api/favorites', { token: admin, body: { hotelId: id } })).status).toBe(201);

    const approval = await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    await eventually(async () => (await projected(id))?.is_approved === true, 30_000, 'approval in the projection');
    expect((await api('POST', '/api/favorites', { token: traveller, body: { hotelId: id } })).status).toBe(201);

    const [email] = await expectEmailsExactly((e) => sentTo(seedAccounts.provider.email)(e) && e.subject === `Your listing ${name} is approved`, 1, { what: 'approval email' });
    expect(email!.text).toContain('now visible to travellers');
    expect(email!.text).toMatch(/\/hotels\/[a-z0-9-]+/);
  }, 120_000);

  it('emails the provider the reason when a listing is rejected', async () => {
    const name = `Rejected Gym Hotel ${tag}`;
    const id = await createListing(name);
    const reason = `Please add <gym> photos ${tag}`;
    const rejection = await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: false, reason } });
    expect(rejection.status, JSON.stringify(rejection.body)).toBe(200);
    const [email] = await expectEmailsExactly((e) => sentTo(seedAccounts.provider.email)(e) && e.subject === `Your listing ${name} was not approved`, 1, { what: 'rejection email' });
    expect(email!.text).toContain(`Reason given by our team: ${reason}`);
    expect(email!.html).toContain('Please add &lt;gym&gt; photos');
    expect(email!.text).toContain(`/edit-hotel/${id}`);
  }, 120_000);

  it('drops a deleted hotel and every favourite of it', async () => {
    const id = created[0]!;
    const deleted = await api('DELETE', `/api/provider/hotels/${id}`, { token: provider });
    expect([200, 204]).toContain(deleted.status);
    await eventually(async () => (await projected(id))?.deleted_at != null, 30_000, 'deletion in the projection');
    for (const token of [traveller, provider, admin]) {
      const list = await api('GET', '/api/favorites', { token });
      expect(list.body.map((f: { hotelId: number }) => f.hotelId)).not.toContain(id);
    }
    expect((await api('POST', '/api/favorites', { token: admin, body: { hotelId: id } })).status).toBe(404);
    const review = await api('POST', '/api/reviews', {
      token: traveller,
      body: { hotelId: id, title: 'Gone hotel', content: 'This hotel was removed from the directory.', rating: 3, gymRating: 3, travelType: 'leisure', stayDate: '2026-01' },
    });
    expect(review.status).toBe(404);
  }, 120_000);
});
