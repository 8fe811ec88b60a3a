import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { api, db, engagement, registerTraveller, seededProviderId, seededToken } from './support.ts';

/**
 * Engagement's hotel projection, fed the catalog's hotel events through the in-memory bus: a pending
 * listing is for its provider and admins only, approval opens it to everyone, deletion removes it and
 * its favourites. The same path through Kafka, with the provider's emails, is in the integration tests.
 */
const hotelId = 601;
let provider: string;
let admin: string;
let traveller: string;

const projected = async (id: number) => (await db.query<{ is_approved: boolean; deleted_at: Date | null; name: string }>('SELECT name, is_approved, deleted_at FROM hotels WHERE id = $1', [id])).rows[0];

async function catalogSays(event: 'hotel.submitted' | 'hotel.approved', isApproved: boolean) {
  const sut = await engagement();
  await sut.bus.publishEvent(event, testHotel(hotelId, { providerId: seededProviderId, providerEmail: 'provider@reproute.example', isApproved }), { key: hotelId });
  await sut.settled();
}

beforeAll(async () => {
  [provider, admin] = await Promise.all([seededToken('provider'), seededToken('admin')]);
  traveller = (await registerTraveller()).token;
});

describe('hotel projection from catalog events', () => {
  it('keeps a pending listing to its provider and admins, and opens it on approval', async () => {
    await catalogSays('hotel.submitted', false);
    expect(await projected(hotelId)).toMatchObject({ name: `Test Hotel ${hotelId}`, is_approved: false, deleted_at: null });
    const refused = await api('POST', '/api/favorites', { token: traveller, body: { hotelId } });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(messages.hotelNotFound);
    expect((await api('POST', '/api/favorites', { token: provider, body: { hotelId } })).status).toBe(201);
    expect((await api('POST', '/api/favorites', { token: admin, body: { hotelId } })).status).toBe(201);

    await catalogSays('hotel.approved', true);
    expect((await projected(hotelId))?.is_approved).toBe(true);
    expect((await api('POST', '/api/favorites', { token: traveller, body: { hotelId } })).status).toBe(201);
  });

  it('drops a deleted hotel and every favourite of it, and refuses reviews of it', async () => {
    const sut = await engagement();
    await sut.bus.publishEvent('hotel.deleted', { hotelId, providerId: seededProviderId }, { key: hotelId });
    await sut.settled();
    expect((await projected(hotelId))?.deleted_at).toBeInstanceOf(Date);
    for (const token of [traveller, provider, admin]) {
      const list = await api('GET', '/api/favorites', { token });
      expect(list.body.map((f: { hotelId: number }) => f.hotelId)).not.toContain(hotelId);
    }
    expect((await api('POST', '/api/favorites', { token: admin, body: { hotelId } })).status).toBe(404);
    const review = await api('POST', '/api/reviews', {
      token: traveller,
      body: { hotelId, title: 'Gone hotel', content: 'This hotel was removed from the directory.', rating: 3, gymRating: 3, travelType: 'leisure', stayDate: '2026-01' },
    });
    expect(review.status).toBe(404);
  });
});
