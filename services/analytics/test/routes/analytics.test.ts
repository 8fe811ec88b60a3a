import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { analyticsUnderTest } from './support.ts';

const providerId = '00000000-0000-4000-8000-000000000002';
const [ownHotel, otherHotel] = [1, 2];
const now = () => new Date().toISOString();

let sut: Awaited<ReturnType<typeof analyticsUnderTest>>;
let adminToken: string;
let providerToken: string;
let travellerToken: string;

interface HotelRow {
  hotelId: number;
  name: string | null;
  pageViews: number;
  referralClicks: number;
  leads: number;
  favoritesAdded: number;
}

async function providerFigures(hotelId: number): Promise<HotelRow | undefined> {
  const res = await sut.api('GET', '/api/provider/analytics?days=2', { token: providerToken });
  expect(res.status).toBe(200);
  return res.body.hotels.find((h: HotelRow) => h.hotelId === hotelId);
}

function leadEvent(hotelId: number) {
  return envelope('lead.created', {
    leadId: randomUUID(), hotelId, hotelName: `Test Hotel ${hotelId}`, contactEmail: `hotel-${hotelId}@example.com`,
    userId: null, name: 'Dup Test', email: 'dup@example.com', message: null, checkInDate: null, checkOutDate: null, guests: null,
  });
}

beforeAll(async () => {
  sut = await analyticsUnderTest();
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(ownHotel, { providerId, providerEmail: 'provider@reproute.example' })), ownHotel);
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(otherHotel, { providerId: randomUUID() })), otherHotel);
  [adminToken, providerToken, travellerToken] = await Promise.all([
    sut.asAdmin().then((r) => r.token),
    sut.asProvider({ id: providerId }).then((r) => r.token),
    sut.asTraveller().then((r) => r.token),
  ]);
  await eventually(async () => (await providerFigures(ownHotel)) !== undefined, 20_000, 'test hotel in the analytics projection');
});

afterAll(async () => {
  await sut?.close();
});

