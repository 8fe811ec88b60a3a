import { beforeAll, describe, expect, it } from 'vitest';
import { gymFactMessages, type Hotel, type HotelRevision, type HotelSearchAnswer } from '@reproute/contracts';
import { heaviestDumbbellInText } from '../../src/domain/hotel.ts';
import { adminCreateHotel, api, catalog, listingBody, newProvider, tokenFor, uniqueName } from './support.ts';

/**
 * The gym's facts and equipment specs (migration 022): written by providers and admins inside `gym`, read back by
 * everyone, refused with 400 and the field's message when they do not parse, and on a live listing held for review
 * like every other gym fact.
 */
const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let admin: string;
let provider: { token: string; id: string; email: string };

beforeAll(async () => {
  admin = await tokenFor('admin');
  provider = await newProvider();
});

const partnerGym = {
  name: 'Riverside Health Club',
  description: 'Partner club 150 metres from the hotel; access with your key card.',
  address: '1 Westferry Circus, London E14 4HD',
  distanceMetres: 150,
  walkingMinutes: 2,
  latitude: 51.5069,
  longitude: -0.0272,
  entry: 'keycard',
  guestFee: { amount: 12, currency: 'GBP', per: 'day' },
  weeklyHours: { mon: '06:00-23:00', tue: '06:00-23:00', wed: '06:00-23:00', thu: '06:00-23:00', fri: '06:00-23:00', sat: '08:00-20:00', sun: 'closed' },
  equipmentPieces: [
    { item: 'rack', kind: 'power-rack', count: 2 },
    { item: 'rack', kind: 'smith-machine', count: 1 },
    { item: 'bench', kind: 'adjustable', count: 4 },
    { item: 'cable-station', kind: 'dual-adjustable', count: 2 },
    { item: 'treadmill', kind: null, count: 10 },
  ],
  lightestDumbbellKg: 2,
  heaviestDumbbellKg: 46,
  heaviestKettlebellKg: 32,
  plateKinds: ['bumper', 'calibrated'],
  platesTotalKg: 1200,
};

