import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsExport } from '@reproute/contracts';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { analyticsUnderTest } from './support.ts';

/**
 * An account's part in analytics: the records sent while signed in, in the export and unlinked when the account
 * is deleted (the figures stay), with the records of the sessions it was signed in during; idempotent.
 */
const hotelId = 71;
const now = () => new Date().toISOString();
let sut: Awaited<ReturnType<typeof analyticsUnderTest>>;
let traveller: TestUser;
let provider: TestUser;
const session = `session-${randomUUID()}`;
const otherSession = `session-${randomUUID()}`;

const batch = (sessionId: string) => ({
  sessionId,
  userId: null,
  pageViews: [{ url: `/hotels/${hotelId}`, title: 'Hotel', timestamp: now() }],
  conversions: [],
  searches: [{ query: 'Leavingtown gyms', equipment: [], resultCount: 2, timestamp: now() }],
  interactions: [],
});

beforeAll(async () => {
  sut = await analyticsUnderTest();
  provider = await sut.asProvider();
  traveller = await sut.asTraveller({ email: 'lena.analytics@example.com' });
  await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(hotelId, { providerId: provider.id, providerEmail: provider.email })), hotelId);
  await sut.settled();
  // Before signing in, then signed in, in one browser session; and a stranger's session.
  expect((await sut.api('POST', '/api/analytics/batch', { body: batch(session) })).body.accepted).toBe(2);
  expect((await sut.api('POST', '/api/analytics/batch', { body: { ...batch(session), pageViews: [{ url: '/favorites', title: 'Favourites', timestamp: now() }] }, token: traveller.token })).body.accepted).toBe(2);
  const single = await sut.api('POST', '/api/analytics', { token: traveller.token, body: { type: 'custom_thing', data: { sessionId: session, userId: traveller.id, email: traveller.email, note: 'hi' } } });
  expect(single.status).toBe(202);
  expect((await sut.api('POST', '/api/analytics/batch', { body: batch(otherSession) })).body.accepted).toBe(2);
  await sut.events();
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/analytics/me/export', () => {
  it('answers the records sent while signed in as the caller, newest first', async () => {
    const res = await sut.api('GET', '/api/analytics/me/export', { token: traveller.token });
    expect(res.status).toBe(200);
    const part = analyticsExport.parse(res.body);
    expect(part.total).toBe(3);
    expect(part.truncated).toBe(false);
    expect(part.events.map((e) => e.kind).sort()).toEqual(['event', 'page_view', 'search']);
    expect(part.events.every((e) => e.sessionId === session)).toBe(true);
    expect((await sut.api('GET', '/api/analytics/me/export')).status).toBe(401);
  });
});

const rawRows = async () => (await sut.pool.query('SELECT session_id, user_id, payload::text AS payload FROM raw_events ORDER BY id')).rows;
const reportsFor = async (userId: string) => {
  await sut.settled();
  return (await sut.events('user.data-erased')).filter((e) => e.data.userId === userId);
};

describe('erasing a deleted account', () => {
  it('unlinks its records and its sessions\' records, keeps the figures, and changes nothing twice', async () => {
    const figures = (await sut.pool.query('SELECT * FROM hotel_daily_stats ORDER BY hotel_id, day')).rows;
    const request = envelope('user.deletion-requested', { userId: traveller.id, emails: [traveller.email], isProvider: false, requestedAt: now() });
    await sut.bus.publishEnvelope(request, traveller.id);
    expect((await reportsFor(traveller.id)).map((e) => e.data)).toEqual([{ userId: traveller.id, service: 'analytics' }]);

    const rows = await rawRows();
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.user_id !== null)).toEqual([]);
    // Its session's records, before and after signing in, no longer share an id; a stranger's session keeps its own.
    expect(rows.filter((r) => r.session_id === session)).toEqual([]);
    expect(rows.filter((r) => r.session_id === otherSession)).toHaveLength(2);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(traveller.id);
    expect(text).not.toContain(traveller.email);
    const { rows: outbox } = await sut.pool.query(`SELECT event_type FROM outbox WHERE strpos(payload::text, $1) > 0 OR strpos(payload::text, $2) > 0`, [session, traveller.id]);
    expect(outbox.map((r: { event_type: string }) => r.event_type)).toEqual(['user.data-erased']);
    expect((await sut.pool.query('SELECT * FROM hotel_daily_stats ORDER BY hotel_id, day')).rows).toEqual(figures);

    await sut.bus.publishEnvelope(request, traveller.id);
    await sut.bus.publishEvent('user.deletion-requested', request.data, { key: traveller.id });
    expect(await reportsFor(traveller.id)).toHaveLength(2);
    expect(await rawRows()).toEqual(rows);
  });

  it('forgets a deleted provider in its copy of their hotels', async () => {
    await sut.bus.publishEvent('user.deletion-requested', { userId: provider.id, emails: [provider.email], isProvider: true, requestedAt: now() }, { key: provider.id });
    expect(await reportsFor(provider.id)).toHaveLength(1);
    expect((await sut.pool.query('SELECT provider_id FROM hotels WHERE hotel_id = $1', [hotelId])).rows).toEqual([{ provider_id: null }]);
  });
});
