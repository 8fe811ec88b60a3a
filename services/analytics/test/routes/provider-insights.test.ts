import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { dayBucket, hourBucket } from '../../src/domain/rollups.ts';
import { applyRollup } from '../../src/store/rollups.ts';
import { analyticsUnderTest } from './support.ts';

// Letters only, so the city folds to itself and no other test searches for it.
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const city = `Liftford ${letters()}`;
const otherCity = `Benchton ${letters()}`;
const [squatHotel, cardioHotel, rivalHotel, unknownGymHotel] = [1, 2, 3, 4];
const now = () => new Date().toISOString();

let sut: Awaited<ReturnType<typeof analyticsUnderTest>>;
let providerToken: string;
let travellerToken: string;

interface InsightCity {
  city: string;
  country: string | null;
  searches: number;
  labels: { label: string; searches: number; share: number; hotels: { hotelId: number; name: string; lists: boolean | null }[] }[];
}

async function insights(): Promise<InsightCity[]> {
  const res = await sut.api('GET', '/api/provider/insights', { token: providerToken });
  expect(res.status).toBe(200);
  return res.body.cities;
}

async function search(query: string, equipment: string[]) {
  const res = await sut.api('POST', '/api/analytics/batch', { body: { sessionId: `session-${randomUUID()}`, searches: [{ query, equipment, resultCount: 3, timestamp: now() }] } });
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  sut = await analyticsUnderTest();
  travellerToken = (await sut.asTraveller()).token;
  const owner = await sut.asProvider();
  providerToken = owner.token;
  const providerId = owner.id;
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(squatHotel, { providerId, city, equipmentLabels: ['squat rack', 'sauna'] })), squatHotel);
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(cardioHotel, { providerId, city, equipmentLabels: ['treadmill'] })), cardioHotel);
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(rivalHotel, { providerId: randomUUID(), city, equipmentLabels: ['squat rack', 'pool'] })), rivalHotel);
  // An event from before labels were carried: whether it lists anything is unknown.
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(unknownGymHotel, { providerId, city: otherCity, country: 'Ireland' })), unknownGymHotel);
  await eventually(async () => (await insights()).length === 2, 20_000, 'the provider hotels in the analytics projection');
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/provider/insights', () => {
  it('gives each city the provider lists in the share of its searches asking for each label, with the provider’s own hotels there', async () => {
    await search(city, ['squat rack']);
    await search(`  ${city.toUpperCase()} `, ['squat rack', 'sauna']);
    await search(`Gyms in ${city}, UK`, []);
    await search(city, ['pool', 'not a label']);
    await search(`${city}shire`, ['squat rack']); // another place: the city is not a whole word of it
    await search('Somewhere Else', ['sauna']);

    const cities = await insights();
    const here = cities.find((c) => c.city === city)!;
    expect(here.searches).toBe(4);
    expect(here.labels.map((l) => [l.label, l.searches, l.share])).toEqual([
      ['squat rack', 2, 0.5],
      ['pool', 1, 0.25],
      ['sauna', 1, 0.25],
    ]);
    const squat = here.labels[0]!;
    expect(squat.hotels).toEqual([
      { hotelId: squatHotel, name: `Test Hotel ${squatHotel}`, lists: true },
      { hotelId: cardioHotel, name: `Test Hotel ${cardioHotel}`, lists: false },
    ]);
    expect(here.labels.flatMap((l) => l.hotels.map((h) => h.hotelId))).not.toContain(rivalHotel);
    const there = cities.find((c) => c.city === otherCity)!;
    expect(there).toEqual({ city: otherCity, country: 'Ireland', searches: 0, labels: [] });

    await search(otherCity, ['sauna']);
    const later = (await insights()).find((c) => c.city === otherCity)!;
    expect(later.labels).toEqual([{ label: 'sauna', searches: 1, share: 1, hotels: [{ hotelId: unknownGymHotel, name: `Test Hotel ${unknownGymHotel}`, lists: null }] }]);
  });

  it('is for providers only', async () => {
    expect((await sut.api('GET', '/api/provider/insights', { token: travellerToken })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/insights')).status).toBe(401);
  });
});