describe('POST /api/analytics/batch', () => {
  const batch = () => ({
    sessionId: `session-${randomUUID()}`,
    userId: null,
    pageViews: [
      { url: '/search?query=london', title: 'Search', timestamp: now() },
      { url: '/', title: 'Home', timestamp: now() },
    ],
    conversions: [{ type: 'booking_redirect', hotelId: ownHotel, value: 'https://book.example.com', timestamp: now() }],
    searches: [{ query: 'London', equipment: ['sauna'], resultCount: 4, timestamp: now() }],
    interactions: [{ type: 'favorite_toggle', target: `hotel:${ownHotel}`, timestamp: now() }],
  });

  it('accepts JSON with 202 and stores a re-sent record once', async () => {
    const body = batch();
    const first = await sut.api('POST', '/api/analytics/batch', { body });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ accepted: 5 });
    const again = await sut.api('POST', '/api/analytics/batch', { body: { ...body, pageViews: [...body.pageViews, { url: '/favorites', title: 'Favourites', timestamp: now() }] } });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ accepted: 1 });
  });

  it('accepts a sendBeacon body sent as text/plain', async () => {
    const res = await sut.api('POST', '/api/analytics/batch', { rawBody: JSON.stringify(batch()), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status).toBe(202);
    expect(res.body.accepted).toBe(5);
  });

  it('answers 400 for a text/plain body that is not JSON, and for an invalid batch', async () => {
    const notJson = await sut.api('POST', '/api/analytics/batch', { rawBody: 'page=1', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The request body is not valid JSON');
    const noSession = await sut.api('POST', '/api/analytics/batch', { body: { pageViews: [] } });
    expect(noSession.status).toBe(400);
    expect(noSession.body.message).toBe('sessionId is required');
  });

  it('bounds sizes: more records than the browser keeps is 400, an oversize body 413', async () => {
    const tooMany = await sut.api('POST', '/api/analytics/batch', {
      body: { ...batch(), pageViews: Array.from({ length: 51 }, (_, i) => ({ url: `/p/${i}`, title: 't', timestamp: now() })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A batch carries at most 50 page views');
    const huge = { ...batch(), pageViews: [{ url: '/', title: 't', timestamp: now(), metadata: { blob: 'x'.repeat(70 * 1024) } }] };
    const oversize = await sut.api('POST', '/api/analytics/batch', { body: huge });
    expect(oversize.status).toBe(413);
    const oversizeBeacon = await sut.api('POST', '/api/analytics/batch', { rawBody: JSON.stringify(huge), headers: { 'content-type': 'text/plain' } });
    expect(oversizeBeacon.status).toBe(413);
  });
});

describe('POST /api/analytics', () => {
  it('accepts a single event with 202, from visitors and signed-in users', async () => {
    const visitor = await sut.api('POST', '/api/analytics', { body: { type: 'newsletter_signup', data: { placement: 'footer' }, timestamp: now() } });
    expect(visitor.status).toBe(202);
    const signedIn = await sut.api('POST', '/api/analytics', { body: { type: 'page_view', data: { url: '/profile' }, timestamp: now() }, token: travellerToken });
    expect(signedIn.status).toBe(202);
    expect((await sut.api('POST', '/api/analytics', { body: { data: {} } })).status).toBe(400);
  });
});

describe('rollups (events fed through the in-memory bus)', () => {
  it('count page views of hotel pages, referral clicks and leads per hotel, for its provider only', async () => {
    const before = (await providerFigures(ownHotel))!;
    const session = `session-${randomUUID()}`;
    const views = await sut.api('POST', '/api/analytics/batch', {
      body: { sessionId: session, pageViews: [{ url: `/hotels/test-hotel-${ownHotel}`, title: 'Hotel', timestamp: now() }, { url: `/hotel/${ownHotel}`, title: 'Hotel', timestamp: now() }] },
    });
    expect(views.body.accepted).toBe(2);
    // The referral service's event for a click, as the consumer receives it.
    await sut.bus.publishEvent('referral.clicked', { clickId: randomUUID(), hotelId: ownHotel, hotelName: `Test Hotel ${ownHotel}`, bookingUrl: 'https://book.example.com/x', userId: null }, { key: ownHotel });
    await eventually(async () => {
      const after = await providerFigures(ownHotel);
      return after && after.pageViews === before.pageViews + 2 && after.referralClicks === before.referralClicks + 1;
    }, 20_000, 'page views and referral click counted');
    const res = await sut.api('GET', '/api/provider/analytics?days=2', { token: providerToken });
    expect(res.body.hotels.some((h: HotelRow) => h.hotelId === otherHotel)).toBe(false);
    expect(res.body.totals.pageViews).toBe(res.body.hotels.reduce((sum: number, h: HotelRow) => sum + h.pageViews, 0));
    expect(res.body.daily).toHaveLength(2);
  });

  it('count an event delivered twice once', async () => {
    const before = (await providerFigures(ownHotel))!;
    const duplicate = leadEvent(ownHotel);
    await sut.bus.publishEnvelope(duplicate, duplicate.id);
    await sut.bus.publishEnvelope(duplicate, duplicate.id);
    const next = leadEvent(ownHotel);
    await sut.bus.publishEnvelope(next, duplicate.id); // same key and partition: handled after both copies
    await eventually(async () => (await providerFigures(ownHotel))?.leads === before.leads + 2, 20_000, 'two distinct leads counted');
    await sut.settled();
    expect((await providerFigures(ownHotel))?.leads).toBe(before.leads + 2);
  });

  it('rank the top searches of the last 24 hours and 7 days', async () => {
    // Newer runs sort first among equal counts, so this run's query is never crowded out by earlier runs'.
    const query = `zz top ${String(9_999_999_999_999 - Date.now()).padStart(13, '0')}`;
    // One clock reading: distinct timestamps, so no two records are the same record (a clock that ticked mid-loop made repeats).
    const now = Date.now();
    const searches = Array.from({ length: 50 }, (_, i) => ({ query: i % 2 ? query.toUpperCase() : ` ${query} `, timestamp: new Date(now - i).toISOString() }));
    const res = await sut.api('POST', '/api/analytics/batch', { body: { sessionId: `session-${randomUUID()}`, searches } });
    expect(res.body.accepted).toBe(50);
    const summary = await eventually(async () => {
      const s = await sut.api('GET', '/api/analytics/summary', { token: adminToken });
      const counted = (w: string) => s.body.windows[w].topSearches.find((t: { query: string }) => t.query === query)?.count === 50;
      return counted('24h') && counted('7d') ? s.body : undefined;
    }, 20_000, 'all 50 searches counted in the top 5');
    for (const window of ['24h', '7d']) {
      const top = summary.windows[window].topSearches;
      expect(top.length).toBeLessThanOrEqual(5);
      expect(top.find((t: { query: string }) => t.query === query).count).toBe(50);
      expect(top.map((t: { count: number }) => t.count)).toEqual([...top.map((t: { count: number }) => t.count)].sort((a, b) => b - a));
      expect(summary.windows[window].topPages.length).toBeLessThanOrEqual(5);
    }
    expect(summary.windows['7d'].totals.searches).toBeGreaterThanOrEqual(summary.windows['24h'].totals.searches);
  });
});

describe('reports', () => {
  it('the summary is for admins only, also under /api/admin/analytics/summary', async () => {
    expect((await sut.api('GET', '/api/analytics/summary')).status).toBe(401);
    expect((await sut.api('GET', '/api/analytics/summary', { token: travellerToken })).status).toBe(403);
    expect((await sut.api('GET', '/api/analytics/summary', { token: providerToken })).status).toBe(403);
    const summary = await sut.api('GET', '/api/admin/analytics/summary?days=7', { token: adminToken });
    expect(summary.status).toBe(200);
    expect(summary.body.days).toBe(7);
    expect(summary.body.daily).toHaveLength(7);
    expect(Object.keys(summary.body.windows)).toEqual(['24h', '7d']);
    expect(summary.body.windows['24h'].totals).toEqual(expect.objectContaining({ pageViews: expect.any(Number), sessions: expect.any(Number), leads: expect.any(Number) }));
  });

  it('provider figures are for providers only', async () => {
    expect((await sut.api('GET', '/api/provider/analytics')).status).toBe(401);
    expect((await sut.api('GET', '/api/provider/analytics', { token: travellerToken })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/analytics', { token: adminToken })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/analytics?days=0', { token: providerToken })).status).toBe(400);
  });
});
