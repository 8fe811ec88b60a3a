import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, apiKeyVerifyAnswer, bookingMessages, topics, webhookMessages, type ProviderLead } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { serviceUnderTest, uniqueClientAddress, type TestUser } from '@reproute/platform/testing/service-under-test';
import { configSchema } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { hotelProjectionHandlers } from '../../src/events/hotel-projection.ts';
import { identity, api as identityApi, register } from '../../../identity/test/routes/support.ts';

// API keys end to end in-process: identity makes, lists and revokes an organisation's keys (only their hashes
// stored) and checks them; referral's partner endpoints take a key in X-Api-Key, checked by identity's own route
// (its app asked as a service would), and grant only the key's scopes, on those endpoints only.

let sut: Awaited<ReturnType<typeof referralWithIdentity>>;
let owner: { email: string; token: string; user: { id: string } };
let traveller: TestUser;
let leadId = '';
const hotelId = 41;
const strangerHotel = 42;
let strangerLead = '';

async function referralWithIdentity() {
  const identityService = await identity();
  return serviceUnderTest({
    service: 'referral',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    buildApp: (ctx, { key }) =>
      buildApp(ctx, {
        key,
        verifyApiKey: async (apiKey) => {
          const res = await identityService.app.inject({ method: 'POST', url: '/internal/api-keys/verify', payload: { key: apiKey } });
          if (res.statusCode === 401) return null;
          return apiKeyVerifyAnswer.parse(res.json());
        },
      }),
    consumers: () => [{ name: 'referral-hotels', topics: [topics.hotels], handlers: hotelProjectionHandlers }],
  });
}

const makeKey = async (scopes: string[], token = owner.token) => identityApi('POST', '/api/organisation/api-keys', { token, body: { name: `CRM ${scopes.join('+')}`, scopes } });
const partner = (method: string, url: string, key: string | undefined, body?: unknown) =>
  sut.api(method, url, { ...(key ? { headers: { 'x-api-key': key } } : {}), ...(body ? { body } : {}) });

