import { afterAll, describe, expect, it } from 'vitest';
import type { Hotel } from '@reproute/contracts';
import { api, eventually, registerTraveller } from '@reproute/platform/testing';
import { adminCreateHotel, deleteCreatedHotels, tokenFor } from './support.ts';

afterAll(deleteCreatedHotels);

const readHotel = async (id: number, token?: string) => (await api<Hotel>('GET', `/api/hotels/${id}`, { token: token ?? (await tokenFor('admin')) })).body;
const points = (hotel: Hotel, key: string) => hotel.gymScoreBreakdown.find((c) => c.key === key)?.points;

const bigGym = {
  rawEquipment: ['Power rack', 'Olympic barbells', 'Deadlift platform', 'Dumbbells 2.5-50kg', 'Treadmill', 'Sauna'],
  gym: { hours: '24 hours', size: '1,200 sqm' },
};

// A review's way from engagement to the catalog's score over Kafka. The score's rules are in test/routes.
describe('gym score and approved reviews across services', () => {
  it("an approved review's gym rating moves the reviewers' component and the score; a pending one does not", async () => {
    const hotel = (await adminCreateHotel({ ...bigGym, isApproved: true })) as Hotel;
    expect(points(hotel, 'reviews')).toBe(0);
    const traveller = await registerTraveller();
    const body = { hotelId: hotel.id, title: 'Serious lifting gym', content: 'Racks, platforms and heavy dumbbells, open all night.', rating: 4, gymRating: 5, travelType: 'fitness', stayDate: '2026-01' };
    // Engagement learns of the new hotel from catalog events: retry until it accepts the review.
    let reviewId = '';
    await eventually(
      async () => {
        const posted = await api<{ id: string }>('POST', '/api/reviews', { token: traveller.token, body });
        if (posted.status === 201) reviewId = posted.body.id;
        return posted.status === 201;
      },
      30_000,
      'review accepted',
    );
    expect((await readHotel(hotel.id)).gymScore).toBe(hotel.gymScore);
    const approved = await api('PUT', `/api/reviews/${reviewId}/approve`, { token: await tokenFor('admin'), body: { isApproved: true } });
    expect(approved.status).toBe(200);
    await eventually(async () => points(await readHotel(hotel.id), 'reviews') === 0.83, 30_000, 'gym rating counted');
    const after = await readHotel(hotel.id);
    expect(after.gymScoreBreakdown.find((c) => c.key === 'reviews')!.reason).toBe('5.0 of 5 from 1 approved reviewer');
    expect(after.gymScore).toBeGreaterThan(hotel.gymScore);
  }, 90_000);
});
