import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import type { KafkaBus } from '@reproute/platform';
import { api, envelope, eventually, login, publish, registerTraveller, seedAccounts, serviceDb, testBus, testHotel, testHotelIds, waitForEmail } from '@reproute/platform/testing';

const providerId = '00000000-0000-4000-8000-000000000002';
const [ownHotel, noLinkHotel, otherHotel, pendingHotel] = testHotelIds(4) as [number, number, number, number];
const otherProvider = randomUUID();

let bus: KafkaBus;
let db: ReturnType<typeof serviceDb>;
let providerToken: string;
let adminToken: string;
let traveller: Awaited<ReturnType<typeof registerTraveller>>;

const lead = (body: Record<string, unknown>, token?: string) => api('POST', '/api/leads', { body, token });

beforeAll(async () => {
  bus = testBus();
  db = serviceDb('referral');
  await publish(bus, envelope('hotel.created', testHotel(ownHotel, { providerId, providerEmail: seedAccounts.provider.email })), ownHotel);
  await publish(bus, envelope('hotel.created', testHotel(noLinkHotel, { providerId, bookingUrl: null })), noLinkHotel);
  await publish(bus, envelope('hotel.created', testHotel(otherHotel, { providerId: otherProvider, providerEmail: 'other-provider@example.com', contactEmail: null })), otherHotel);
  await publish(bus, envelope('hotel.submitted', testHotel(pendingHotel, { providerId, isApproved: false })), pendingHotel);
  [providerToken, adminToken, traveller] = await Promise.all([
    login(seedAccounts.provider.email, seedAccounts.provider.password).then((r) => r.token),
    login(seedAccounts.admin.email, seedAccounts.admin.password).then((r) => r.token),
    registerTraveller({ firstName: 'Lena', lastName: 'Lifter' }),
  ]);
  await eventually(async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels WHERE hotel_id = ANY($1::int[])', [[ownHotel, noLinkHotel, otherHotel, pendingHotel]]);
    return rows[0]?.n === 4;
  }, 30_000, 'test hotels in the referral projection');
});

afterAll(async () => {
  for (const hotelId of [ownHotel, noLinkHotel, otherHotel, pendingHotel]) await publish(bus, envelope('hotel.deleted', { hotelId, providerId: null }), hotelId);
  await bus.close();
  await db.end();
});