beforeAll(async () => {
  sut = await referralWithIdentity();
  const account = await register('partner-owner');
  const setup = await identityApi('POST', '/api/provider/setup', { token: account.token, body: { companyName: 'Key Hotels', phoneNumber: '+12125550123' } });
  expect(setup.status).toBe(200);
  owner = { ...account, token: setup.body.token };
  traveller = await sut.asTraveller({ firstName: 'Kim', lastName: 'Keyes' });
  const stranger = await sut.asProvider();
  await sut.bus.publishEvent('hotel.created', testHotel(hotelId, { providerId: owner.user.id, contactEmail: null, providerEmail: null }), { key: hotelId });
  await sut.bus.publishEvent('hotel.created', testHotel(strangerHotel, { providerId: stranger.id, contactEmail: null, providerEmail: null }), { key: strangerHotel });
  await sut.settled();
  const send = async (id: number) => {
    const res = await sut.api('POST', '/api/leads', { body: { shareContact: true, hotelId: id, guests: 2 }, token: traveller.token, remoteAddress: uniqueClientAddress() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  leadId = await send(hotelId);
  strangerLead = await send(strangerHotel);
});

afterAll(async () => {
  await sut?.close();
});

describe('API keys (identity)', () => {
  it('shows a key once, keeps only its hash, lists it with its start and last use, never the key', async () => {
    const made = await makeKey(['leads:read']);
    expect(made.status).toBe(201);
    expect(made.body.key).toMatch(/^rr_live_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ name: 'CRM leads:read', scopes: ['leads:read'], start: made.body.key.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const { rows } = await (await identity()).pool.query('SELECT * FROM api_keys WHERE id = $1', [made.body.id]);
    expect(JSON.stringify(rows)).not.toContain(made.body.key);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await identityApi('GET', '/api/organisation/api-keys', { token: owner.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.body.key);
    // Used once: the list shows when.
    expect((await partner('GET', '/api/partner/leads', made.body.key)).status).toBe(200);
    const after = await identityApi('GET', '/api/organisation/api-keys', { token: owner.token });
    expect(after.body.items.find((k: { id: string }) => k.id === made.body.id).lastUsedAt).not.toBeNull();
  });

  it('refuses bad input with 400 and the message, and anyone but an owner', async () => {
    for (const [body, message] of [
      [{ name: 'x', scopes: [] }, apiKeyMessages.scopesInvalid],
      [{ name: 'x', scopes: ['leads:delete'] }, apiKeyMessages.scopesInvalid],
      [{ name: 'x', scopes: ['leads:read', 'leads:read'] }, apiKeyMessages.scopesInvalid],
      [{ name: '', scopes: ['leads:read'] }, apiKeyMessages.nameInvalid],
      [{ name: 'x', scopes: ['leads:read'], admin: true }, apiKeyMessages.unknownField],
    ] as const) {
      const res = await identityApi('POST', '/api/organisation/api-keys', { token: owner.token, body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const someone = await register('partner-traveller');
    // A traveller is no provider (403 at the endpoint's access); only an organisation's owner manages keys (webhookMessages.ownerOnly).
    expect((await identityApi('GET', '/api/organisation/api-keys', { token: someone.token })).status).toBe(403);
    expect(webhookMessages.ownerOnly).toMatch(/owner/);
    const other = await register('partner-other');
    const otherSetup = await identityApi('POST', '/api/provider/setup', { token: other.token, body: { companyName: 'Other Hotels', phoneNumber: '+12125550123' } });
    const mine = await makeKey(['leads:read']);
    const revokeOthers = await identityApi('DELETE', `/api/organisation/api-keys/${mine.body.id}`, { token: otherSetup.body.token });
    expect({ status: revokeOthers.status, message: revokeOthers.body.message }).toEqual({ status: 404, message: apiKeyMessages.notFound });
  });
});

describe('the partner lead endpoints', () => {
  it('a leads:read key pulls the organisation\'s leads only, and cannot set a status', async () => {
    const key = (await makeKey(['leads:read'])).body.key as string;
    const page = await partner('GET', '/api/partner/leads', key);
    expect(page.status).toBe(200);
    const ids = page.body.items.map((l: ProviderLead) => l.id);
    expect(ids).toContain(leadId);
    expect(ids).not.toContain(strangerLead);
    const refused = await partner('PATCH', `/api/partner/leads/${leadId}`, key, { status: 'contacted' });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: apiKeyMessages.scopeMissing });
    expect((await partner('GET', '/api/partner/leads?status=contacted', key)).body.items).toHaveLength(0);
  });

  it('a leads:write key sets a status (and lead.status_changed goes out); another organisation\'s lead is 404', async () => {
    const key = (await makeKey(['leads:write'])).body.key as string;
    const set = await partner('PATCH', `/api/partner/leads/${leadId}`, key, { status: 'booked' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: leadId, status: 'booked' });
    const [change] = (await sut.events('lead.status_changed')).filter((e) => e.data.leadId === leadId);
    expect(change!.data).toMatchObject({ status: 'booked', previousStatus: 'new', hotelId });
    expect(JSON.stringify(change)).not.toContain(key);
    const other = await partner('PATCH', `/api/partner/leads/${strangerLead}`, key, { status: 'lost' });
    expect(other.status).toBe(404);
    // Write only: it cannot read.
    expect((await partner('GET', '/api/partner/leads', key)).status).toBe(403);
    const bad = await partner('PATCH', `/api/partner/leads/${leadId}`, key, { status: 'won' });
    expect(bad.status).toBe(400);
  });

  it('no key, a made-up key or a revoked key is 401; a key is no token for the provider endpoints', async () => {
    const made = await makeKey(['leads:read', 'leads:write']);
    const key = made.body.key as string;
    expect((await partner('GET', '/api/partner/leads', undefined)).body.message).toBe(apiKeyMessages.missing);
    const forged = await partner('GET', '/api/partner/leads', `${key.slice(0, -4)}AAAA`);
    expect({ status: forged.status, message: forged.body.message }).toEqual({ status: 401, message: apiKeyMessages.invalid });
    expect((await partner('GET', '/api/provider/leads', key)).status).toBe(401);
    expect((await sut.api('GET', '/api/provider/leads', { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    // A signed-in provider's token is no key either.
    expect((await sut.api('GET', '/api/partner/leads', { token: owner.token })).status).toBe(401);
    expect((await identityApi('DELETE', `/api/organisation/api-keys/${made.body.id}`, { token: owner.token })).status).toBe(204);
    const revoked = await partner('GET', '/api/partner/leads', key);
    expect({ status: revoked.status, message: revoked.body.message }).toEqual({ status: 401, message: apiKeyMessages.invalid });
  });
});

describe('referred bookings (proof of value)', () => {
  const referralOf = async (id: string) => (await sut.pool.query<{ referral_id: string }>('SELECT referral_id FROM leads WHERE id = $1', [id])).rows[0]!.referral_id;
  const month = new Date().toISOString().slice(0, 7);
  const inMonth = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

  it('a partner reports a booking with its API key, matched by referral id; the funnel and the statement show it', async () => {
    const key = (await makeKey(['leads:write'])).body.key as string;
    const referralId = await referralOf(leadId);
    const made = await partner('POST', '/api/partner/bookings', key, { referralId, value: 480, currency: 'gbp', checkInDate: inMonth(1), checkOutDate: inMonth(3) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ referralId, hotel: { id: hotelId }, value: 480, currency: 'GBP', source: 'api' });
    const again = await partner('POST', '/api/partner/bookings', key, { referralId, value: 1, currency: 'GBP', checkInDate: inMonth(1), checkOutDate: inMonth(2) });
    expect(again.status).toBe(409);
    // The stranger's lead is not this organisation's to report.
    const strangers = await partner('POST', '/api/partner/bookings', key, { referralId: await referralOf(strangerLead), value: 100, currency: 'GBP', checkInDate: inMonth(1), checkOutDate: inMonth(2) });
    expect({ status: strangers.status, message: strangers.body.message }).toEqual({ status: 400, message: bookingMessages.referralIdUnknown });
    // A read-only key cannot report.
    const readOnly = (await makeKey(['leads:read'])).body.key as string;
    expect((await partner('POST', '/api/partner/bookings', readOnly, { referralId, value: 1, currency: 'GBP', checkInDate: inMonth(1), checkOutDate: inMonth(2) })).status).toBe(403);

    const funnelAnswer = await sut.api('GET', '/api/provider/funnel', { token: owner.token });
    expect(funnelAnswer.status).toBe(200);
    expect(funnelAnswer.body.items).toContainEqual({ month, hotel: { id: hotelId, name: `Test Hotel ${hotelId}` }, clicks: 0, leads: 1, bookings: 1 });
    const statementAnswer = await sut.api('GET', `/api/provider/statement?month=${month}`, { token: owner.token });
    expect(statementAnswer.body).toMatchObject({ month, rate: 0.12, totals: [{ currency: 'GBP', value: 480, commission: 57.6, bookings: 1 }] });
    const csv = await sut.api('GET', `/api/provider/statement.csv?month=${month}`, { token: owner.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.body)).toContain(`${referralId},Test Hotel ${hotelId},${inMonth(1)},${inMonth(3)},GBP,480.00,12%,57.60`);
    expect(String(csv.body)).toContain('Total,,,,GBP,480.00,,57.60');
    expect((await sut.api('GET', '/api/provider/statement?month=2026-13', { token: owner.token })).body.message).toBe(bookingMessages.monthInvalid);
  });

  it('a CSV upload stores every row or none (a bad row named, 400)', async () => {
    const extra = await sut.api('POST', '/api/leads', { body: { shareContact: true, hotelId, guests: 1 }, token: (await sut.asTraveller()).token, remoteAddress: uniqueClientAddress() });
    const referralId = await referralOf(extra.body.id);
    const bad = `referral_id,value,currency,check_in,check_out\r\n${referralId},300,EUR,${inMonth(5)},${inMonth(7)}\r\nRR_${hotelId}_1,abc,EUR,${inMonth(5)},${inMonth(6)}\r\n`;
    const refused = await sut.api('POST', '/api/provider/bookings.csv', { token: owner.token, body: { csv: bad } });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: `Row 3: ${bookingMessages.valueInvalid}` });
    const unknown = await sut.api('POST', '/api/provider/bookings.csv', { token: owner.token, body: { csv: `referral_id,value,currency,check_in,check_out\n${referralId},300,EUR,${inMonth(5)},${inMonth(7)}\nRR_${hotelId}_1,10,EUR,${inMonth(5)},${inMonth(6)}\n` } });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 400, message: `Row 3: ${bookingMessages.referralIdUnknown}` });
    expect((await sut.pool.query('SELECT 1 FROM bookings WHERE referral_id = $1', [referralId])).rowCount).toBe(0);
    const header = await sut.api('POST', '/api/provider/bookings.csv', { token: owner.token, body: { csv: 'ref,amount\nx,1' } });
    expect({ status: header.status, message: header.body.message }).toEqual({ status: 400, message: bookingMessages.csvHeader });
    const good = await sut.api('POST', '/api/provider/bookings.csv', { token: owner.token, body: { csv: `referral_id,value,currency,check_in,check_out\n"${referralId}",300.5,EUR,${inMonth(5)},${inMonth(7)}\n` } });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body.items).toMatchObject([{ referralId, value: 300.5, currency: 'EUR', source: 'csv' }]);
  });
});
