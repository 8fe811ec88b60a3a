import { beforeAll, describe, expect, it } from 'vitest';
import { gymFit, trainingMessages, trainingNeedsToParams, type Hotel, type HotelSearchAnswer, type TrainingNeeds } from '@reproute/contracts';
import { adminCreateHotel, api, seededCatalog } from './support.ts';

/**
 * "My training, matched": GET /api/hotels/search?sort=fit orders by how many of the traveller's needs each gym meets
 * (then fewest known to be missing, then the gym score), in SQL, so the order holds across pages; the browser's
 * `gymFit` (contracts) reads the same facts and must agree with it on every hotel.
 */
const tag = `fit${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const needs: TrainingNeeds = {
  equipment: ['rower'],
  pieces: [{ item: 'rack', kind: 'power-rack', count: 1 }],
  minDumbbellKg: 40,
  opensBefore: '06:00',
  openAfter: null,
};
const week = (hours: string) => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, hours]));
const ids: Record<'all' | 'half' | 'unstated' | 'none', number> = { all: 0, half: 0, unstated: 0, none: 0 };

const search = (params: Record<string, string>) => api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams(params)}`);
const fitParams = (extra: Record<string, string> = {}) => ({ sort: 'fit', ...(trainingNeedsToParams(needs) as Record<string, string>), ...extra });

beforeAll(async () => {
  await seededCatalog();
  const make = async (name: string, body: Record<string, unknown>) => ((await adminCreateHotel({ name: `${tag} ${name}`, isApproved: true, ...body })) as Hotel).id;
  // Created worst first, so an order by id or by creation would not pass for the fit order.
  ids.none = await make('None', {
    rawEquipment: ['Treadmills'],
    gym: { heaviestDumbbellKg: 20, weeklyHours: week('07:00-22:00'), equipmentPieces: [{ item: 'rack', kind: 'half-rack', count: 1 }] },
  });
  ids.unstated = await make('Unstated', { rawEquipment: ['Treadmills'] });
  ids.half = await make('Half', {
    rawEquipment: ['Rowing machine', 'Power rack'],
    gym: { heaviestDumbbellKg: 30, weeklyHours: week('07:00-22:00'), equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 1 }] },
  });
  ids.all = await make('All', {
    rawEquipment: ['Rowing machine', 'Power racks', 'Dumbbells 2-46kg'],
    gym: { heaviestDumbbellKg: 46, weeklyHours: week('05:30-23:00'), equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 2 }] },
  });
});

describe('sort by fit', () => {
  it('orders by needs met, then fewest missing (an unstated spec above a "no"), and the browser’s gymFit agrees on each', async () => {
    const res = await search(fitParams({ query: tag }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sort).toBe('fit');
    expect(res.body.items.map((h) => h.id)).toEqual([ids.all, ids.half, ids.unstated, ids.none]);
    const fits = res.body.items.map((h) => gymFit(h, needs));
    expect(fits.map((f) => [f.met, f.missing, f.unknown])).toEqual([
      [4, 0, 0],
      [2, 2, 0],
      [0, 1, 3],
      [0, 4, 0],
    ]);
    // The missing ones are named: the half fit lacks the heavy dumbbells and the early opening.
    expect(fits[1]!.needs.filter((n) => n.state === 'missing').map((n) => n.kind)).toEqual(['dumbbells', 'opensBefore']);
  });

  it('the order holds across pages (one hotel a page gives the same sequence)', async () => {
    const pages: number[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await search(fitParams({ query: tag, pageSize: '1', page: String(page) }));
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(4);
      pages.push(...res.body.items.map((h) => h.id));
    }
    expect(pages).toEqual([ids.all, ids.half, ids.unstated, ids.none]);
  });

  it.each([
    ['labels, a kind of bench, treadmills, dumbbells, open after 22:00', { equipment: ['sauna', 'kettlebells'], pieces: [{ item: 'bench', kind: 'adjustable', count: 1 }, { item: 'treadmill', kind: null, count: 2 }], minDumbbellKg: 30, opensBefore: null, openAfter: '22:00' }],
    ['any 2 racks, a power rack, opens before 07:00, open after 21:00', { equipment: [], pieces: [{ item: 'rack', kind: null, count: 2 }, { item: 'rack', kind: 'power-rack', count: 1 }], minDumbbellKg: null, opensBefore: '07:00', openAfter: '21:00' }],
  ] as [string, TrainingNeeds][])('over the whole seeded catalogue the SQL order never disagrees with gymFit (%s)', async (_case, wide) => {
    const res = await search({ sort: 'fit', pageSize: '100', ...(trainingNeedsToParams(wide) as Record<string, string>) });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(20);
    const keys = res.body.items.map((h) => {
      const fit = gymFit(h, wide);
      return [fit.met, fit.missing] as const;
    });
    for (let i = 1; i < keys.length; i += 1) {
      const [met, missing] = keys[i]!;
      const [prevMet, prevMissing] = keys[i - 1]!;
      expect(met < prevMet || (met === prevMet && missing >= prevMissing), `hotel ${res.body.items[i]!.id} after ${res.body.items[i - 1]!.id}`).toBe(true);
    }
    // Not all alike: the seed has gyms that fit more and less.
    expect(new Set(keys.map(([met]) => met)).size).toBeGreaterThan(1);
  });

  it('filters still apply with the fit order, and the counts are those of the filters alone', async () => {
    const plain = await search({ query: tag, minDumbbellKg: '40' });
    const fit = await search(fitParams({ query: tag, minDumbbellKg: '40' }));
    expect(fit.body.items.map((h) => h.id)).toEqual([ids.all]);
    expect(fit.body.total).toBe(plain.body.total);
    expect(fit.body.facets).toEqual(plain.body.facets);
  });

  it.each([
    ['sort=fit without needs', { sort: 'fit' }, 'sort', trainingMessages.fitNeedsNeeds],
    ['an unknown label', { sort: 'fit', needEq: 'rower,hovercraft' }, 'needEq.1', trainingMessages.equipmentInvalid],
    ['an unknown kind of rack', { sort: 'fit', needPieces: 'rack:cage' }, 'needPieces.0.item', trainingMessages.pieceInvalid],
    ['a kind on an item without kinds', { sort: 'fit', needPieces: 'rower:olympic' }, 'needPieces.0.item', trainingMessages.pieceInvalid],
    ['a count of 50 racks', { sort: 'fit', needPieces: 'rack:power-rack*50' }, 'needPieces.0.item', trainingMessages.pieceInvalid],
    ['the same piece twice', { sort: 'fit', needPieces: 'rower,rower*2' }, 'needPieces.1', trainingMessages.pieceDuplicate],
    ['dumbbells of 500 kg', { sort: 'fit', needDumbbellKg: '500' }, 'needDumbbellKg', trainingMessages.dumbbellInvalid],
    ['hours that do not parse', { sort: 'fit', needOpensBefore: '6am' }, 'needOpensBefore', trainingMessages.opensBeforeInvalid],
    ['a time past midnight', { sort: 'fit', needOpenAfter: '25:00' }, 'needOpenAfter', trainingMessages.openAfterInvalid],
  ])('400 for %s, with its message and path', async (_case, params, path, message) => {
    const res = await api('GET', `/api/hotels/search?${new URLSearchParams(params)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('needs without sort=fit change nothing about the order', async () => {
    const plain = await search({ query: tag, sort: 'name' });
    const withNeeds = await search({ query: tag, sort: 'name', ...(trainingNeedsToParams(needs) as Record<string, string>) });
    expect(withNeeds.body.items.map((h) => h.id)).toEqual(plain.body.items.map((h) => h.id));
  });
});
