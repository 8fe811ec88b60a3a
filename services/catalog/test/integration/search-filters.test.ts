import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyEquipment, foldText, type Hotel, type HotelSearchAnswer } from '@reproute/contracts';
import { api, eventually } from '@reproute/platform/testing';
import { matchesSearch } from '../../src/domain/search.ts';
import { priceInUsd, usdPerUnit } from '../../src/domain/price.ts';
import { adminCreateHotel, deleteCreatedHotels, listingBody, tokenFor } from './support.ts';
import { seedGymSpecs } from '../../scripts/seed-gym-specs.ts';

/** Search through the gateway, as the SPA calls it. */
async function search(params: Record<string, string>): Promise<HotelSearchAnswer> {
  const res = await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// The seed's 25 hotels (ids 1-25) are the catalog compared against: other files add and remove hotels of their own meanwhile.
const seededIds = 25;
const ids = (hotels: { id: number }[]) => hotels.filter((h) => h.id <= seededIds).map((h) => h.id).sort((a, b) => a - b);
let everyone: Hotel[] = [];

/** Gym facts read the same way as the catalog's migration reads them, for expected answers. */
const isOpen24h = (h: Hotel) => /24\s*(hours|hrs)/i.test(h.gym?.hours ?? '');
const sizeSqm = (h: Hotel) => {
  const match = /(\d[\d,]*)\s*sqm/i.exec(h.gym?.size ?? '');
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
};
/** The seed states some heaviest dumbbells outright (scripts/seed-gym-specs.ts); those win over the text, as in the catalog. */
const heaviestDumbbell = (h: Hotel) => {
  const stated = seedGymSpecs[h.id]?.heaviestDumbbellKg;
  if (typeof stated === 'number') return stated;
  const weights = h.rawEquipment.filter((item) => /dumb-?bell/i.test(item) && /\d\s*kg/i.test(item)).flatMap((item) => [...item.matchAll(/\d+(\.\d+)?/g)].map((m) => Number(m[0])));
  return weights.length ? Math.max(...weights) : null;
};

afterAll(deleteCreatedHotels);

beforeAll(async () => {
  const res = await api<Hotel[]>('GET', '/api/hotels');
  expect(res.status).toBe(200);
  everyone = res.body;
  expect(ids(everyone)).toHaveLength(seededIds);
});

describe('multi-word queries', () => {
  it('"tokyo japan" finds the Tokyo hotels (words match across city and country)', async () => {
    const answer = await search({ query: 'tokyo japan' });
    expect(ids(answer.items)).toEqual(expect.arrayContaining([11, 12, 13, 14]));
    expect(answer.items.every((h) => h.country === 'Japan')).toBe(true);
  });

  it('"paris sauna hotel" finds Paris hotels whose name or equipment has each word', async () => {
    const answer = await search({ query: 'paris sauna hotel' });
    expect(answer.total).toBeGreaterThan(0);
    for (const h of answer.items) {
      expect(h.city).toBe('Paris');
      const text = foldText([h.name, ...h.rawEquipment, ...Object.values(h.equipment).flat()].join(' '));
      expect(text).toContain('sauna');
      expect(text).toContain('hotel');
    }
    expect(ids(answer.items)).toEqual(ids(everyone.filter((h) => matchesSearch(h, { term: 'paris sauna hotel', equipment: [] }))));
  });

  it('ignores case and accents in every word', async () => {
    const plain = await search({ query: 'paris hammam' });
    const accented = await search({ query: 'PARÍS HAMMÂM' });
    expect(plain.total).toBeGreaterThan(0);
    expect(ids(accented.items)).toEqual(ids(plain.items));
    expect(ids((await search({ query: 'hôtel lumière paris' })).items)).toEqual([15]);
  });

  it('agrees with the reference rule for many multi-word terms, and a missing word empties the result', async () => {
    for (const query of ['new york squat', 'london pool', 'dubai emirates', 'united kingdom sauna', 'tokyo rack treadmill', 'abu dhabi', 'paris tokyo']) {
      const answer = await search({ query });
      expect(ids(answer.items), query).toEqual(ids(everyone.filter((h) => matchesSearch(h, { term: query, equipment: [] }))));
    }
    expect((await search({ query: 'tokyo zzqqxx' })).total).toBe(0);
  });

  it('one word keeps the spec rule: name, city or country only, not equipment', async () => {
    const sauna = await search({ query: 'sauna' });
    expect(ids(sauna.items)).toEqual(ids(everyone.filter((h) => matchesSearch(h, { term: 'sauna', equipment: [] }))));
    expect(sauna.total).toBeLessThan((await search({ eq: 'sauna' })).total);
  });

  it('combines with the equipment filter', async () => {
    const answer = await search({ query: 'london hotel', eq: 'pool' });
    expect(ids(answer.items)).toEqual(ids(everyone.filter((h) => matchesSearch(h, { term: 'london hotel', equipment: ['pool'] }))));
  });
});

describe('filters', () => {
  it('price bounds compare every hotel in one currency (USD by default)', async () => {
    const answer = await search({ minPrice: '400', maxPrice: '800' });
    const expected = everyone.filter((h) => {
      const usd = priceInUsd(h.pricePerNight, h.currency);
      return usd !== null && usd >= 400 && usd <= 800;
    });
    expect(ids(answer.items)).toEqual(ids(expected));
    expect(answer.total).toBeGreaterThan(0);
    expect(new Set(answer.items.map((h) => h.currency)).size).toBeGreaterThan(1);
    expect(answer.filters).toMatchObject({ minPrice: 400, maxPrice: 800, currency: 'USD' });
  });

  it('price bounds in another currency are converted with the rates table', async () => {
    const inEur = await search({ minPrice: '300', maxPrice: '700', currency: 'EUR' });
    const rate = usdPerUnit.EUR;
    const expected = everyone.filter((h) => {
      const usd = priceInUsd(h.pricePerNight, h.currency);
      return usd !== null && usd >= Math.round(300 * rate * 100) / 100 && usd <= Math.round(700 * rate * 100) / 100;
    });
    expect(ids(inEur.items)).toEqual(ids(expected));
    // A hotel priced in EUR at exactly the bound is included.
    const lumiere = everyone.find((h) => h.id === 15)!;
    const exact = await search({ minPrice: String(lumiere.pricePerNight), maxPrice: String(lumiere.pricePerNight), currency: 'EUR' });
    expect(ids(exact.items)).toContain(15);
  });

  it('minRating keeps hotels rated at least that', async () => {
    const answer = await search({ minRating: '4.5' });
    expect(ids(answer.items)).toEqual(ids(everyone.filter((h) => h.rating >= 4.5)));
  });

  it('gymAccessType keeps hotels with any of the chosen access types', async () => {
    const answer = await search({ gymAccessType: 'partnered,nearby' });
    expect(ids(answer.items)).toEqual(ids(everyone.filter((h) => h.gymAccessType !== 'on-site')));
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.filters.gymAccessType).toEqual(['partnered', 'nearby']);
  });

  it('open24h keeps 24-hour gyms', async () => {
    const answer = await search({ open24h: 'true' });
    expect(ids(answer.items)).toEqual(ids(everyone.filter(isOpen24h)));
    // A gym's stated week of 24-hour days is shown as "Open 24 hours"; older text says "24 hours".
    expect(answer.items.every((h) => h.gym?.hours === '24 hours' || h.gym?.hours === 'Open 24 hours')).toBe(true);
  });

  it('gymSize keeps the chosen size bands (small < 400 sqm, medium 400-999, large 1,000+)', async () => {
    const small = await search({ gymSize: 'small' });
    expect(ids(small.items)).toEqual(ids(everyone.filter((h) => (sizeSqm(h) ?? Infinity) < 400)));
    const smallOrLarge = await search({ gymSize: 'small,large' });
    expect(ids(smallOrLarge.items)).toEqual(ids(everyone.filter((h) => sizeSqm(h) !== null && (sizeSqm(h)! < 400 || sizeSqm(h)! >= 1000))));
  });

  it('minDumbbellKg keeps gyms whose heaviest dumbbell is at least that', async () => {
    const answer = await search({ minDumbbellKg: '50' });
    expect(ids(answer.items)).toEqual(ids(everyone.filter((h) => (heaviestDumbbell(h) ?? 0) >= 50)));
    expect(answer.total).toBeGreaterThan(0);
  });

  it('every filter together with text and equipment', async () => {
    const params = { query: 'united', eq: 'squat rack', minPrice: '200', maxPrice: '2000', minRating: '3', gymAccessType: 'on-site', gymSize: 'medium,large' };
    const answer = await search(params);
    const expected = everyone.filter(
      (h) =>
        matchesSearch(h, { term: 'united', equipment: ['squat rack'] }) &&
        (priceInUsd(h.pricePerNight, h.currency) ?? -1) >= 200 &&
        (priceInUsd(h.pricePerNight, h.currency) ?? Infinity) <= 2000 &&
        h.rating >= 3 &&
        h.gymAccessType === 'on-site' &&
        (sizeSqm(h) ?? 0) >= 400,
    );
    expect(ids(answer.items)).toEqual(ids(expected));
  });

  it('drops unknown filter values like unknown eq labels', async () => {
    const answer = await search({ gymAccessType: 'moon-base', gymSize: 'gigantic', sort: 'random' });
    expect(ids(answer.items)).toEqual(ids(everyone));
    expect(answer.total).toBeGreaterThanOrEqual(seededIds);
    expect(answer.filters).toMatchObject({ gymAccessType: [], gymSize: [] });
    expect(answer.sort).toBe('rating');
  });
});