async function createListing(overrides: Record<string, unknown> = {}): Promise<Hotel> {
  const res = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ name: uniqueName(`Spec Gym ${tag}`), ...overrides }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const approve = async (id: number) => expect((await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
const publicHotel = async (id: number) => (await api<Hotel>('GET', `/api/hotels/${id}`)).body;

describe('gym facts and equipment specs', () => {
  it('round-trip: a partner gym’s place, entry, fee, week and counted equipment are stored and shown to everyone', async () => {
    const hotel = await createListing({ gymAccessType: 'partnered', rawEquipment: ['Power racks', 'Dumbbells 2-46kg', 'Treadmills'], gym: partnerGym });
    expect(hotel.gym).toMatchObject({ ...partnerGym, equipmentPieces: partnerGym.equipmentPieces });
    // The week is the hours' one source: the shown text is its summary, and no single daily range fits it.
    expect(hotel.gym).toMatchObject({ hours: 'Mon–Fri 06:00–23:00, Sat 08:00–20:00, Sun Closed', open24Hours: false, opensAt: null, closesAt: null });
    await approve(hotel.id);
    const shown = await publicHotel(hotel.id);
    expect(shown.gym).toEqual(hotel.gym);
    expect(shown.gym?.name).toBe('Riverside Health Club');
  });

  it('hours given as one daily range (older clients, free text) are every day of the week; a week that is the same each day sets the daily fields', async () => {
    const daily = await createListing({ gym: { opensAt: '06:00', closesAt: '22:00' } });
    expect(daily.gym?.weeklyHours).toEqual({ mon: '06:00-22:00', tue: '06:00-22:00', wed: '06:00-22:00', thu: '06:00-22:00', fri: '06:00-22:00', sat: '06:00-22:00', sun: '06:00-22:00' });
    const text = await createListing({ gym: { hours: '24 hours' } });
    expect(Object.values(text.gym?.weeklyHours ?? {})).toEqual(Array(7).fill('24h'));
    const week = await createListing({ gym: { weeklyHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '24h'])) } });
    expect(week.gym).toMatchObject({ open24Hours: true, hours: 'Open 24 hours' });
    const unknown = await createListing({ gym: { name: 'No hours yet' } });
    expect(unknown.gym?.weeklyHours).toBeNull();
  });

  it('one source for the dumbbells: the "≥40kg" label follows the heaviest dumbbell whenever it is known', async () => {
    // "Heavy dumbbells" would read as ≥40 kg, but the stated range stops at 30 kg.
    const light = await createListing({ rawEquipment: ['Heavy dumbbells'], gym: { lightestDumbbellKg: 2, heaviestDumbbellKg: 30 } });
    expect(light.equipment.strength).not.toContain('dumbbells ≥40kg');
    expect(light.gym?.heaviestDumbbellKg).toBe(30);
    // "Dumbbells 2.5-40kg" names no alias of the label, but its heaviest pair is 40 kg.
    const heavy = await createListing({ rawEquipment: ['Dumbbells 2.5-40kg'] });
    expect(heavy.equipment.strength).toContain('dumbbells ≥40kg');
    expect(heavy.gym).toBeNull();
    const unweighed = await createListing({ rawEquipment: ['Heavy dumbbells'] });
    expect(unweighed.equipment.strength).toContain('dumbbells ≥40kg');
  });

  it('the service reads the heaviest dumbbell from text as Postgres does (migration 006), so labels and filters agree', async () => {
    const { pool } = await catalog();
    for (const items of [['Dumbbells 2.5-40kg'], ['Heavy dumbbells to 60kg', 'Kettlebells 8-48kg'], ['Dumbbells to 100 lb'], ['Dumbbells'], ['Dumbbells 50kg', 'dumbbell rack 2x 30kg']]) {
      const { rows } = await pool.query<{ kg: number | null }>('SELECT heaviest_dumbbell_kg($1::text[]) AS kg', [items]);
      expect(rows[0]!.kg === null ? null : Number(rows[0]!.kg), items.join(', ')).toBe(heaviestDumbbellInText(items));
    }
  });

  it('null clears a fact; an omitted one stays', async () => {
    const hotel = await createListing({ gym: partnerGym });
    const res = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { gym: { guestFee: null, entry: null, equipmentPieces: [] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gym).toMatchObject({ guestFee: null, entry: null, equipmentPieces: [], address: partnerGym.address, heaviestKettlebellKg: 32 });
  });

  it.each([
    ['hours that do not parse', { weeklyHours: { mon: '6am-10pm' } }, 'gym.weeklyHours.mon', gymFactMessages.weeklyHoursInvalid],
    ['an unknown day', { weeklyHours: { funday: '06:00-22:00' } }, 'gym.weeklyHours.funday', gymFactMessages.weeklyHoursDayInvalid],
    ['an unknown kind of rack', { equipmentPieces: [{ item: 'rack', kind: 'cage', count: 2 }] }, 'gym.equipmentPieces.0.kind', gymFactMessages.pieceKindInvalid],
    ['an unknown item', { equipmentPieces: [{ item: 'hovercraft', count: 1 }] }, 'gym.equipmentPieces.0.item', gymFactMessages.pieceItemInvalid],
    ['a count of 500 benches', { equipmentPieces: [{ item: 'bench', kind: 'flat', count: 500 }] }, 'gym.equipmentPieces.0.count', gymFactMessages.pieceCountInvalid],
    ['a kettlebell of 300 kg', { heaviestKettlebellKg: 300 }, 'gym.heaviestKettlebellKg', gymFactMessages.kettlebellInvalid],
    ['a dumbbell range upside down', { lightestDumbbellKg: 30, heaviestDumbbellKg: 20 }, 'gym.lightestDumbbellKg', gymFactMessages.dumbbellRangeOrder],
    ['an unknown entry', { entry: 'retina scan' }, 'gym.entry', gymFactMessages.entryInvalid],
    ['a negative fee', { guestFee: { amount: -1, currency: 'USD', per: 'visit' } }, 'gym.guestFee.amount', gymFactMessages.guestFeeInvalid],
    ['a distance of 80 km', { distanceMetres: 80_000 }, 'gym.distanceMetres', gymFactMessages.distanceInvalid],
    ['half a point', { latitude: 51.5 }, 'gym.longitude', gymFactMessages.gymPointInvalid],
  ])('400 for %s, with the field path and message', async (_case, gym, path, message) => {
    const res = await api('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ gym }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a refused edit writes nothing, whatever else it carried', async () => {
    const hotel = await createListing({ gym: partnerGym });
    const res = await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { description: 'Changed', gym: { entry: 'staffed', weeklyHours: { mon: 'early' } } } });
    expect(res.status).toBe(400);
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotel.id)!;
    expect(own.description).toBe(hotel.description);
    expect(own.gym).toEqual(hotel.gym);
  });

  it('on a live listing the new facts wait for an admin: the public keeps the approved ones until the change is approved', async () => {
    const hotel = await createListing({ gymAccessType: 'nearby', gym: { name: 'Old Gym', entry: 'reception', equipmentPieces: [{ item: 'rack', kind: 'half-rack', count: 1 }] } });
    await approve(hotel.id);
    const edit = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, {
      token: provider.token,
      body: { gym: { entry: 'keycard', weeklyHours: { mon: '24h' }, equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 4 }], heaviestKettlebellKg: 40 } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.pendingRevision?.changes.map((c) => c.field)).toEqual(['gym']);
    expect((await publicHotel(hotel.id)).gym).toMatchObject({ entry: 'reception', equipmentPieces: [{ item: 'rack', kind: 'half-rack', count: 1 }], heaviestKettlebellKg: null });

    const queue = (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === hotel.id)!;
    const change = queue.changes.find((c) => c.field === 'gym')!;
    expect(change.from).toMatchObject({ entry: 'reception' });
    expect(change.to).toMatchObject({ entry: 'keycard', weeklyHours: { mon: '24h' }, heaviestKettlebellKg: 40, name: 'Old Gym' });

    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await publicHotel(hotel.id)).gym).toMatchObject({ entry: 'keycard', weeklyHours: { mon: '24h' }, equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 4 }], heaviestKettlebellKg: 40 });
  });

  it('an admin writes the facts directly', async () => {
    const hotel = (await adminCreateHotel({ name: uniqueName(`Admin Spec ${tag}`), gym: { entry: 'staffed' } })) as Hotel;
    const res = await api<Hotel>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { gym: { equipmentPieces: [{ item: 'platform', count: 2 }], plateKinds: ['iron'] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gym).toMatchObject({ entry: 'staffed', equipmentPieces: [{ item: 'platform', kind: null, count: 2 }], plateKinds: ['iron'] });
  });
});

