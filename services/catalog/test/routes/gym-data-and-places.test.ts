import { beforeAll, describe, expect, it } from 'vitest';
import { listingMessages, type City, type Hotel, type HotelRevision, type HotelSearchAnswer } from '@reproute/contracts';
import { adminCreateHotel, api, catalog, listingBody, newProvider, tokenFor, uniqueName } from './support.ts';

/**
 * Structured gym data and places: the listing forms' gym facts round-trip,
 * feed search, facets and the gym score once the listing is live (edits of a live listing only
 * after an admin approves them); "another city" creates the city once whatever its case or accents;
 * admins merge duplicate cities; a listing never goes without a city and a country.
 */
// The catalog's own pool (its schema first on the search path).
const db = { query: async (text: string, values?: unknown[]) => (await catalog()).pool.query(text, values) };
const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let admin: string;
let provider: { token: string; id: string; email: string };

beforeAll(async () => {
  admin = await tokenFor('admin');
  provider = await newProvider();
});

const structuredGym = {
  open24Hours: false,
  opensAt: '6:00',
  closesAt: '22:30',
  sizeSqm: '1200',
  heaviestDumbbellKg: 52.5,
  hasPool: true,
  hasSauna: true,
  hasPersonalTrainer: true,
  hasFitnessClasses: true,
};
const checklist = ['squat rack', 'barbell set', 'platform', 'dumbbells ≥40kg', 'rower', 'sauna', 'pool'];

