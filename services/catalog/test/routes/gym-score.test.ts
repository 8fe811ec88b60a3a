import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyEquipment, hotelAnswer, hotelSearchAnswer, type Hotel, type HotelSearchAnswer } from '@reproute/contracts';
import { computeGymScore } from '../../src/domain/gym-score.ts';
import { adminCreateHotel, api, catalog, listingBody, newProvider, tokenFor } from './support.ts';

const readHotel = async (id: number, token?: string) => (await api<Hotel>('GET', `/api/hotels/${id}`, { token: token ?? (await tokenFor('admin')) })).body;
const points = (hotel: Hotel, key: string) => hotel.gymScoreBreakdown.find((c) => c.key === key)?.points;

/** What the formula gives for a listing's own facts, without reviews. */
function expectedScore(rawEquipment: string[], facts: { heaviestDumbbellKg: number | null; sizeSqm: number | null; open24h: boolean; hours: string | null }) {
  return computeGymScore({ equipmentLabels: Object.values(classifyEquipment(rawEquipment)).flat(), gymRatings: { count: 0, average: null }, ...facts }).score;
}

const smallGym = { rawEquipment: ['Power rack', 'Treadmill'], gym: { hours: '6:00 - 22:00', size: '300 sqm' } };
const bigGym = {
  rawEquipment: ['Power rack', 'Olympic barbells', 'Deadlift platform', 'Dumbbells 2.5-50kg', 'Treadmill', 'Sauna'],
  gym: { hours: '24 hours', size: '1,200 sqm' },
};

describe('gym score and highlights on catalog answers', () => {
  it('hotel, list and search answers carry gymScore, its breakdown and up to three highlights in the contract shape', async () => {
    const live = (await adminCreateHotel({ ...bigGym, isApproved: true })) as Hotel;
    await adminCreateHotel({ ...smallGym, isApproved: true });
    const detail = await api('GET', `/api/hotels/${live.id}`);
    expect(detail.status).toBe(200);
    const hotel = hotelAnswer.parse(detail.body);
    expect(hotel.gymScore).toBeGreaterThan(0);
    expect(hotel.gymScore).toBeLessThanOrEqual(5);
    expect(hotel.gymScoreBreakdown.map((c) => c.key)).toEqual(['variety', 'strength', 'size', 'hours', 'reviews']);
    const sum = hotel.gymScoreBreakdown.reduce((s, c) => s + c.points, 0);
    expect(Math.abs(Math.round(sum * 10) / 10 - hotel.gymScore)).toBeLessThan(0.001);
    expect(hotel.gymHighlights.length).toBeGreaterThan(0);
    const search = hotelSearchAnswer.parse((await api('GET', '/api/hotels/search?pageSize=100')).body);
    expect(search.items.length).toBeGreaterThan(0);
    for (const item of search.items) expect(item.gymHighlights.length).toBeLessThanOrEqual(3);
    const list = (await api<Hotel[]>('GET', '/api/hotels?limit=5')).body;
    for (const item of list) expect(typeof item.gymScore).toBe('number');
  });

  it("an admin's create and update recompute the score and highlights from the new gym data", async () => {
    const created = (await adminCreateHotel({ ...smallGym, isApproved: true })) as Hotel;
    expect(created.gymScore).toBe(expectedScore(smallGym.rawEquipment, { heaviestDumbbellKg: null, sizeSqm: 300, open24h: false, hours: '6:00 - 22:00' }));
    expect(created.gymHighlights).toEqual([
      { kind: 'hours', label: '6:00 - 22:00' },
      { kind: 'size', label: '300 sqm' },
      { kind: 'signature', label: 'Squat rack' },
    ]);
    const updated = await api<Hotel>('PUT', `/api/hotels/${created.id}`, { token: await tokenFor('admin'), body: bigGym });
    expect(updated.status).toBe(200);
    const expected = expectedScore(bigGym.rawEquipment, { heaviestDumbbellKg: 50, sizeSqm: 1200, open24h: true, hours: '24 hours' });
    expect(updated.body.gymScore).toBe(expected);
    expect(updated.body.gymScore).toBeGreaterThan(created.gymScore);
    expect(updated.body.gymHighlights.map((h) => h.label)).toEqual(['24 hours', '1,200 sqm', 'Dumbbells to 50 kg']);
    expect((await readHotel(created.id)).gymScore).toBe(expected);
  });

  it("a provider's edit of their listing recomputes the score", async () => {
    const provider = await newProvider();
    const res = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody(smallGym) });
    expect(res.status).toBe(201);
    const before = res.body.gymScore;
    const edited = await api<Hotel>('PUT', `/api/provider/hotels/${res.body.id}`, { token: provider.token, body: { rawEquipment: bigGym.rawEquipment, gym: bigGym.gym } });
    expect(edited.status).toBe(200);
    expect(edited.body.gymScore).toBeGreaterThan(before);
    expect(points(edited.body, 'hours')).toBe(0.5);
    expect((await readHotel(res.body.id, provider.token)).gymScore).toBe(edited.body.gymScore);
  });

  it("an approved review's gym rating (engagement's review.approved event) moves the reviewers' component and the score", async () => {
    const hotel = (await adminCreateHotel({ ...bigGym, isApproved: true })) as Hotel;
    expect(points(hotel, 'reviews')).toBe(0);
    const sut = await catalog();
    await sut.bus.publishEvent(
      'review.approved',
      { reviewId: randomUUID(), hotelId: hotel.id, hotelName: hotel.name, userId: randomUUID(), reviewerEmail: null, reviewerFirstName: 'Tess', rating: 4, gymRating: 5, title: 'Serious lifting gym' },
      { key: hotel.id },
    );
    await sut.settled();
    const after = await readHotel(hotel.id);
    expect(points(after, 'reviews')).toBe(0.83);
    expect(after.gymScoreBreakdown.find((c) => c.key === 'reviews')!.reason).toBe('5.0 of 5 from 1 approved reviewer');
    expect(after.gymScore).toBeGreaterThan(hotel.gymScore);
  });

  it('search sorts by gymScore, best first, keeping the other filters', async () => {
    for (const gym of [smallGym, bigGym, { rawEquipment: ['Power rack', 'Dumbbells 2.5-30kg', 'Rowing machine'], gym: { hours: '24 hours', size: '500 sqm' } }]) {
      await adminCreateHotel({ ...gym, isApproved: true });
    }
    const answer = (await api<HotelSearchAnswer>('GET', '/api/hotels/search?sort=gymScore&pageSize=100')).body;
    expect(answer.sort).toBe('gymScore');
    const scores = answer.items.map((h) => h.gymScore);
    expect(scores.length).toBeGreaterThan(1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const filtered = (await api<HotelSearchAnswer>('GET', '/api/hotels/search?sortBy=gymscore&open24h=true&eq=squat%20rack&pageSize=100')).body;
    expect(filtered.sort).toBe('gymScore');
    expect(filtered.items.every((h) => h.equipment.strength.includes('squat rack'))).toBe(true);
    const filteredScores = filtered.items.map((h) => h.gymScore);
    expect(filteredScores).toEqual([...filteredScores].sort((a, b) => b - a));
  });
});