describe('search on the gym specs, with the hotels that state nothing counted apart', () => {
  const word = `Specfilter${tag}`;
  const ids: Record<string, number> = {};
  const search = async (params: Record<string, string>) => (await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ query: word, pageSize: '100', ...params })}`)).body;
  const found = (answer: HotelSearchAnswer) => answer.items.map((h) => h.id).sort((a, b) => a - b);
  const of = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

  beforeAll(async () => {
    const every = (hours: string) => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, hours]));
    const gyms: Record<string, Record<string, unknown> | undefined> = {
      strong: { entry: 'keycard', weeklyHours: every('05:00-23:00'), heaviestDumbbellKg: 50, equipmentPieces: [{ item: 'rack', kind: 'power-rack', count: 3 }, { item: 'bench', kind: 'adjustable', count: 2 }] },
      modest: { entry: 'staffed', weeklyHours: every('06:00-22:00'), heaviestDumbbellKg: 30, equipmentPieces: [{ item: 'rack', kind: 'half-rack', count: 1 }, { item: 'bench', kind: 'flat', count: 2 }] },
      silent: undefined,
      early: { entry: 'reception', weeklyHours: { ...every('05:30-21:00'), sun: 'closed' } },
    };
    for (const [key, gym] of Object.entries(gyms)) {
      const hotel = await createListing({ name: uniqueName(`${word} ${key}`), ...(gym ? { gym } : {}) });
      await approve(hotel.id);
      ids[key] = hotel.id;
    }
  });

  it('counts every value as the other filters do, and hotels without data per spec', async () => {
    const all = await search({});
    expect(all.total).toBe(4);
    expect(all.filterFacets).toMatchObject({ minRacks: { '1': 2, '2': 1, '4': 0 }, adjustableBench: 1, openEarly: 2, openLate: 1, entry: { keycard: 1, staffed: 1, reception: 1 } });
    expect(all.unknownFacts).toEqual({ minDumbbellKg: 2, minRacks: 2, adjustableBench: 2, openEarly: 1, openLate: 1, entry: 1 });
  });

  it('at least N racks, an adjustable bench, open early or late, a way in: matches, and says how many more have no data', async () => {
    const racks = await search({ minRacks: '2' });
    expect(found(racks)).toEqual(of('strong'));
    expect(racks.filters.minRacks).toBe(2);
    expect(racks.unknownFacts?.minRacks).toBe(2);
    const bench = await search({ adjustableBench: 'true' });
    expect(found(bench)).toEqual(of('strong'));
    expect(bench.unknownFacts?.adjustableBench).toBe(2);
    // Early: before 06:00 on every day the gym opens (a closed Sunday does not count against it).
    expect(found(await search({ openEarly: 'true' }))).toEqual(of('strong', 'early'));
    // Late: after 22:00; closing at 22:00 is not after it.
    expect(found(await search({ openLate: 'true' }))).toEqual(of('strong'));
    const entry = await search({ entry: 'staffed,keycard,fingerprint' });
    expect(found(entry)).toEqual(of('strong', 'modest'));
    expect(entry.filters.entry).toEqual(['keycard', 'staffed']);
    expect(entry.unknownFacts?.entry).toBe(1);
    const heavy = await search({ minDumbbellKg: '40' });
    expect(found(heavy)).toEqual(of('strong'));
    expect(heavy.unknownFacts?.minDumbbellKg).toBe(2);
  });

  it('the no-data count of a spec is taken with every other filter applied', async () => {
    const answer = await search({ minRacks: '1', openEarly: 'true' });
    expect(found(answer)).toEqual(of('strong'));
    // Of the early-opening hotels, one ("early") has no rack count: it is said, not dropped silently.
    expect(answer.unknownFacts?.minRacks).toBe(1);
    expect(answer.filterFacets.openEarly).toBe(1);
  });

  it('400 for a rack count that is not a whole number from 1 to 20', async () => {
    for (const bad of ['abc', '2.5', '0', '50']) {
      const res = await api('GET', `/api/hotels/search?minRacks=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(gymFactMessages.searchMinRacksInvalid);
    }
  });
});