describe('GET /api/provider/analytics ranges and listing filter', () => {
  it('answers 7, 30 or 90 days, all listings or one', async () => {
    for (const range of [7, 30, 90]) {
      const res = await sut.api('GET', `/api/provider/analytics?range=${range}`, { token: providerToken });
      expect(res.status).toBe(200);
      expect(res.body.days).toBe(range);
      expect(res.body.daily).toHaveLength(range);
      expect(res.body.daily.at(-1).day).toBe(res.body.to);
    }
    const views = await sut.api('POST', '/api/analytics/batch', {
      body: {
        sessionId: `session-${randomUUID()}`,
        pageViews: [
          { url: `/hotel/${squatHotel}`, title: 'Hotel', timestamp: now() },
          { url: `/hotels/test-hotel-${squatHotel}`, title: 'Hotel', timestamp: now() },
          { url: `/hotel/${cardioHotel}`, title: 'Hotel', timestamp: now() },
        ],
      },
    });
    expect(views.body.accepted).toBe(3);
    const one = await eventually(async () => {
      const res = await sut.api('GET', `/api/provider/analytics?range=7&hotelId=${squatHotel}`, { token: providerToken });
      return res.body.totals?.pageViews === 2 && res.body;
    }, 20_000, 'page views of one listing counted');
    expect(one.hotels.map((h: { hotelId: number }) => h.hotelId)).toEqual([squatHotel]);
    expect(one.daily.reduce((sum: number, d: { pageViews: number }) => sum + d.pageViews, 0)).toBe(2);
    const all = await eventually(async () => {
      const res = await sut.api('GET', '/api/provider/analytics?range=7', { token: providerToken });
      return res.body.totals?.pageViews === 3 && res.body;
    }, 20_000, 'page views of every listing counted');
    expect(all.hotels.map((h: { hotelId: number }) => h.hotelId).sort()).toEqual([squatHotel, cardioHotel, unknownGymHotel].sort());
  });

  it('answers 400 with a clear message for a bad range or hotel id, 404 for another provider’s hotel, 403 for travellers', async () => {
    const badRange = await sut.api('GET', '/api/provider/analytics?range=14', { token: providerToken });
    expect(badRange.status).toBe(400);
    expect(badRange.body.message).toBe('range must be 7, 30 or 90 (days)');
    const badHotel = await sut.api('GET', '/api/provider/analytics?hotelId=abc', { token: providerToken });
    expect(badHotel.status).toBe(400);
    expect(badHotel.body.message).toBe('hotelId must be a positive whole number');
    expect((await sut.api('GET', '/api/provider/analytics?hotelId=-3', { token: providerToken })).status).toBe(400);
    const empty = await sut.api('GET', '/api/provider/analytics?range=&hotelId=', { token: providerToken });
    expect(empty.status).toBe(200);
    expect(empty.body.days).toBe(30);
    expect((await sut.api('GET', '/api/provider/analytics?range=7&range=30', { token: providerToken })).status).toBe(400);
    const rival = await sut.api('GET', `/api/provider/analytics?hotelId=${rivalHotel}`, { token: providerToken });
    expect(rival.status).toBe(404);
    expect(rival.body.message).toBe(`Hotel ${rivalHotel} is not one of your listings`);
    expect((await sut.api('GET', '/api/provider/analytics?range=7', { token: travellerToken })).status).toBe(403);
  });
});

describe('figures read while counts are committed', () => {
  it('gives totals and days from one snapshot: the listings’ totals always equal the sum of the days', async () => {
    const adminToken = (await sut.asAdmin()).token;
    const day = dayBucket(new Date());
    let writing = true;
    // Counts committed one at a time, each its own transaction, as the rollup consumer commits them.
    const writer = (async () => {
      while (writing) {
        await applyRollup(sut.pool, { metric: 'page_views', hour: hourBucket(new Date()), hotel: { hotelId: squatHotel, day, column: 'page_views' }, page: null, search: null });
      }
    })();
    const sum = (rows: { pageViews: number }[]) => rows.reduce((total, row) => total + row.pageViews, 0);
    try {
      for (let read = 0; read < 40; read += 1) {
        const own = await sut.api('GET', '/api/provider/analytics?range=7', { token: providerToken });
        expect(own.status).toBe(200);
        expect(own.body.totals.pageViews).toBe(sum(own.body.daily));
        expect(sum(own.body.hotels)).toBe(sum(own.body.daily));
        const site = await sut.api('GET', '/api/admin/analytics/summary?days=7', { token: adminToken });
        expect(site.status).toBe(200);
        expect(sum(site.body.hotels)).toBe(sum(site.body.daily));
      }
    } finally {
      writing = false;
      await writer;
    }
  });
});
