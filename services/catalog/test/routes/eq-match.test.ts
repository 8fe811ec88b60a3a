import { beforeAll, describe, expect, it } from 'vitest';
import { allEquipmentLabels, gymAccessTypes, parseEquipmentParam, type EquipmentMatch, type Hotel, type HotelSearchAnswer } from '@reproute/contracts';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { matchesSearch } from '../../src/domain/search.ts';
import { equipmentLabelsOf } from '../../src/domain/hotel.ts';
import { api, catalog, listingBody, seededCatalog } from './support.ts';

/**
 * Issue 50: `eqMatch=all` (the default) keeps the hotels with a chosen label of every chosen category (the
 * intersection of the categories), `eqMatch=any` those with any chosen label (the union); the counts are those of the
 * current result either way, and a saved search keeps the choice.
 */
async function search(params: Record<string, string>): Promise<HotelSearchAnswer> {
  const res = await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (hotels: readonly Hotel[]) => hotels.map((h) => h.id).sort((a, b) => a - b);
let everyone: Hotel[] = [];

const labelsOf = (h: Hotel) => equipmentLabelsOf({ rawEquipment: h.rawEquipment, gym: h.gym ? { heaviestDumbbellKg: h.gym.heaviestDumbbellKg ?? null } : null });

/** The reference rule (contracts' matchesEquipment) over the public list. */
function expected(eq: string, eqMatch: EquipmentMatch): Hotel[] {
  return everyone.filter((h) => matchesSearch(h, { term: '', equipment: parseEquipmentParam(eq), eqMatch }));
}

beforeAll(async () => {
  await seededCatalog();
  const res = await api<Hotel[]>('GET', '/api/hotels');
  expect(res.status).toBe(200);
  everyone = res.body;
  expect(everyone.length).toBeGreaterThanOrEqual(25);
});

describe('eqMatch on GET /api/hotels/search', () => {
  it('all (also when left out or unknown) is the intersection of the categories, any the union of the labels', async () => {
    const rack = ids((await search({ eq: 'squat rack' })).items);
    const pool = ids((await search({ eq: 'pool' })).items);
    const union = [...new Set([...rack, ...pool])].sort((a, b) => a - b);
    const intersection = rack.filter((id) => pool.includes(id));
    // The seed makes the difference visible.
    expect(union.length).toBeGreaterThan(intersection.length);
    expect(intersection.length).toBeGreaterThan(0);

    const all = await search({ eq: 'squat rack,pool' });
    expect(ids(all.items)).toEqual(intersection);
    expect(all.filters.eqMatch).toBe('all');
    expect(ids((await search({ eq: 'squat rack,pool', eqMatch: 'all' })).items)).toEqual(intersection);
    const unknown = await search({ eq: 'squat rack,pool', eqMatch: 'either' });
    expect([ids(unknown.items), unknown.filters.eqMatch]).toEqual([intersection, 'all']);

    const any = await search({ eq: 'squat rack,pool', eqMatch: 'any' });
    expect(ids(any.items)).toEqual(union);
    expect(any.total).toBe(union.length);
    expect(any.filters.eqMatch).toBe('any');
    expect(any.equipment).toEqual(['squat rack', 'pool']);
  });

  it('agrees with the reference rule for several choices, both ways', async () => {
    for (const eq of ['squat rack,pool', 'cold plunge,trx,rower', 'squat rack,kettlebells,rower,sauna,steam room', 'pilates equipment,trx', 'pool']) {
      for (const eqMatch of ['all', 'any'] as const) {
        const answer = await search({ eq, eqMatch });
        expect(ids(answer.items), `${eq} ${eqMatch}`).toEqual(ids(expected(eq, eqMatch)));
      }
    }
    // Labels of one category already combine with OR: any changes nothing there.
    expect(ids((await search({ eq: 'pilates equipment,trx', eqMatch: 'any' })).items)).toEqual(ids((await search({ eq: 'pilates equipment,trx' })).items));
  });

  it('any with text and another filter: the union within them', async () => {
    const answer = await search({ query: 'london', eq: 'squat rack,pool', eqMatch: 'any', gymAccessType: 'on-site' });
    const want = expected('squat rack,pool', 'any').filter((h) => matchesSearch(h, { term: 'london', equipment: [] }) && h.gymAccessType === 'on-site');
    expect(ids(answer.items)).toEqual(ids(want));
  });

  it('counts labels and the other filters over the union', async () => {
    const answer = await search({ eq: 'squat rack,pool', eqMatch: 'any', minRating: '4' });
    const union = expected('squat rack,pool', 'any');
    const shown = union.filter((h) => h.rating >= 4);
    expect(ids(answer.items)).toEqual(ids(shown));
    expect(Object.keys(answer.facets).sort()).toEqual([...allEquipmentLabels].sort());
    // Each label's count: the hotels of the whole current result that carry it.
    for (const label of allEquipmentLabels) expect(answer.facets[label], label).toBe(shown.filter((h) => labelsOf(h).includes(label)).length);
    expect(answer.facets['squat rack']! + answer.facets.pool!).toBeGreaterThanOrEqual(answer.total);
    // Another group's counts: the result with that group's value; its own (rating) counted without its own choice.
    for (const type of gymAccessTypes) expect(answer.filterFacets.gymAccessType[type], type).toBe(shown.filter((h) => h.gymAccessType === type).length);
    expect(answer.filterFacets.minRating['3']).toBe(union.filter((h) => h.rating >= 3).length);
    expect(answer.filterFacets.minRating['4.5']).toBe(union.filter((h) => h.rating >= 4.5).length);
    // The same search with all counts its own (smaller) result.
    const all = await search({ eq: 'squat rack,pool', minRating: '4' });
    expect(all.facets.pool).toBe(all.total);
    expect(all.facets.pool).toBeLessThan(answer.facets.pool! + answer.facets['squat rack']!);
  });
});

describe('eqMatch in a saved search', () => {
  let traveller: TestUser;
  let admin: TestUser;
  let provider: TestUser;
  beforeAll(async () => {
    const sut = await catalog();
    [traveller, admin, provider] = [await sut.asTraveller(), await sut.asAdmin(), await sut.asProvider()];
  });

  it('is kept, and its alerts follow it: a hotel with one of the labels matches any, not all', async () => {
    const place = `Anyville${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;
    const save = (name: string, params: Record<string, string>) => api('POST', '/api/saved-searches', { token: traveller.token, body: { name, params } });
    const any = await save('any', { query: place, eq: 'squat rack,pool', eqMatch: 'any' });
    expect(any.status, JSON.stringify(any.body)).toBe(201);
    expect(any.body).toMatchObject({ params: { query: place, eq: 'squat rack,pool', eqMatch: 'any' }, searchPath: `/search?query=${place}&eq=squat%20rack,pool&eqMatch=any` });
    const all = await save('all', { query: place, eq: 'squat rack,pool' });
    expect(all.status).toBe(201);
    // Another eqMatch is another search, not a duplicate.
    expect((await save('unknown', { query: place, eq: 'squat rack,pool', eqMatch: 'both' })).status).toBe(201);

    const sut = await catalog();
    const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ name: `${place} Rack Room`, city: place, rawEquipment: ['Power rack', 'Treadmill'] }) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await sut.events();
    const before = (await sut.events('saved-search.matched')).length;
    expect((await api('PUT', `/api/hotels/${made.body.id}/approval`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
    await sut.events();
    const alerts = (await sut.events('saved-search.matched')).slice(before).filter((a) => a.data.userId === traveller.id);
    expect(alerts.map((a) => a.data.savedSearchId)).toEqual([any.body.id]);
    // The search page with the saved URL finds it too.
    expect(ids((await search({ query: place, eq: 'squat rack,pool', eqMatch: 'any' })).items)).toEqual([made.body.id]);
    expect((await search({ query: place, eq: 'squat rack,pool' })).items).toEqual([]);
  });
});