describe('accessibility features', () => {
  it('a hotel needs every chosen feature', async () => {
    const both = await search({ accessibilityFeatures: 'wheelchair-access,adaptive-equipment' });
    const expected = everyone.filter((h) => h.accessibilityFeatures.includes('wheelchair-access') && h.accessibilityFeatures.includes('adaptive-equipment'));
    expect(ids(both.items)).toEqual(ids(expected));
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan((await search({ accessibilityFeatures: 'wheelchair-access' })).total);
    expect(both.filters.accessibilityFeatures).toEqual(['wheelchair-access', 'adaptive-equipment']);
  });

  it('counts each feature on top of the current result', async () => {
    const answer = await search({ accessibilityFeatures: 'elevator' });
    const withElevator = everyone.filter((h) => h.accessibilityFeatures.includes('elevator'));
    expect(answer.filterFacets.accessibilityFeatures.elevator).toBe(answer.total);
    expect(answer.filterFacets.accessibilityFeatures['adaptive-equipment']).toBe(withElevator.filter((h) => h.accessibilityFeatures.includes('adaptive-equipment')).length);
  });

  it('an admin sets them on a listing; an unknown feature answers 400 with a clear message', async () => {
    const hotel = await adminCreateHotel({ accessibilityFeatures: ['elevator', 'wheelchair-access', 'elevator'] });
    expect(hotel.accessibilityFeatures).toEqual(['wheelchair-access', 'elevator']);
    const bad = await api('POST', '/api/hotels', { token: await tokenFor('admin'), body: { ...listingBody(), accessibilityFeatures: ['ramp'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Accessibility features must be wheelchair-access, elevator or adaptive-equipment');
    await deleteCreatedHotels();
  });
});

describe('sorting by distance', () => {
  it('orders by distance from the point and reports each distance', async () => {
    const answer = await search({ sort: 'distance', lat: '35.6762', lng: '139.6503' });
    expect(answer.sort).toBe('distance');
    const distances = answer.items.map((h) => h.distanceKm ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(answer.items.slice(0, 4).every((h) => h.city === 'Tokyo')).toBe(true);
    expect(answer.items[0]!.distanceKm).toBeLessThan(20);
    const paris = answer.items.find((h) => h.id === 15)!;
    expect(paris.distanceKm).toBeGreaterThan(9_000);
    expect(paris.distanceKm).toBeLessThan(10_500);
  });

  it('without a point the answers carry no distance', async () => {
    const answer = await search({ sort: 'price' });
    expect(answer.items.every((h) => h.distanceKm === undefined)).toBe(true);
  });
});

describe('facet counts for every filter value', () => {
  it('count the whole result (all pages) for each access type, rating, size, 24 hours, dumbbell threshold and the price range', async () => {
    // Facets count the whole catalog, which other files change meanwhile: the catalog is read with the
    // search, and read again (up to 10 s) while a hotel of theirs came or went between the two reads.
    await eventually(async () => {
      const [answer, catalog] = await Promise.all([search({ query: 'united', pageSize: '2' }), api<Hotel[]>('GET', '/api/hotels')]);
      const matching = catalog.body.filter((h) => matchesSearch(h, { term: 'united', equipment: [] }));
      expect(answer.items).toHaveLength(2);
      const f = answer.filterFacets;
      for (const type of ['on-site', 'partnered', 'nearby'] as const) expect(f.gymAccessType[type], type).toBe(matching.filter((h) => h.gymAccessType === type).length);
      for (const min of [3, 4, 4.5]) expect(f.minRating[String(min)]).toBe(matching.filter((h) => h.rating >= min).length);
      expect(f.open24h).toBe(matching.filter(isOpen24h).length);
      expect(f.gymSize.small).toBe(matching.filter((h) => (sizeSqm(h) ?? Infinity) < 400).length);
      expect(f.gymSize.medium).toBe(matching.filter((h) => sizeSqm(h) !== null && sizeSqm(h)! >= 400 && sizeSqm(h)! < 1000).length);
      expect(f.gymSize.large).toBe(matching.filter((h) => (sizeSqm(h) ?? 0) >= 1000).length);
      for (const min of [30, 40, 50]) expect(f.minDumbbellKg[String(min)]).toBe(matching.filter((h) => (heaviestDumbbell(h) ?? 0) >= min).length);
      const usd = matching.map((h) => priceInUsd(h.pricePerNight, h.currency)).filter((p): p is number => p !== null);
      expect(f.priceRange).toEqual({ min: Math.floor(Math.min(...usd)), max: Math.ceil(Math.max(...usd)) });
      return true;
    }, 10_000, 'facets equal to the catalog read with them');
  });

  it('follow the applied filters, and the price range follows the currency', async () => {
    const answer = await search({ open24h: 'true', currency: 'GBP' });
    expect(answer.filterFacets.open24h).toBe(answer.total);
    const usd = answer.items.map((h) => priceInUsd(h.pricePerNight, h.currency)).filter((p): p is number => p !== null);
    expect(answer.filterFacets.priceRange).toEqual({ min: Math.floor(Math.min(...usd) / usdPerUnit.GBP), max: Math.ceil(Math.max(...usd) / usdPerUnit.GBP) });
    const labels = answer.items.map((h) => classifyEquipment(h.rawEquipment));
    expect(answer.facets['pool']).toBe(labels.filter((l) => l.recovery.includes('pool')).length);
  });
});

describe('facet counts leave out their own group', () => {
  it('with a size and a rating chosen, each size counts what choosing it would add, under the rating', async () => {
    const chosen = await search({ gymSize: 'medium', minRating: '4' });
    const rated = await search({ minRating: '4' });
    expect(chosen.filterFacets.gymSize).toEqual(rated.filterFacets.gymSize);
    expect(chosen.filterFacets.gymSize.medium).toBe(chosen.total);
    expect(chosen.filterFacets.gymSize.large).toBe((await search({ gymSize: 'large', minRating: '4' })).total);
    // The rating counts follow the size choice.
    expect(chosen.filterFacets.minRating['4']).toBe(chosen.total);
    expect(chosen.filterFacets.minRating['3']).toBe((await search({ gymSize: 'medium', minRating: '3' })).total);
  });

  it('the price range ignores the price bounds so the whole span stays visible', async () => {
    const bounded = await search({ minPrice: '300', maxPrice: '400' });
    const unbounded = await search({});
    expect(bounded.filterFacets.priceRange).toEqual(unbounded.filterFacets.priceRange);
  });
});

describe('bad input answers 400 with a clear message, never 5xx', () => {
  const cases: [string, string][] = [
    ['minPrice=500&maxPrice=100', 'Minimum price must not be above the maximum price'],
    ['minPrice=cheap', 'Price must be a number from 0 to 10,000,000'],
    ['maxPrice=-1', 'Price must be a number from 0 to 10,000,000'],
    ['minRating=9', 'Minimum rating must be a number from 0 to 5'],
    ['minRating=abc', 'Minimum rating must be a number from 0 to 5'],
    ['minDumbbellKg=heavy', 'Heaviest dumbbell must be a number of kilograms from 1 to 200'],
    ['lat=48.8', 'A point needs both lat (-90 to 90) and lng (-180 to 180)'],
    ['lat=123&lng=2', 'A point needs both lat (-90 to 90) and lng (-180 to 180)'],
    ['sort=distance', 'Sort by distance needs a point: lat and lng'],
    ['minPrice=1&minPrice=2', 'Price must be a number from 0 to 10,000,000'],
  ];
  for (const [query, message] of cases) {
    it(query, async () => {
      const res = await api('GET', `/api/hotels/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  }
});
