import { beforeAll, describe, expect, it } from 'vitest';
import { allEquipmentLabels, parseEquipmentParam, type Hotel, type HotelSearchAnswer } from '@reproute/contracts';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { matchesSearch } from '../../src/domain/search.ts';
import { priceInUsd } from '../../src/domain/price.ts';
import { equipmentLabelsOf } from '../../src/domain/hotel.ts';
import { api, catalog, seededCatalog } from './support.ts';

/** Search as the SPA calls it, on the seed's hotels. */
async function search(params: Record<string, string>): Promise<HotelSearchAnswer> {
  const res = await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (hotels: Hotel[]) => hotels.map((h) => h.id).sort((a, b) => a - b);
let everyone: Hotel[] = [];

/** What the rules of document 1 section 5 say the answer must be, computed from the public list. */
function expected(params: { query?: string; eq?: string }): Hotel[] {
  const criteria = { term: params.query ?? '', equipment: parseEquipmentParam(params.eq) };
  return everyone.filter((h) => matchesSearch(h, criteria));
}

async function readCatalog() {
  const res = await api<Hotel[]>('GET', '/api/hotels');
  expect(res.status).toBe(200);
  everyone = res.body;
}

/**
 * Other files add and remove hotels while this one runs: a check against the whole catalog reads it
 * again with its searches, and is tried again (up to 10 s) when a hotel came or went between the reads.
 */
const againstCatalog = (check: () => Promise<void>) =>
  eventually(async () => {
    await readCatalog();
    await check();
    return true;
  }, 10_000, 'agreement with the catalog read alongside');

beforeAll(async () => {
  await seededCatalog();
  await readCatalog();
  expect(everyone.length).toBeGreaterThanOrEqual(25);
});

describe('text search', () => {
  it('ignores case and accents: "tokyo" and "TÔKYO" give the four Tokyo hotels', async () => {
    const plain = await search({ query: 'tokyo' });
    const accented = await search({ query: 'TÔKYO' });
    expect(ids(plain.items)).toEqual(ids(accented.items));
    expect(ids(plain.items)).toEqual(expect.arrayContaining([11, 12, 13, 14]));
    expect(plain.items.every((h) => h.city === 'Tokyo' || /tokyo/i.test(h.name))).toBe(true);
    expect(plain.total).toBe(plain.items.length);
  });

  it('matches a city that equals the term, and a part of a city name', async () => {
    expect(ids((await search({ query: 'Abu Dhabi' })).items)).toEqual(expect.arrayContaining([23, 24, 25]));
    const partial = await search({ query: 'dhab' });
    expect(ids(partial.items)).toEqual(expect.arrayContaining([23, 24, 25]));
    expect(partial.items.every((h) => h.city === 'Abu Dhabi' || /dhab/i.test(h.name))).toBe(true);
  });

  it('matches the country', async () => {
    const uk = await search({ query: 'kingdom' });
    expect(ids(uk.items)).toEqual(expect.arrayContaining([6, 7, 8, 9, 10]));
    const united = await search({ query: 'united' });
    expect(new Set(united.items.map((h) => h.country))).toEqual(new Set(['United States', 'United Kingdom', 'United Arab Emirates']));
  });

  it('matches the hotel name, accents in the name included', async () => {
    expect(ids((await search({ query: 'HOTEL LUMIERE' })).items)).toEqual([15]);
    expect(ids((await search({ query: 'hôtel lumière' })).items)).toEqual([15]);
    expect(ids((await search({ query: 'Summit' })).items)).toEqual(expect.arrayContaining([3, 8, 13, 17, 22]));
  });

  it('agrees with the reference rule for many terms', async () => {
    for (const query of ['new', 'york', 'NEW YORK', 'paris', 'élysées', 'an', 'dubai', 'japan', 'france', 'states', 'palm', 'x', 'e']) {
      await againstCatalog(async () => {
        const answer = await search({ query });
        expect(ids(answer.items), query).toEqual(ids(expected({ query })));
      });
    }
  });

  it('treats LIKE wildcards in the term literally', async () => {
    expect((await search({ query: '%' })).total).toBe(0);
    expect((await search({ query: '_' })).total).toBe(0);
  });

  it('answers an empty result with zero facets', async () => {
    const none = await search({ query: 'zzqqxx-no-such-place' });
    expect(none).toMatchObject({ items: [], total: 0, query: 'zzqqxx-no-such-place' });
    expect(Object.values(none.facets).every((n) => n === 0)).toBe(true);
  });

  it('with no query lists every approved hotel', async () => {
    await againstCatalog(async () => {
      const all = await search({});
      expect(all.total).toBe(everyone.length);
      expect(all.query).toBe('');
    });
  });
});

describe('equipment filter', () => {
  it('a single label', async () => {
    const answer = await search({ eq: 'cold plunge' });
    expect(ids(answer.items)).toEqual(ids(expected({ eq: 'cold plunge' })));
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.every((h) => h.equipment.recovery.includes('cold plunge'))).toBe(true);
  });

  it('within one category a hotel needs at least one of the labels', async () => {
    const either = await search({ eq: 'pilates equipment,trx' });
    const pilates = await search({ eq: 'pilates equipment' });
    const trx = await search({ eq: 'trx' });
    expect(ids(either.items)).toEqual([...new Set([...ids(pilates.items), ...ids(trx.items)])].sort((a, b) => a - b));
    expect(either.total).toBeGreaterThan(Math.max(pilates.total, trx.total));
  });

  it('across categories every selected category must match', async () => {
    const both = await search({ eq: 'squat rack,pool' });
    const rack = await search({ eq: 'squat rack' });
    const pool = await search({ eq: 'pool' });
    const poolIds = new Set(ids(pool.items));
    expect(ids(both.items)).toEqual(ids(rack.items).filter((id) => poolIds.has(id)));
    expect(both.items.every((h) => h.equipment.strength.includes('squat rack') && h.equipment.recovery.includes('pool'))).toBe(true);
    expect(both.total).toBeLessThan(rack.total);
  });

  it('mixes OR within and AND across categories', async () => {
    const eq = 'squat rack,kettlebells,rower,sauna,steam room';
    expect(ids((await search({ eq })).items)).toEqual(ids(expected({ eq })));
  });

  it('drops unknown labels, and reports the labels it applied', async () => {
    const withUnknown = await search({ eq: 'squat rack,hoverboard' });
    const known = await search({ eq: 'squat rack' });
    expect(withUnknown.equipment).toEqual(['squat rack']);
    expect(ids(withUnknown.items)).toEqual(ids(known.items));
    await againstCatalog(async () => {
      const onlyUnknown = await search({ eq: 'hoverboard,jetpack' });
      expect(onlyUnknown.equipment).toEqual([]);
      expect(onlyUnknown.total).toBe(everyone.length);
    });
  });

  it('combines with the text query', async () => {
    const answer = await search({ query: 'london', eq: 'pool' });
    expect(ids(answer.items)).toEqual(ids(expected({ query: 'london', eq: 'pool' })));
    expect(ids(answer.items)).toEqual(expect.arrayContaining([6, 8, 9]));
    expect(ids(answer.items)).not.toContain(7);
  });

  it('equipment with no match gives an empty result', async () => {
    const answer = await search({ query: 'asakusa', eq: 'battle ropes' });
    expect(answer.total).toBe(0);
  });
});