describe('POST /api/referral-clicks', () => {
  const click = {
    hotelName: '',
    bookingUrl: 'https://book.example.com/x?checkIn=2027-03-01&checkOut=2027-03-03&adults=2&ref=RR_1_1700000000000',
    timestamp: new Date().toISOString(),
    searchParams: { checkIn: '2027-03-01', checkOut: '2027-03-03', guests: 2 },
  };

  it('records a visitor click with user agent and IP, finding the hotel by name', async () => {
    const res = await api('POST', '/api/referral-clicks', {
      body: { ...click, hotelName: `test hotel ${ownHotel}` },
      headers: { 'user-agent': 'RepRoute-Test/1.0' },
    });
    expect(res.status).toBe(201);
    const { rows } = await db.query('SELECT * FROM referral_clicks WHERE id = $1', [res.body.id]);
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
    const { rows: outbox } = await db.query(`SELECT payload FROM outbox WHERE event_type = 'referral.clicked' AND payload->'data'->>'clickId' = $1`, [res.body.id]);
    expect(outbox[0]?.payload.data).toMatchObject({ hotelId: ownHotel, userId: null });
  });

  it('records the signed-in user from the token', async () => {
    const res = await api('POST', '/api/referral-clicks', { body: { ...click, hotelName: 'Shown Name', hotelId: ownHotel }, token: traveller.token });
    expect(res.status).toBe(201);
    const { rows } = await db.query('SELECT hotel_id, hotel_name, user_id FROM referral_clicks WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ hotel_id: ownHotel, hotel_name: 'Shown Name', user_id: traveller.user.id });
  });

  it('takes the name from the projection when only the id is sent, and needs one of them', async () => {
    const named = await api('POST', '/api/referral-clicks', { body: { ...click, hotelId: ownHotel } });
    expect(named.status).toBe(201);
    const { rows } = await db.query('SELECT hotel_name FROM referral_clicks WHERE id = $1', [named.body.id]);
    expect(rows[0].hotel_name).toBe(`Test Hotel ${ownHotel}`);
    const neither = await api('POST', '/api/referral-clicks', { body: { ...click, hotelId: 999_999_999 } });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(messages.hotelNameRequired);
  });

  it('rejects a missing or non-http booking URL', async () => {
    const res = await api('POST', '/api/referral-clicks', { body: { hotelName: 'X', bookingUrl: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.bookingUrlInvalid);
    expect((await api('POST', '/api/referral-clicks', { body: { hotelName: 'X' } })).status).toBe(400);
  });
});

describe('POST /api/leads', () => {
  it('emails a lead for a seeded hotel to that hotel\'s contact address', async () => {
    const { rows } = await db.query<{ hotel_id: number; contact_email: string }>(
      `SELECT hotel_id, COALESCE(contact_email, provider_email) AS contact_email FROM hotels
        WHERE hotel_id BETWEEN 1 AND 25 AND is_approved AND booking_url IS NOT NULL AND deleted_at IS NULL ORDER BY hotel_id LIMIT 1`,
    );
    expect(rows[0], 'seeded hotels are in the referral projection (catalog.hotels)').toBeDefined();
    const { hotel_id: hotelId, contact_email: contactEmail } = rows[0]!;
    const name = `Lead Tester ${randomUUID().slice(0, 8)}`;
    const res = await lead({ hotelId, userId: traveller.user.id, name, email: traveller.email, checkInDate: '2027-05-01', checkOutDate: '2027-05-04', guests: 2 }, traveller.token);
    expect(res.status).toBe(201);
    const email = await waitForEmail((e) => e.to.some((t) => t.address.toLowerCase() === contactEmail.toLowerCase()) && `${e.text ?? ''}${e.html ?? ''}`.includes(name), 30_000);
    expect(`${email.text ?? ''}`).toContain(traveller.email);
  });

  it('answers 400 "Booking link not available for this hotel." when the hotel has no booking URL', async () => {
    const res = await lead({ hotelId: noLinkHotel, userId: null, name: null, email: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Booking link not available for this hotel.');
  });

  it('answers 404 for an unknown hotel, and for a pending one to anyone but its provider', async () => {
    expect((await lead({ hotelId: 999_999_999, userId: null, name: null, email: null })).status).toBe(404);
    expect((await lead({ hotelId: pendingHotel, userId: null, name: null, email: null }, traveller.token)).status).toBe(404);
    expect((await lead({ hotelId: pendingHotel, userId: null, name: null, email: null, guests: 3 }, providerToken)).status).toBe(201);
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

  it('takes the user from the token, ignoring a body userId, and fills email and name from the account', async () => {
    const res = await lead({ hotelId: ownHotel, userId: randomUUID(), name: null, email: null, checkInDate: '2027-06-01', checkOutDate: '2027-06-02' }, traveller.token);
    expect(res.status).toBe(201);
    const { rows } = await db.query('SELECT user_id, name, email, contact_email FROM leads WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ user_id: traveller.user.id, name: 'Lena Lifter', email: traveller.email.toLowerCase(), contact_email: `hotel-${ownHotel}@example.com` });
    const { rows: outbox } = await db.query(`SELECT payload FROM outbox WHERE event_type = 'lead.created' AND payload->'data'->>'leadId' = $1`, [res.body.id]);
    expect(outbox[0]?.payload.data).toMatchObject({ hotelId: ownHotel, contactEmail: `hotel-${ownHotel}@example.com`, email: traveller.email.toLowerCase(), checkInDate: '2027-06-01' });
  });

  it('keeps a visitor\'s lead anonymous, ignoring a userId without a token', async () => {
    const res = await lead({ hotelId: ownHotel, userId: traveller.user.id, name: null, email: null, guests: 4 });
    expect(res.status).toBe(201);
    const { rows } = await db.query('SELECT user_id, name, email FROM leads WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ user_id: null, name: null, email: null });
  });

  it('answers a repeated lead with the first one instead of emailing the hotel twice', async () => {
    const body = { hotelId: ownHotel, userId: null, name: 'Rita Repeat', email: 'rita@example.com', checkInDate: '2027-07-01', checkOutDate: '2027-07-05', guests: 2 };
    const first = await lead(body);
    const second = await lead(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE event_type = 'lead.created' AND payload->'data'->>'leadId' = $1`, [first.body.id]);
    expect(rows[0]?.n).toBe(1);
  });
});

describe('GET /api/provider/leads', () => {
  it('lists the provider\'s own hotels\' leads only, newest first, in the documented shape', async () => {
    const older = await lead({ hotelId: ownHotel, name: 'Olga Older', email: 'olga@example.com', checkInDate: '2027-08-01', guests: 1 });
    const newer = await lead({ hotelId: ownHotel, name: 'Nina Newer', email: 'nina@example.com', checkInDate: '2027-08-02', guests: 2 });
    const elsewhere = await lead({ hotelId: otherHotel, name: 'Otto Other', email: 'otto@example.com' });
    expect([older.status, newer.status, elsewhere.status]).toEqual([201, 201, 201]);

    const res = await api('GET', '/api/provider/leads', { token: providerToken });
    expect(res.status).toBe(200);
    const ids: string[] = res.body.map((l: { id: string }) => l.id);
    expect(ids).toContain(older.body.id);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
    expect(ids).not.toContain(elsewhere.body.id);
    expect(res.body.every((l: { hotel: { id: number } }) => l.hotel.id !== otherHotel)).toBe(true);
    const times = res.body.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.find((l: { id: string }) => l.id === newer.body.id)).toEqual({
      id: newer.body.id,
      createdAt: expect.any(String),
      hotel: { id: ownHotel, name: `Test Hotel ${ownHotel}` },
      name: 'Nina Newer',
      email: 'nina@example.com',
      checkInDate: '2027-08-02',
      checkOutDate: null,
      guests: 2,
      message: null,
    });
  });

  it('is for providers only: traveller and admin 403, visitor 401', async () => {
    expect((await api('GET', '/api/provider/leads', { token: traveller.token })).status).toBe(403);
    expect((await api('GET', '/api/provider/leads', { token: adminToken })).status).toBe(403);
    expect((await api('GET', '/api/provider/leads')).status).toBe(401);
  });
});
