import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralExport } from '@reproute/contracts';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress, type TestUser } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

/**
 * An account's part in referral: its leads and clicks in the export, and their anonymisation when the account
 * is deleted (the hotel keeps its lead without who sent it); idempotent under a replay and a second request.
 */
const hotelId = 61;
let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let traveller: TestUser;
let provider: TestUser;
let leadId: string;
let clickId: string;

beforeAll(async () => {
  sut = await referralUnderTest();
  provider = await sut.asProvider({ email: 'owner.61@example.com' });
  traveller = await sut.asTraveller({ firstName: 'Lena', lastName: 'Leaving', email: 'lena.leaving@example.com' });
  await sut.bus.publishEvent('hotel.created', testHotel(hotelId, { providerId: provider.id, providerEmail: provider.email, contactEmail: provider.email }), { key: hotelId });
  await sut.settled();
  const lead = await sut.api('POST', '/api/leads', {
    token: traveller.token,
    body: { hotelId, shareContact: true, checkInDate: '2028-03-01', checkOutDate: '2028-03-04', guests: 2, message: 'Is the rack free at 6?' },
    remoteAddress: uniqueClientAddress(),
    headers: { 'user-agent': 'Lena-Browser/1.0' },
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  leadId = lead.body.id;
  const click = await sut.api('POST', '/api/referral-clicks', {
    token: traveller.token,
    body: { hotelId, bookingUrl: `https://book.example.com/${hotelId}`, searchParams: { checkIn: '2028-03-01', checkOut: '2028-03-04', guests: 2 } },
    headers: { 'user-agent': 'Lena-Browser/1.0' },
  });
  expect(click.status).toBe(201);
  clickId = click.body.id;
  await sut.events();
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/referral/me/export', () => {
  it('answers the caller\'s leads and clicks with where they were sent from', async () => {
    const res = await sut.api('GET', '/api/referral/me/export', { token: traveller.token });
    expect(res.status).toBe(200);
    const part = referralExport.parse(res.body);
    expect(part.leads).toEqual([
      expect.objectContaining({ id: leadId, hotelId, name: 'Lena Leaving', email: traveller.email, message: 'Is the rack free at 6?', checkInDate: '2028-03-01', checkOutDate: '2028-03-04', guests: 2, status: 'new', userAgent: 'Lena-Browser/1.0' }),
    ]);
    expect(part.clicks).toEqual([expect.objectContaining({ id: clickId, hotelId, userAgent: 'Lena-Browser/1.0' })]);
    expect((await sut.api('GET', '/api/referral/me/export', { token: (await sut.asTraveller()).token })).body).toEqual({ leads: [], clicks: [], assignedLeads: [] });
    expect((await sut.api('GET', '/api/referral/me/export')).status).toBe(401);
  });
});

async function mentions(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of ['leads', 'referral_clicks', 'hotels', 'outbox']) {
    const { rows } = await sut.pool.query(`SELECT t::text AS row FROM ${table} t`);
    for (const { row } of rows) if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase()))) found.push(`${table}: ${row}`);
  }
  return found.filter((m) => !m.includes('user.data-erased'));
}

const snapshot = async () => Promise.all(['leads', 'referral_clicks', 'hotels'].map(async (t) => (await sut.pool.query(`SELECT t::text AS row FROM ${t} t ORDER BY 1`)).rows));
const reportsFor = async (userId: string) => {
  await sut.settled();
  return (await sut.events('user.data-erased')).filter((e) => e.data.userId === userId);
};

describe('erasing a deleted account', () => {
  it('keeps the hotel\'s lead without who sent it, unlinks the clicks, and changes nothing twice', async () => {
    const request = envelope('user.deletion-requested', { userId: traveller.id, emails: [traveller.email], isProvider: false, requestedAt: new Date().toISOString() });
    await sut.bus.publishEnvelope(request, traveller.id);
    expect((await reportsFor(traveller.id)).map((e) => e.data)).toEqual([{ userId: traveller.id, service: 'referral' }]);
    expect(await mentions([traveller.id, traveller.email, 'Leaving', 'Lena-Browser', 'rack free'])).toEqual([]);
    const { rows } = await sut.pool.query('SELECT hotel_id, referral_id, check_in_date::text AS check_in, guests, status, name, email, ip_address FROM leads WHERE id = $1', [leadId]);
    expect(rows[0]).toEqual({ hotel_id: hotelId, referral_id: expect.stringMatching(/^RR_61_/), check_in: '2028-03-01', guests: 2, status: 'new', name: null, email: null, ip_address: null });
    // The provider still sees the lead in their inbox, without the traveller.
    const inbox = await sut.api('GET', '/api/provider/leads', { token: provider.token });
    expect(inbox.body.items).toEqual([expect.objectContaining({ id: leadId, name: null, email: null, message: null })]);

    const before = await snapshot();
    await sut.bus.publishEnvelope(request, traveller.id);
    expect(await reportsFor(traveller.id)).toHaveLength(1);
    await sut.bus.publishEvent('user.deletion-requested', request.data, { key: traveller.id });
    expect(await reportsFor(traveller.id)).toHaveLength(2);
    expect(await snapshot()).toEqual(before);
  });

  it('forgets a deleted provider in its copy of their hotels', async () => {
    await sut.bus.publishEvent('user.deletion-requested', { userId: provider.id, emails: [provider.email], isProvider: true, requestedAt: new Date().toISOString() }, { key: provider.id });
    expect(await reportsFor(provider.id)).toHaveLength(1);
    expect(await mentions([provider.id, provider.email])).toEqual([]);
  });
});
