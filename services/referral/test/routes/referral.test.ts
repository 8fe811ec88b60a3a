import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress, type TestUser } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

const providerId = '00000000-0000-4000-8000-000000000002';
const providerEmail = 'provider@reproute.example';
// quiet hotels have no contact address.
const [ownHotel, noLinkHotel, otherHotel, pendingHotel, rejectedHotel, quietHotel, crowdedHotel, concurrentHotel, attackedHotel, sharedHotel] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
// More quiet hotels, for one client's leads spread over several hotels (each within its share).
const spreadHotels = [11, 12];
const quiet = { contactEmail: null, providerEmail: null };
// The service's lead limits, made small here so the limit tests stay quick.
const perClientLimit = 20;
const perHotelLimit = 30;
// A client's share of one hotel; this file sends up to 14 leads from one address to one hotel elsewhere.
const perHotelPerClientLimit = 15;
const limitWindowSeconds = 600;
const otherProvider = randomUUID();

let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let providerToken: string;
let adminToken: string;
let traveller: TestUser;

// This file's leads come from an address of their own, as through the gateway.
const fileClient = uniqueClientAddress();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
const apiFrom = (client: string, method: string, path: string, options: { body?: unknown; token?: string } = {}) => sut.api<any>(method, path, { ...options, remoteAddress: client });
/** A lead as the booking dialog sends one when the traveller ticks "share my details": signed in (verified), with `shareContact: true`. */
const leadFrom = (client: string, body: Record<string, unknown>, token: string | null = traveller.token) => apiFrom(client, 'POST', '/api/leads', { body: { shareContact: true, ...body }, token: token ?? undefined });
/** The same from this file's address; `null` for a visitor. */
const lead = (body: Record<string, unknown>, token: string | null = traveller.token) => leadFrom(fileClient, body, token);

beforeAll(async () => {
  sut = await referralUnderTest({
    LEAD_LIMIT_PER_CLIENT: String(perClientLimit),
    LEAD_LIMIT_PER_HOTEL: String(perHotelLimit),
    LEAD_LIMIT_PER_HOTEL_PER_CLIENT: String(perHotelPerClientLimit),
    LEAD_LIMIT_WINDOW_SECONDS: String(limitWindowSeconds),
  });
  const { bus } = sut;
  await bus.publishEvent('hotel.created', testHotel(ownHotel, { providerId, providerEmail }), { key: ownHotel });
  await bus.publishEvent('hotel.created', testHotel(noLinkHotel, { providerId, bookingUrl: null }), { key: noLinkHotel });
  await bus.publishEvent('hotel.created', testHotel(otherHotel, { providerId: otherProvider, providerEmail: 'other-provider@example.com', contactEmail: null }), { key: otherHotel });
  await bus.publishEvent('hotel.submitted', testHotel(pendingHotel, { providerId, providerEmail, isApproved: false }), { key: pendingHotel });
  await bus.publishEvent('hotel.rejected', { ...testHotel(rejectedHotel, { providerId, isApproved: false }), reason: null }, { key: rejectedHotel });
  for (const hotelId of [quietHotel, crowdedHotel, concurrentHotel, attackedHotel, sharedHotel, ...spreadHotels]) await bus.publishEvent('hotel.created', testHotel(hotelId, quiet), { key: hotelId });
  await sut.settled();
  [providerToken, adminToken, traveller] = await Promise.all([
    sut.asProvider({ id: providerId, email: providerEmail }).then((p) => p.token),
    sut.asAdmin().then((a) => a.token),
    sut.asTraveller({ firstName: 'Lena', lastName: 'Lifter' }),
  ]);
});

afterAll(async () => {
  await sut?.close();
});