describe('facets, sorting and paging', () => {
  it('counts, for every label, the matching hotels (all pages) that have it', async () => {
    await againstCatalog(async () => {
      const answer = await search({ query: 'united', pageSize: '3' });
      expect(answer.items).toHaveLength(3);
      const matching = expected({ query: 'united' });
      expect(answer.total).toBe(matching.length);
      expect(Object.keys(answer.facets).sort()).toEqual([...allEquipmentLabels].sort());
      for (const label of allEquipmentLabels) {
        // "dumbbells ≥40kg" follows the heaviest dumbbell whenever it is known (docs/decisions.md, "Gym facts and equipment specs").
        const count = matching.filter((h) => equipmentLabelsOf({ rawEquipment: h.rawEquipment, gym: h.gym ? { heaviestDumbbellKg: h.gym.heaviestDumbbellKg ?? null } : null }).includes(label)).length;
        expect(answer.facets[label], label).toBe(count);
      }
    });
  });

  it('sorts by rating (default), highest first', async () => {
    const answer = await search({});
    expect(answer.sort).toBe('rating');
    const ratings = answer.items.map((h) => h.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('sorts by price, comparing currencies by value, hotels without a price last', async () => {
    const answer = await search({ sort: 'price' });
    const keys = answer.items.map((h) => priceInUsd(h.pricePerNight, h.currency) ?? Number.POSITIVE_INFINITY);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it('sorts by name', async () => {
    const answer = await search({ sort: 'name' });
    const names = answer.items.map((h) => h.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('pages through the same order', async () => {
    await againstCatalog(async () => {
      const whole = await search({ sort: 'name' });
      const page2 = await search({ sort: 'name', page: '2', pageSize: '5' });
      expect(page2).toMatchObject({ page: 2, pageSize: 5, total: whole.total });
      expect(page2.items.map((h) => h.id)).toEqual(whole.items.slice(5, 10).map((h) => h.id));
    });
  });

  it('rejects a page size over 100 and a distance sort without a point with 400; drops an unknown sort', async () => {
    expect((await api('GET', '/api/hotels/search?pageSize=101')).status).toBe(400);
    const badSort = await api('GET', '/api/hotels/search?sort=distance');
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe('Sort by distance needs a point: lat and lng');
    expect((await search({ sort: 'popularity' })).sort).toBe('rating');
  });
});

describe('reading', () => {
  it('a hotel by slug and by id, with the fields the client reads', async () => {
    const bySlug = await api<Hotel>('GET', '/api/hotels/hotel-lumiere-saint-honore');
    expect(bySlug.status).toBe(200);
    const byId = await api<Hotel>('GET', '/api/hotels/15');
    expect(byId.body).toEqual(bySlug.body);
    expect(byId.body).toMatchObject({
      id: 15,
      slug: 'hotel-lumiere-saint-honore',
      city: 'Paris',
      country: 'France',
      price: 980,
      pricePerNight: 980,
      currency: 'EUR',
      gymAccessType: 'on-site',
      isApproved: true,
      bookingUrl: 'https://hotellumiere-sainthonore.example/book',
      imageUrl: '/images/hotels/h15/hero.jpg',
    });
    expect(byId.body.gymImages.length).toBeGreaterThanOrEqual(2);
    expect(byId.body.equipment.recovery).toEqual(expect.arrayContaining(['pool', 'steam room', 'sauna', 'massage room']));
    expect(byId.body.gym).toMatchObject({ name: 'Spa Lumière', hasPool: true, hasSauna: true, hasPersonalTrainer: true });
    expect(byId.body).not.toHaveProperty('contactEmail');
  });

  it('unknown ids and slugs answer 404 "Hotel not found"', async () => {
    for (const key of ['999999', 'no-such-hotel', '0']) {
      const res = await api('GET', `/api/hotels/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.body.message).toBe('Hotel not found');
    }
  });

  it('lists cities with their countries and hotel counts', async () => {
    const res = await api<{ id: number; name: string; country: string; hotelCount: number }[]>('GET', '/api/cities');
    expect(res.status).toBe(200);
    const tokyo = res.body.find((c) => c.name === 'Tokyo');
    expect(tokyo).toMatchObject({ id: 3, country: 'Japan' });
    expect(tokyo!.hotelCount).toBeGreaterThanOrEqual(4);
    expect(res.body.map((c) => c.name)).toEqual(expect.arrayContaining(['New York', 'London', 'Paris', 'Dubai', 'Abu Dhabi']));
  });

  it('serves hotel pictures with long cache headers', async () => {
    const sut = await catalog();
    const res = await sut.inject({ method: 'GET', url: '/images/hotels/h01/hero.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.byteLength).toBeGreaterThan(5_000);
    expect((await sut.inject({ method: 'GET', url: '/images/hotels/h01/missing.jpg' })).statusCode).toBe(404);
  });
});
