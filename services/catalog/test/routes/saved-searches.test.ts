import { beforeAll, describe, expect, it } from 'vitest';
import { catalogExport, messages, savedSearchLimit, savedSearchPath, type Hotel, type SavedSearch } from '@reproute/contracts';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, catalog, listingBody } from './support.ts';

/**
 * Saved searches in the catalog: the endpoints (who may save, the limit, edit, pause, delete, bad input), and the
 * matching of approved hotels against them on the bus with the search page's own rules: a saved search tells about a
 * hotel exactly when `GET /api/hotels/search` with the same parameters finds it.
 */
let traveller: TestUser;
let admin: TestUser;
let provider: TestUser;

beforeAll(async () => {
  const sut = await catalog();
  traveller = await sut.asTraveller();
  admin = await sut.asAdmin();
  provider = await sut.asProvider();
});

const save = (as: TestUser, body: unknown) => api('POST', '/api/saved-searches', { token: as.token, body });

/** Letters only, so a name search finds this test's listings alone. */
const word = (prefix: string) => `${prefix}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;

describe('POST /api/saved-searches', () => {
  it('saves the search page\'s parameters for a verified account, with instant alerts by default', async () => {
    const res = await save(traveller, { name: '  Heavy dumbbells in Tokyo ', params: { query: 'Tokyo', eq: 'squat rack,dumbbells ≥40kg', minDumbbellKg: '40', page: undefined } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Heavy dumbbells in Tokyo',
      params: { query: 'Tokyo', eq: 'squat rack,dumbbells ≥40kg', minDumbbellKg: '40' },
      searchPath: '/search?query=Tokyo&eq=squat%20rack,dumbbells%20%E2%89%A540kg&minDumbbellKg=40',
      alerts: 'instant',
      hotelsNotified: 0,
    });
    const list = await api('GET', '/api/saved-searches', { token: traveller.token });
    expect(list.body).toEqual({ items: [res.body], limit: savedSearchLimit });
    // The same parameters again are the same search.
    const again = await save(traveller, { name: 'Again', params: { eq: 'squat rack,dumbbells ≥40kg', query: 'Tokyo', minDumbbellKg: '40' } });
    expect([again.status, again.body.message]).toEqual([409, messages.savedSearchDuplicate]);
  });

  it('tells a visitor and an unverified account why not', async () => {
    expect((await api('POST', '/api/saved-searches', { body: { name: 'x', params: {} } })).status).toBe(401);
    const unverified = await (await catalog()).asTraveller({ emailVerified: false });
    const res = await save(unverified, { name: 'Mine', params: { query: 'London' } });
    expect([res.status, res.body.message]).toEqual([403, messages.savedSearchNeedsVerifiedEmail]);
    expect((await api('GET', '/api/saved-searches', { token: unverified.token })).body.items).toEqual([]);
  });

  it('refuses what the search page would refuse, with its messages, and stores nothing', async () => {
    const someone = await (await catalog()).asTraveller();
    const cases: [unknown, string][] = [
      [{ name: 'x', params: { query: 'Paris', page: '2' } }, messages.savedSearchParamsInvalid],
      [{ name: 'x', params: { minPrice: 'cheap' } }, messages.searchPriceInvalid],
      [{ name: 'x', params: { minPrice: '300', maxPrice: '100' } }, messages.searchPriceRangeInvalid],
      [{ name: 'x', params: { lat: '51.5' } }, messages.searchPointInvalid],
      [{ name: 'x', params: { minRating: '9' } }, messages.searchRatingInvalid],
      [{ name: 'x', params: { query: 7 } }, messages.savedSearchParamsInvalid],
      [{ name: '   ', params: { query: 'Paris' } }, messages.savedSearchNameRequired],
      [{ name: 'n'.repeat(81), params: { query: 'Paris' } }, messages.savedSearchNameMax],
      [{ name: 'x', params: { query: 'Paris' }, alerts: 'daily' }, messages.savedSearchAlertInvalid],
      [{ name: 'x' }, 'Invalid input: expected record, received undefined'],
    ];
    for (const [body, message] of cases) {
      const res = await save(someone, body);
      expect([res.status, res.body.errors?.[0]?.message ?? res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await api('GET', '/api/saved-searches', { token: someone.token })).body.items).toEqual([]);
  });

  it(`keeps at most ${savedSearchLimit} per account, also when saves race`, async () => {
    const busy = await (await catalog()).asTraveller();
    for (let i = 1; i < savedSearchLimit; i += 1) expect((await save(busy, { name: `Search ${i}`, params: { query: `place${i}` } })).status).toBe(201);
    const racing = await Promise.all([1, 2, 3, 4, 5].map((i) => save(busy, { name: `Race ${i}`, params: { query: `race${i}` } })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(racing.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(4).fill(messages.savedSearchLimit));
    expect((await api('GET', '/api/saved-searches', { token: busy.token })).body.items).toHaveLength(savedSearchLimit);
    // Deleting one makes room again.
    const [newest] = (await api('GET', '/api/saved-searches', { token: busy.token })).body.items;
    expect((await api('DELETE', `/api/saved-searches/${newest.id}`, { token: busy.token })).status).toBe(204);
    expect((await save(busy, { name: 'One more', params: { query: 'more' } })).status).toBe(201);
  });
});

describe('PATCH and DELETE /api/saved-searches/{id}', () => {
  it('renames, pauses and resumes the owner\'s search; another account\'s or an unknown one is not found', async () => {
    const owner = await (await catalog()).asTraveller();
    const other = await (await catalog()).asTraveller();
    const made = (await save(owner, { name: 'Rome gyms', params: { query: 'Rome' }, alerts: 'weekly' })).body;
    expect(made.alerts).toBe('weekly');
    const renamed = await api('PATCH', `/api/saved-searches/${made.id}`, { token: owner.token, body: { name: 'Rome lifting' } });
    expect(renamed.body).toMatchObject({ id: made.id, name: 'Rome lifting', alerts: 'weekly' });
    const paused = await api('PATCH', `/api/saved-searches/${made.id}`, { token: owner.token, body: { alerts: 'paused' } });
    expect(paused.body).toMatchObject({ name: 'Rome lifting', alerts: 'paused' });
    const empty = await api('PATCH', `/api/saved-searches/${made.id}`, { token: owner.token, body: {} });
    expect([empty.status, empty.body.message]).toEqual([400, messages.savedSearchChangeRequired]);
    for (const [token, id] of [[other.token, made.id], [owner.token, '00000000-0000-4000-8000-000000000000'], [owner.token, 'not-an-id']] as const) {
      const res = await api('PATCH', `/api/saved-searches/${id}`, { token, body: { alerts: 'instant' } });
      expect([res.status, res.body.message]).toEqual([404, messages.savedSearchNotFound]);
      expect((await api('DELETE', `/api/saved-searches/${id}`, { token })).status).toBe(404);
    }
    expect((await api('GET', `/api/saved-searches`, { token: owner.token })).body.items[0]).toMatchObject({ alerts: 'paused' });
    expect((await api('DELETE', `/api/saved-searches/${made.id}`, { token: owner.token })).status).toBe(204);
    expect((await api('DELETE', `/api/saved-searches/${made.id}`, { token: owner.token })).status).toBe(404);
    // Each change of the alerts, and the deletion, is announced for the digest's kept matches (a rename is not).
    const changes = (await (await catalog()).events('saved-search.changed')).filter((e) => e.data.savedSearchId === made.id).map((e) => e.data.alerts);
    expect(changes).toEqual(['paused', 'deleted']);
    expect((await api('GET', `/api/saved-searches`, { token: owner.token })).body.items).toEqual([]);
  });
});

/** A provider's listing in a place of its own, approved by the admin; answers the hotel and the alerts it caused. */
async function approvedListing(body: Record<string, unknown>) {
  const sut = await catalog();
  const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody(body) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await sut.events();
  const before = (await sut.events('saved-search.matched')).length;
  expect((await api('PUT', `/api/hotels/${made.body.id}/approval`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
  // The approval reaches the matching consumer; the alerts it wrote are published in the next round.
  await sut.events();
  const alerts = (await sut.events('saved-search.matched')).slice(before);
  return { hotel: made.body, alerts };
}

describe('matching approved hotels', () => {
  it('tells exactly the searches the search page would find the hotel with, once each; paused ones not', async () => {
    const place = word('Matchville');
    const searcher = await (await catalog()).asTraveller();
    const paramSets: Record<string, Record<string, string>> = {
      place: { query: place },
      rack: { query: place, eq: 'squat rack' },
      rackOrSmith: { query: place, eq: 'squat rack,smith machine' },
      rackAndPool: { query: place, eq: 'squat rack,pool' },
      words: { query: `${place} Testland` },
      otherWords: { query: `${place} Nowhereland` },
      cheap: { query: place, maxPrice: '100' },
      pricey: { query: place, minPrice: '150', currency: 'GBP' },
      onSite: { query: place, gymAccessType: 'on-site' },
      partnered: { query: place, gymAccessType: 'partnered' },
      open24h: { query: place, open24h: 'true' },
      large: { query: place, gymSize: 'large' },
      heavy: { query: place, minDumbbellKg: '40' },
      sortedByPrice: { query: place, sort: 'price' },
      elsewhere: { query: word('Elsewhere') },
    };
    const ids: Record<string, string> = {};
    for (const [name, params] of Object.entries(paramSets)) {
      const res = await save(searcher, { name, params });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[name] = res.body.id;
    }
    const pausedSearch = (await save(searcher, { name: 'paused', params: { query: place, eq: 'treadmill' }, alerts: 'paused' })).body;

    const { hotel, alerts } = await approvedListing({
      name: `${place} Strength Hall`,
      city: place,
      pricePerNight: 120,
      currency: 'USD',
      rawEquipment: ['Power rack', 'Treadmill', 'Dumbbells up to 40kg'],
      gym: { open24Hours: true, sizeSqm: 1200 },
    });

    // What the search page finds with each saved search's URL.
    const expected: string[] = [];
    for (const [name, params] of Object.entries(paramSets)) {
      const found = await api('GET', `/api/hotels/search?${new URLSearchParams(params).toString()}`);
      expect(found.status).toBe(200);
      if (found.body.items.some((h: Hotel) => h.id === hotel.id)) expected.push(name);
    }
    // The rules decide both ways: some searches find the hotel, some do not.
    expect(expected).toEqual(expect.arrayContaining(['place', 'rack', 'rackOrSmith', 'words', 'onSite', 'sortedByPrice']));
    expect(expected).not.toEqual(expect.arrayContaining(['rackAndPool', 'otherWords', 'partnered', 'elsewhere']));
    const told = alerts.filter((a) => a.data.userId === searcher.id).map((a) => Object.entries(ids).find(([, id]) => id === a.data.savedSearchId)![0]);
    expect(told.sort()).toEqual(expected.sort());
    expect(alerts.some((a) => a.data.savedSearchId === pausedSearch.id)).toBe(false);
    expect(alerts[0]!.data).toMatchObject({ email: searcher.email, delivery: 'instant', hotel: { hotelId: hotel.id, name: hotel.name, city: place } });
    expect(alerts.find((a) => a.data.savedSearchId === ids.rack)!.data.searchPath).toBe(savedSearchPath(paramSets.rack!));

    // Each hotel at most once per search: approving again (rejected, then approved) tells nobody again.
    const sut = await catalog();
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin.token, body: { isApproved: false, reason: 'Checking photos' } })).status).toBe(200);
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
    await sut.events();
    const later = (await sut.events('saved-search.matched')).filter((a) => a.data.hotel.hotelId === hotel.id);
    expect(later).toHaveLength(alerts.length);
    const list = (await api('GET', '/api/saved-searches', { token: searcher.token })).body.items as SavedSearch[];
    expect(list.find((s) => s.id === ids.place)!.hotelsNotified).toBe(1);
    expect(list.find((s) => s.id === ids.elsewhere)!.hotelsNotified).toBe(0);
  });

  it('sends a weekly search\'s matches to the digest and tells nothing for a hotel approved before the search was saved', async () => {
    const place = word('Weekville');
    const early = await approvedListing({ name: `${place} Early Gym`, city: place });
    expect(early.alerts).toEqual([]);
    const weekly = await (await catalog()).asTraveller();
    const search = (await save(weekly, { name: 'Weekly', params: { query: place }, alerts: 'weekly' })).body;
    const { alerts } = await approvedListing({ name: `${place} Late Gym`, city: place });
    expect(alerts.map((a) => [a.data.savedSearchId, a.data.delivery])).toEqual([[search.id, 'weekly']]);
  });
});

describe('the account\'s saved searches and its data', () => {
  it('follow an email change, are in the export with what they told about, and go with the account', async () => {
    const sut = await catalog();
    const place = word('Exportville');
    const person = await sut.asTraveller();
    const search = (await save(person, { name: 'Export me', params: { query: place } })).body;
    const { hotel } = await approvedListing({ name: `${place} Gym`, city: place });

    await sut.bus.publishEvent('user.email_verified', { userId: person.id, email: 'new.address@example.com', firstName: null, previousEmail: person.email }, { key: person.id });
    await sut.settled();
    const part = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: person.token })).body);
    expect(part.savedSearches).toEqual([
      expect.objectContaining({ id: search.id, name: 'Export me', alertEmail: 'new.address@example.com', hotelsMatched: [expect.objectContaining({ hotelId: hotel.id, delivery: 'instant' })] }),
    ]);

    await sut.bus.publishEvent('user.deletion-requested', { userId: person.id, emails: [person.email, 'new.address@example.com'], isProvider: false, requestedAt: new Date().toISOString() }, { key: person.id });
    await sut.settled();
    expect((await api('GET', '/api/saved-searches', { token: person.token })).body.items).toEqual([]);
    const { rows } = await sut.pool.query('SELECT count(*)::int AS n FROM saved_search_hits WHERE saved_search_id = $1', [search.id]);
    expect(rows[0].n).toBe(0);
  });
});