describe('POST /api/referral-clicks', () => {
  const click = {
    hotelName: '',
    bookingUrl: 'https://book.example.com/x?checkIn=2027-03-01&checkOut=2027-03-03&adults=2&ref=RR_1_1700000000000',
    timestamp: new Date().toISOString(),
    searchParams: { checkIn: '2027-03-01', checkOut: '2027-03-03', guests: 2 },
  };

  it('records a visitor click with user agent and IP, finding the hotel by name', async () => {
    const res = await sut.api('POST', '/api/referral-clicks', {
      body: { ...click, hotelName: `test hotel ${ownHotel}` },
      headers: { 'user-agent': 'RepRoute-Test/1.0' },
    });
    expect(res.status).toBe(201);
    const { rows } = await sut.pool.query('SELECT * FROM referral_clicks WHERE id = $1', [res.body.id]);
    expect(rows[0]).toMatchObject({
      hotel_id: ownHotel,
      hotel_name: `test hotel ${ownHotel}`,
      booking_url: click.bookingUrl,
      user_id: null,
      user_agent: 'RepRoute-Test/1.0',
      search_params: { checkIn: '2027-03-01', checkOut: '2027-03-03', guests: 2 },
    });
    expect(rows[0].ip_address).toMatch(/127\.0\.0\.1|::1/);
    expect(rows[0].client_timestamp.toISOString()).toBe(click.timestamp);
    const { rows: outbox } = await sut.pool.query(`SELECT payload FROM outbox WHERE event_type = 'referral.clicked' AND payload->'data'->>'clickId' = $1`, [res.body.id]);
    expect(outbox[0]?.payload.data).toMatchObject({ hotelId: ownHotel, userId: null });
  });

  it('records the signed-in user from the token', async () => {
    const res = await sut.api('POST', '/api/referral-clicks', { body: { ...click, hotelName: 'Shown Name', hotelId: ownHotel }, token: traveller.token });
    expect(res.status).toBe(201);
    const { rows } = await sut.pool.query('SELECT hotel_id, hotel_name, user_id FROM referral_clicks WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ hotel_id: ownHotel, hotel_name: 'Shown Name', user_id: traveller.user.id });
  });

  it('takes the name from the projection when only the id is sent, and needs one of them', async () => {
    const named = await sut.api('POST', '/api/referral-clicks', { body: { ...click, hotelId: ownHotel } });
    expect(named.status).toBe(201);
    const { rows } = await sut.pool.query('SELECT hotel_name FROM referral_clicks WHERE id = $1', [named.body.id]);
    expect(rows[0].hotel_name).toBe(`Test Hotel ${ownHotel}`);
    const neither = await sut.api('POST', '/api/referral-clicks', { body: { ...click, hotelId: 999_999_999 } });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(messages.hotelNameRequired);
  });

  it('rejects a missing or non-http booking URL', async () => {
    const res = await sut.api('POST', '/api/referral-clicks', { body: { hotelName: 'X', bookingUrl: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.bookingUrlInvalid);
    expect((await sut.api('POST', '/api/referral-clicks', { body: { hotelName: 'X' } })).status).toBe(400);
  });
});


/** A fresh referral id for a hotel, as the booking dialog makes one (RR_{hotelId}_{timestamp}). */
let lastStamp = 0;
function freshReferralId(hotelId: number): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `RR_${hotelId}_${lastStamp}`;
}
/** A distinct stay for the i-th lead, so repeated-lead detection never folds two test leads into one. */
const stay = (i: number) => {
  const day = new Date(Date.UTC(2028, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return { checkInDate: day, guests: 1 };
};

describe('POST /api/leads', () => {
  it('refuses a visitor\'s lead whatever the body says: no lead stored, nothing sent on (the referral click is the visitor\'s booking)', async () => {
    const referralId = freshReferralId(ownHotel);
    const res = await lead({ hotelId: ownHotel, userId: traveller.user.id, name: 'Victor Visitor', email: 'victim@example.com', message: 'Call me at evil.example', guests: 4, referralId }, null);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.leadNeedsConsent);
    const { rows } = await sut.pool.query('SELECT id FROM leads WHERE referral_id = $1', [referralId]);
    expect(rows).toEqual([]);
    expect((await sut.events('lead.created')).filter((e) => e.data.referralId === referralId)).toEqual([]);
  });

  it('takes a signed-in traveller\'s name and email from the account, whatever the body says', async () => {
    const referralId = freshReferralId(ownHotel);
    const res = await lead(
      { hotelId: ownHotel, userId: randomUUID(), name: 'Mallory Forger', email: 'forged@example.com', checkInDate: '2027-05-01', checkOutDate: '2027-05-04', guests: 2, referralId },
      traveller.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), referralId });
    const { rows } = await sut.pool.query('SELECT user_id, name, email, referral_id FROM leads WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ user_id: traveller.user.id, name: 'Lena Lifter', email: traveller.email.toLowerCase(), referral_id: referralId });
    const [event] = (await sut.events('lead.created')).filter((e) => e.data.leadId === res.body.id);
    expect(event?.data).toMatchObject({ userId: traveller.user.id, name: 'Lena Lifter', email: traveller.email.toLowerCase(), hotelId: ownHotel });
  });

  it('keeps the booking link\'s referral id only for its own hotel and never gives two leads the same one', async () => {
    const foreign = await lead({ hotelId: ownHotel, referralId: `RR_${otherHotel}_${Date.now()}`, ...stay(1) });
    expect(foreign.status).toBe(201);
    expect(foreign.body.referralId).toMatch(new RegExp(`^RR_${ownHotel}_\\d{13}$`));
    const garbage = await lead({ hotelId: ownHotel, referralId: '<b>RR</b>', ...stay(2) });
    expect(garbage.body.referralId).toMatch(new RegExp(`^RR_${ownHotel}_\\d{13}$`));
    const none = await lead({ hotelId: ownHotel, ...stay(3) });
    expect(none.body.referralId).toMatch(new RegExp(`^RR_${ownHotel}_\\d{13}$`));

    const shared = freshReferralId(ownHotel);
    const first = await lead({ hotelId: ownHotel, referralId: shared, ...stay(4) });
    const second = await lead({ hotelId: ownHotel, referralId: shared, ...stay(5) });
    expect(first.body.referralId).toBe(shared);
    expect(second.body.referralId).not.toBe(shared);
    expect(second.body.referralId).toMatch(new RegExp(`^RR_${ownHotel}_\\d{13}$`));
    const ids = [foreign, garbage, none, first, second].map((r) => r.body.referralId);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await lead({ hotelId: ownHotel, referralId: 'x'.repeat(65) })).status).toBe(400);
  });

  it('gives the first free moment when the requested id and the present moment\'s are both taken', async () => {
    // Every id of this hotel for the next 3 seconds is already some lead's (leads of long ago, outside the limits' window).
    const from = Date.now();
    await sut.pool.query(
      `INSERT INTO leads (id, hotel_id, hotel_name, referral_id, repeat_key, created_at)
       SELECT gen_random_uuid(), $1::int, 'Taken', 'RR_' || $1::int || '_' || (($2::bigint) + s), 'taken-' || s, now() - interval '1 day'
         FROM generate_series(0, 2999) AS s`,
      [ownHotel, from],
    );
    try {
      const res = await lead({ hotelId: ownHotel, referralId: `RR_${ownHotel}_${from}`, ...stay(7) });
      expect(res.status).toBe(201);
      const timestamp = Number(/^RR_\d+_(\d{13})$/.exec(res.body.referralId)?.[1]);
      expect(timestamp).toBeGreaterThanOrEqual(from + 3000);
      const { rows } = await sut.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE referral_id = $1', [res.body.referralId]);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await sut.pool.query(`DELETE FROM leads WHERE repeat_key LIKE 'taken-%'`);
    }
  });

  it('answers 400 "Booking link not available for this hotel." when the hotel has no booking URL', async () => {
    const res = await lead({ hotelId: noLinkHotel, userId: null, name: null, email: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Booking link not available for this hotel.');
  });

  it('refuses leads for a listing that is not public: 404 to those who cannot see it, 409 to its provider and admins', async () => {
    expect((await lead({ hotelId: 999_999_999, userId: null, name: null, email: null })).status).toBe(404);
    for (const hotelId of [pendingHotel, rejectedHotel]) {
      const other = await lead({ hotelId, userId: null, name: null, email: null });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(messages.hotelNotFound);
      for (const token of [providerToken, adminToken]) {
        const res = await lead({ hotelId, userId: null, name: null, email: null, guests: 3 }, token);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(messages.listingNotPublic);
      }
    }
    const { rows } = await sut.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE hotel_id = ANY($1::int[])', [[pendingHotel, rejectedHotel]]);
    expect(rows[0]?.n).toBe(0);
  });

  it('validates the payload with readable messages', async () => {
    const missing = await lead({ userId: null });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.hotelRequired);
    const badEmail = await lead({ hotelId: ownHotel, email: 'nope' });
    expect(badEmail.body.message).toBe(messages.email);
    const backwards = await lead({ hotelId: ownHotel, checkInDate: '2027-05-04', checkOutDate: '2027-05-01' });
    expect(backwards.body.message).toBe(messages.checkOutBeforeCheckIn);
  });

  it('answers a repeated lead with the first one instead of emailing the hotel twice', async () => {
    const body = { hotelId: ownHotel, userId: null, name: null, email: null, checkInDate: '2027-07-01', checkOutDate: '2027-07-05', guests: 2 };
    const first = await lead(body);
    const second = await lead(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const { rows } = await sut.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE event_type = 'lead.created' AND payload->'data'->>'leadId' = $1`, [first.body.id]);
    expect(rows[0]?.n).toBe(1);
  });

  it('never answers 5xx to leads posted concurrently or submitted twice at once', async () => {
    const client = uniqueClientAddress();
    const same = { hotelId: concurrentHotel, referralId: freshReferralId(concurrentHotel), checkInDate: '2027-09-01', checkOutDate: '2027-09-03', guests: 2 };
    const doubles = Array.from({ length: 12 }, () => leadFrom(client, same));
    const distinct = Array.from({ length: 12 }, (_, i) => leadFrom(client, { hotelId: concurrentHotel, referralId: same.referralId, ...stay(100 + i) }));
    const signedIn = Array.from({ length: 6 }, () => leadFrom(client, { ...same, guests: 3 }, traveller.token));
    const answers = await Promise.all([...doubles, ...distinct, ...signedIn]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.slice(0, 12).map((a) => a.body.id)).size).toBe(1);
    expect(new Set(answers.slice(24).map((a) => a.body.id)).size).toBe(1);
    const { rows } = await sut.pool.query<{ n: number; refs: number }>('SELECT count(*)::int AS n, count(DISTINCT referral_id)::int AS refs FROM leads WHERE hotel_id = $1', [concurrentHotel]);
    expect(rows[0]).toEqual({ n: 14, refs: 14 });
  });
});

describe('lead limits', () => {
  /** Posts `count` distinct leads (one traveller, sharing their details) for a hotel from one client address; answers their statuses. */
  async function postLeads(client: string, hotelId: number, count: number, offset: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => leadFrom(client, { hotelId, ...stay(offset + start + i) }));
      statuses.push(...(await Promise.all(batch)).map((a) => a.status));
    }
    return statuses;
  }

  const expectTooMany = (res: { status: number; body: { message: string; retryAfterSeconds: number }; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(new RegExp(`^${messages.tooManyLeads} Please try again in \\d+ (second|minute)s?\\.$`));
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limitWindowSeconds);
    expect(res.body.retryAfterSeconds).toBe(retryAfter);
  };

  it(`answers 429 with Retry-After once one client address has sent ${perClientLimit} leads within the window`, async () => {
    const client = uniqueClientAddress();
    // Spread over hotels, each within the client's share of it.
    const hotels = [quietHotel, ...spreadHotels];
    const statuses: number[] = [];
    for (const [index, hotelId] of hotels.entries()) {
      const count = Math.min(perHotelPerClientLimit - 1, perClientLimit - statuses.length);
      statuses.push(...(await postLeads(client, hotelId, count, index * 100)));
    }
    expect(statuses).toEqual(Array(perClientLimit).fill(201));
    expectTooMany(await leadFrom(client, { hotelId: crowdedHotel, ...stay(5000) }));
    // A signed-in traveller on that address is limited too; another address is not.
    expect((await leadFrom(client, { hotelId: quietHotel, ...stay(5001) }, traveller.token)).status).toBe(429);
    expect((await leadFrom(uniqueClientAddress(), { hotelId: quietHotel, ...stay(5002) })).status).toBe(201);
    const { rows } = await sut.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE ip_address = $1', [client]);
    expect(rows[0]?.n).toBe(perClientLimit);
  }, 60_000);

  it(`holds one client to its share of a hotel (${perHotelPerClientLimit} leads), with Retry-After, while others still reach it`, async () => {
    const client = uniqueClientAddress();
    expect(await postLeads(client, sharedHotel, perHotelPerClientLimit, 0)).toEqual(Array(perHotelPerClientLimit).fill(201));
    expectTooMany(await leadFrom(client, { hotelId: sharedHotel, ...stay(900) }));
    // The same client may still ask another hotel; another client may still ask this one.
    expect((await leadFrom(client, { hotelId: quietHotel, ...stay(901) })).status).toBe(201);
    expect((await leadFrom(uniqueClientAddress(), { hotelId: sharedHotel, ...stay(902) })).status).toBe(201);
  }, 60_000);

  it('never lets two attacking addresses spend a hotel\'s budget: real travellers\' leads still go through', async () => {
    // Each attacker sends as many leads as its per-client limit allows, to the one hotel.
    const attackers = [uniqueClientAddress(), uniqueClientAddress()];
    const statuses = await Promise.all(attackers.map((client, index) => postLeads(client, attackedHotel, perClientLimit, index * 1000)));
    for (const sent of statuses) {
      expect(sent.filter((status) => status === 201).length).toBe(perHotelPerClientLimit);
      expect(sent.filter((status) => status === 429).length).toBe(perClientLimit - perHotelPerClientLimit);
    }
    const real = await leadFrom(uniqueClientAddress(), { hotelId: attackedHotel, checkInDate: '2028-06-01', checkOutDate: '2028-06-04', guests: 2 }, traveller.token);
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    const another = await leadFrom(uniqueClientAddress(), { hotelId: attackedHotel, ...stay(7000) }, (await sut.asTraveller()).token);
    expect(another.status).toBe(201);
  }, 60_000);

  it('counts an IPv6 client by its /64: rotating addresses inside it does not give it a second share', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const statuses: number[] = [];
    for (let i = 0; i <= perHotelPerClientLimit; i += 1) {
      statuses.push((await leadFrom(`${prefix}::${(i + 1).toString(16)}`, { hotelId: attackedHotel, ...stay(8000 + i) })).status);
    }
    expect(statuses).toEqual([...Array(perHotelPerClientLimit).fill(201), 429]);
    const { rows } = await sut.pool.query<{ groups: string[] }>('SELECT array_agg(DISTINCT client_group) AS groups FROM leads WHERE ip_address LIKE $1', [`${prefix}::%`]);
    expect(rows[0]?.groups).toEqual([`${prefix.split(':').map((part) => part.padStart(4, '0')).join(':')}::/64`]);
  }, 60_000);

  it(`answers 429 with Retry-After to a new client once a hotel has heard from ${perHotelLimit} different clients within the window, never to one of them`, async () => {
    const clients = Array.from({ length: perHotelLimit }, uniqueClientAddress);
    const answers = await Promise.all(clients.map((client, i) => leadFrom(client, { hotelId: crowdedHotel, ...stay(i) })));
    expect(answers.map((a) => a.status)).toEqual(Array(perHotelLimit).fill(201));
    expectTooMany(await leadFrom(uniqueClientAddress(), { hotelId: crowdedHotel, ...stay(6000) }));
    expect((await lead({ hotelId: crowdedHotel, ...stay(6001) }, traveller.token)).status).toBe(429);
    // A client the hotel already heard from keeps its share; other hotels are untouched.
    expect((await leadFrom(clients[0]!, { hotelId: crowdedHotel, ...stay(6003) })).status).toBe(201);
    expect((await leadFrom(uniqueClientAddress(), { hotelId: quietHotel, ...stay(6002) })).status).toBe(201);
    const { rows } = await sut.pool.query<{ n: number; clients: number }>('SELECT count(*)::int AS n, count(DISTINCT client_group)::int AS clients FROM leads WHERE hotel_id = $1', [crowdedHotel]);
    expect(rows[0]).toEqual({ n: perHotelLimit + 1, clients: perHotelLimit });
  }, 60_000);
});

describe('GET /api/provider/leads', () => {
  it('lists the provider\'s own hotels\' leads only, newest first, with their referral ids, in the documented shape', async () => {
    const olderRef = freshReferralId(ownHotel);
    const newerRef = freshReferralId(ownHotel);
    const olive = await sut.asTraveller({ firstName: 'Olive', lastName: 'Older' });
    const older = await lead({ hotelId: ownHotel, checkInDate: '2027-08-01', guests: 1, referralId: olderRef }, olive.token);
    const newer = await lead({ hotelId: ownHotel, checkInDate: '2027-08-02', guests: 2, referralId: newerRef }, traveller.token);
    const elsewhere = await lead({ hotelId: otherHotel, name: 'Otto Other', email: 'otto@example.com' });
    expect([older.status, newer.status, elsewhere.status]).toEqual([201, 201, 201]);

    const res = await sut.api('GET', `/api/provider/leads?hotelId=${ownHotel}&limit=100`, { token: providerToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: expect.any(Number), page: 1, limit: 100 });
    const ids: string[] = res.body.items.map((l: { id: string }) => l.id);
    expect(ids).toContain(older.body.id);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
    expect(ids).not.toContain(elsewhere.body.id);
    expect(res.body.items.every((l: { hotel: { id: number } }) => l.hotel.id !== otherHotel)).toBe(true);
    // Another provider's hotel filters to nothing: the filter narrows the caller's own leads only.
    expect((await sut.api('GET', `/api/provider/leads?hotelId=${otherHotel}`, { token: providerToken })).body).toMatchObject({ items: [], total: 0 });
    const times = res.body.items.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.items.find((l: { id: string }) => l.id === newer.body.id)).toEqual({
      id: newer.body.id,
      createdAt: expect.any(String),
      hotel: { id: ownHotel, name: `Test Hotel ${ownHotel}` },
      name: 'Lena Lifter',
      email: traveller.email.toLowerCase(),
      checkInDate: '2027-08-02',
      checkOutDate: null,
      guests: 2,
      message: null,
      referralId: newerRef,
      status: 'new',
      note: null,
      assignee: null,
    });
    expect(res.body.items.find((l: { id: string }) => l.id === older.body.id)).toMatchObject({ name: 'Olive Older', email: olive.email.toLowerCase(), referralId: olderRef });
  });

  it('is for providers only: traveller and admin 403, visitor 401', async () => {
    expect((await sut.api('GET', '/api/provider/leads', { token: traveller.token })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/leads', { token: adminToken })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/leads')).status).toBe(401);
  });
});