async function createListing(overrides: Record<string, unknown> = {}): Promise<Hotel> {
  const res = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ name: uniqueName(`Structured Gym ${tag}`), ...overrides }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const search = async (params: Record<string, string>) =>
  (await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`)).body;
const approve = async (id: number) => expect((await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
const points = (hotel: Hotel, key: string) => hotel.gymScoreBreakdown.find((c) => c.key === key);

describe('structured gym data', () => {
  it('round-trips the checklist, hours, size, heaviest dumbbell and the four services, and writes the shown text from them', async () => {
    const hotel = await createListing({ rawEquipment: [...checklist, 'Sled lane'], gym: structuredGym });
    expect(hotel.rawEquipment).toEqual([...checklist, 'Sled lane']);
    // A ticked label means that label only: "dumbbells ≥40kg" does not also tick "free weights".
    expect(hotel.equipment).toEqual({ strength: ['squat rack', 'barbell set', 'dumbbells ≥40kg', 'platform'], cardio: ['rower'], specialty: [], recovery: ['pool', 'sauna'] });
    expect(hotel.gym).toMatchObject({
      open24Hours: false,
      opensAt: '06:00',
      closesAt: '22:30',
      hours: '06:00–22:30',
      sizeSqm: 1200,
      size: '1,200 sqm',
      heaviestDumbbellKg: 52.5,
      hasPool: true,
      hasSauna: true,
      hasPersonalTrainer: true,
      hasFitnessClasses: true,
    });
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotel.id)!;
    expect(own.gym).toEqual(hotel.gym);
    expect(hotel.gymHighlights.map((h) => h.label)).toEqual(['06:00–22:30', '1,200 sqm', 'Dumbbells to 52.5 kg']);
  });

  it('a pending listing is not searched; once approved, search filters, facets and the gym score use its stated facts', async () => {
    const name = `Facts Hotel ${tag}`;
    const hotel = await createListing({ name, rawEquipment: checklist, gym: { ...structuredGym, open24Hours: true, opensAt: null, closesAt: null } });
    expect(hotel.gym).toMatchObject({ open24Hours: true, opensAt: null, closesAt: null, hours: 'Open 24 hours' });
    expect((await search({ query: name })).total).toBe(0);

    await approve(hotel.id);
    const found = await search({ query: name, open24h: 'true', gymSize: 'large', minDumbbellKg: '50' });
    expect(found.items.map((h) => h.id)).toEqual([hotel.id]);
    expect(found.filterFacets.open24h).toBe(1);
    expect(found.filterFacets.gymSize.large).toBe(1);
    expect(found.filterFacets.minDumbbellKg['50']).toBe(1);
    expect(found.facets['platform']).toBe(1);
    const live = found.items[0]!;
    expect(points(live, 'size')).toMatchObject({ points: 0.75, reason: '1,200 sqm: a large gym' });
    expect(points(live, 'hours')).toMatchObject({ points: 0.5, reason: 'Open 24 hours' });
    expect(points(live, 'strength')?.reason).toContain('dumbbells to 52.5 kg');
  });

  it('edits of a live listing wait for review: search and the score keep the approved facts until an admin approves the change', async () => {
    const name = `Reviewed Gym ${tag}`;
    const hotel = await createListing({ name, rawEquipment: ['treadmill'], gym: { opensAt: '07:00', closesAt: '21:00', sizeSqm: 200 } });
    await approve(hotel.id);
    const before = (await search({ query: name })).items[0]!;
    expect(points(before, 'size')?.points).toBe(0.25);

    const edit = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, {
      token: provider.token,
      body: { description: 'Now with a platform.', gymEquipment: ['treadmill', 'platform', 'squat rack'], gym: { open24Hours: true, sizeSqm: 1500, heaviestDumbbellKg: 60 } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.description).toBe('Now with a platform.');
    expect(edit.body.pendingRevision?.changes.map((c) => c.field)).toEqual(['rawEquipment', 'gym']);
    expect(edit.body.gym).toMatchObject({ open24Hours: false, sizeSqm: 200, heaviestDumbbellKg: null });
    expect((await search({ query: name, open24h: 'true' })).total).toBe(0);
    expect((await search({ query: name, eq: 'platform' })).total).toBe(0);

    const queue = (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === hotel.id)!;
    const gymChange = queue.changes.find((c) => c.field === 'gym')!;
    expect(gymChange.from).toMatchObject({ open24Hours: false, opensAt: '07:00', sizeSqm: 200 });
    expect(gymChange.to).toMatchObject({ open24Hours: true, opensAt: null, hours: 'Open 24 hours', sizeSqm: 1500, size: '1,500 sqm', heaviestDumbbellKg: 60 });

    expect((await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const after = await search({ query: name, open24h: 'true', gymSize: 'large', minDumbbellKg: '50', eq: 'platform' });
    expect(after.items.map((h) => h.id)).toEqual([hotel.id]);
    expect(points(after.items[0]!, 'size')?.points).toBe(0.75);
    expect(points(after.items[0]!, 'hours')?.points).toBe(0.5);
    expect(after.items[0]!.gymScore).toBeGreaterThan(before.gymScore);
  });

  it('an edit that echoes the live gym facts is not a change; a pending listing takes gym edits at once', async () => {
    const hotel = await createListing({ gym: structuredGym });
    const pendingEdit = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { gym: { sizeSqm: 300 } } });
    expect(pendingEdit.body).toMatchObject({ pendingRevision: null, gym: { sizeSqm: 300, size: '300 sqm', opensAt: '06:00' } });
    await approve(hotel.id);
    const echo = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { gym: { ...structuredGym, sizeSqm: 300 } } });
    expect(echo.status).toBe(200);
    expect(echo.body.pendingRevision).toBeNull();
  });

  it('an admin edits the gym data directly and it is live at once', async () => {
    const hotel = (await adminCreateHotel({ name: uniqueName(`Admin Gym ${tag}`), gym: { opensAt: '05:00', closesAt: '23:00' } })) as Hotel;
    const res = await api<Hotel>('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { gym: { open24Hours: true, heaviestDumbbellKg: 45 }, rawEquipment: ['kettlebells'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gym).toMatchObject({ open24Hours: true, hours: 'Open 24 hours', heaviestDumbbellKg: 45 });
    expect((await search({ query: hotel.name, open24h: 'true', minDumbbellKg: '40', eq: 'kettlebells' })).total).toBe(1);
  });

  it.each([
    ['an opening time without a closing time', { opensAt: '06:00' }, listingMessages.gymHoursIncomplete],
    ['a time that is not a time', { opensAt: '25:00', closesAt: '22:00' }, listingMessages.gymTimeInvalid],
    ['the same opening and closing time', { opensAt: '06:00', closesAt: '06:00' }, listingMessages.gymHoursSame],
    ['a size of 0', { sizeSqm: 0 }, listingMessages.gymSizeInvalid],
    ['a size with decimals', { sizeSqm: 12.5 }, listingMessages.gymSizeInvalid],
    ['a size that is not a number', { sizeSqm: 'big' }, listingMessages.gymSizeInvalid],
    ['a dumbbell of 500 kg', { heaviestDumbbellKg: 500 }, listingMessages.gymDumbbellInvalid],
  ])('400 for %s, with the field path', async (_case, gym, message) => {
    const res = await api('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ gym }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0].path).toMatch(/^gym\./);
  });

  it('a refused edit writes nothing', async () => {
    const hotel = await createListing({ gym: structuredGym });
    const res = await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { name: 'Renamed', gym: { closesAt: 'late' } } });
    expect(res.status).toBe(400);
    const own = (await api<Hotel[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotel.id)!;
    expect(own.name).toBe(hotel.name);
    expect(own.gym).toEqual(hotel.gym);
  });
});

describe('places', () => {
  const cities = async (token?: string) => (await api<City[]>('GET', '/api/cities', { token })).body;

  it('"another city" creates the city with its country and the coordinates given, once, whatever the case or accents', async () => {
    const name = `Zürich ${tag}`;
    const first = await createListing({ city: name, country: 'Switzerland', latitude: 47.3769, longitude: 8.5417 });
    expect(first.cityId).toEqual(expect.any(Number));
    expect(first).toMatchObject({ city: name, country: 'Switzerland' });
    // A place only listings in review name is its provider's and the admins' to see, not the public's.
    const city = (await cities(provider.token)).find((c) => c.id === first.cityId)!;
    expect(city).toMatchObject({ name, country: 'Switzerland', latitude: 47.3769, longitude: 8.5417, hotelCount: 0 });
    expect((await cities()).map((c) => c.id)).not.toContain(first.cityId);

    const again = await createListing({ city: `  ZURICH ${tag.toUpperCase()} `, country: 'switzerland' });
    expect(again).toMatchObject({ cityId: first.cityId, city: name, country: 'Switzerland' });

    // Five listings naming one new place at once still make one city.
    const racing = `Rāce Town ${tag}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ name: uniqueName(`Race ${i}`), city: racing, country: 'Norway' }) })),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect(new Set(answers.map((a) => a.body.cityId)).size).toBe(1);
    expect((await cities(admin)).filter((c) => c.name.endsWith(tag) && c.name.startsWith('R')).length).toBe(1);
  });

  it('a listing moves to a listed city or to a new one; admins see how many listings each city has', async () => {
    const hotel = await createListing();
    const moved = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { cityId: null, city: `Bergen ${tag}`, country: 'Norway' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ city: `Bergen ${tag}`, country: 'Norway' });
    const back = await api<Hotel>('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { cityId: 2 } });
    expect(back.body).toMatchObject({ cityId: 2, city: 'London', country: 'United Kingdom' });
    const bergen = (await cities(admin)).find((c) => c.name === `Bergen ${tag}`)!;
    expect(bergen.listingCount).toBe(0);
    expect((await cities()).find((c) => c.id === bergen.id)).toBeUndefined();
    expect((await cities()).find((c) => c.id === 2)).not.toHaveProperty('listingCount');
  });

  it.each([
    ['no city at all', { city: undefined, country: undefined }, 'cityId', listingMessages.cityRequired],
    ['a new city without its country', { city: `Nowhere ${Date.now()}`, country: undefined }, 'country', listingMessages.countryRequired],
    ['a country without a city', { city: undefined, country: 'Norway' }, 'city', listingMessages.cityNameRequired],
    ['a city name too long', { city: 'c'.repeat(121), country: 'Norway' }, 'city', listingMessages.cityNameMax],
  ])('400 for a listing with %s', async (_case, place, path, message) => {
    for (const [route, token] of [['/api/provider/hotels', provider.token], ['/api/hotels', admin]] as const) {
      const res = await api('POST', route, { token, body: listingBody(place) });
      expect(res.status, route).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ path, message });
    }
  });

  it('an edit cannot clear the city, and a new city needs its country', async () => {
    const hotel = await createListing();
    const cleared = await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { cityId: null } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.message).toBe(listingMessages.cityRequired);
    const noCountry = await api('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { city: 'Somewhere New' } });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.message).toBe(listingMessages.countryRequired);
  });

  it('the database refuses a hotel without a city or a country', async () => {
    const hotel = await createListing();
    await expect(db.query('UPDATE hotels SET country = NULL WHERE id = $1', [hotel.id])).rejects.toThrow(/city and a country/);
    await expect(db.query("UPDATE hotels SET city = ' ' WHERE id = $1", [hotel.id])).rejects.toThrow(/city and a country/);
  });

  it('an admin merges a duplicate city: its listings and waiting changes move, the duplicate is gone, other services hear of it', async () => {
    const keep = await createListing({ city: `Saint Tagsburg ${tag}`, country: 'Russia' });
    const dupe = await createListing({ city: `St Tagsburg ${tag}`, country: 'Russia', latitude: 59.93, longitude: 30.33 });
    await approve(dupe.id);
    const waiting = await createListing();
    await approve(waiting.id);
    const proposal = await api<Hotel>('PUT', `/api/provider/hotels/${waiting.id}`, { token: provider.token, body: { cityId: dupe.cityId } });
    expect(proposal.body.pendingRevision?.changes.map((c) => c.field)).toContain('cityId');

    expect((await api('POST', '/api/cities/merge', { body: { fromCityId: dupe.cityId, intoCityId: keep.cityId } })).status).toBe(401);
    expect((await api('POST', '/api/cities/merge', { token: provider.token, body: { fromCityId: dupe.cityId, intoCityId: keep.cityId } })).status).toBe(403);
    const same = await api('POST', '/api/cities/merge', { token: admin, body: { fromCityId: keep.cityId, intoCityId: keep.cityId } });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(listingMessages.cityMergeSame);
    const unknown = await api('POST', '/api/cities/merge', { token: admin, body: { fromCityId: 987654321, intoCityId: keep.cityId } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(listingMessages.cityMergeNotFound);

    const merged = await api<{ city: City; movedListings: number }>('POST', '/api/cities/merge', { token: admin, body: { fromCityId: dupe.cityId, intoCityId: keep.cityId } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.movedListings).toBe(1);
    expect(merged.body.city).toMatchObject({ id: keep.cityId, name: `Saint Tagsburg ${tag}`, latitude: 59.93, longitude: 30.33, listingCount: 2, hotelCount: 1 });
    expect((await cities()).some((c) => c.id === dupe.cityId)).toBe(false);
    const movedHotel = (await api<Hotel>('GET', `/api/hotels/${dupe.id}`)).body;
    expect(movedHotel).toMatchObject({ cityId: keep.cityId, city: `Saint Tagsburg ${tag}`, country: 'Russia' });
    expect((await search({ query: `Saint Tagsburg ${tag}` })).items.map((h) => h.id)).toEqual([dupe.id]);
    const queue = (await api<HotelRevision[]>('GET', '/api/admin/hotels/revisions', { token: admin })).body.find((r) => r.hotelId === waiting.id)!;
    expect(queue.changes.find((c) => c.field === 'cityId')?.to).toBe(keep.cityId);
    const { rows } = await db.query("SELECT 1 FROM outbox WHERE event_type = 'hotel.updated' AND payload->'data'->>'hotelId' = $1 AND payload->'data'->>'city' = $2", [String(dupe.id), `Saint Tagsburg ${tag}`]);
    expect(rows.length).toBeGreaterThan(0);
    const audit = (await api<{ items: { hotelId: number; action: string; detail: string | null }[] }>('GET', '/api/admin/hotels/audit?pageSize=50', { token: admin })).body.items;
    expect(audit.find((e) => e.hotelId === dupe.id)).toMatchObject({ action: 'edited', detail: `City St Tagsburg ${tag}, Russia merged into Saint Tagsburg ${tag}, Russia` });
  });
});
