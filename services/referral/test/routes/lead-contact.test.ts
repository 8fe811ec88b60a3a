import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

/**
 * An email address is proved before it speaks for a person: a lead carries the account's name, email
 * (the hotel's Reply-To) and message only when the caller's token claims a verified address.
 */
const hotelId = 41;
let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let stayDay = 0;

/** A lead for a stay of its own (so no two are one repeated lead), from an address of its own. */
const sendLead = (token: string | undefined, extra: Record<string, unknown> = {}) => {
  stayDay += 1;
  const checkIn = new Date(Date.UTC(2028, 0, 1) + stayDay * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.UTC(2028, 0, 3) + stayDay * 86_400_000).toISOString().slice(0, 10);
  return sut.api('POST', '/api/leads', { body: { hotelId, checkInDate: checkIn, checkOutDate: checkOut, guests: 2, ...extra }, token, remoteAddress: uniqueClientAddress() });
};

async function storedAndSent(leadId: string) {
  const { rows } = await sut.pool.query('SELECT user_id, name, email, message FROM leads WHERE id = $1', [leadId]);
  const [event] = (await sut.events('lead.created')).filter((e) => e.data.leadId === leadId);
  return { row: rows[0], event: event?.data };
}

beforeAll(async () => {
  sut = await referralUnderTest();
  await sut.bus.publishEvent('hotel.created', testHotel(hotelId), { key: hotelId });
  await sut.settled();
});

afterAll(async () => {
  await sut?.close();
});

describe('POST /api/leads and the account\'s verified address', () => {
  const forged = { userId: randomUUID(), name: 'Mallory Forger', email: 'forged@example.com' };

  it('a verified traveller\'s lead carries the account\'s name, email and message to the hotel', async () => {
    const traveller = await sut.asTraveller({ firstName: 'Vera', lastName: 'Verified', emailVerified: true });
    const res = await sendLead(traveller.token, { ...forged, message: 'Is the squat rack free at 6?' });
    expect(res.status).toBe(201);
    const { row, event } = await storedAndSent(res.body.id);
    const contact = { name: 'Vera Verified', email: traveller.email.toLowerCase(), message: 'Is the squat rack free at 6?' };
    expect(row).toEqual({ user_id: traveller.id, ...contact });
    expect(event).toMatchObject({ userId: traveller.id, ...contact });
  });

  it('an unverified account\'s lead stays anonymous: no name, no email (so no Reply-To), no message, whatever the body says', async () => {
    const traveller = await sut.asTraveller({ firstName: 'Una', lastName: 'Unverified', email: 'someone@company.example', emailVerified: false });
    const res = await sendLead(traveller.token, { ...forged, message: 'Your account is locked, visit evil.example' });
    expect(res.status).toBe(201);
    const { row, event } = await storedAndSent(res.body.id);
    expect(row).toEqual({ user_id: traveller.id, name: null, email: null, message: null });
    expect(event).toMatchObject({ userId: traveller.id, name: null, email: null, message: null });
    expect(JSON.stringify(event)).not.toMatch(/someone@company|Una|Unverified|evil\.example|forged/);
  });

  it('a token issued before the claim existed (no email_verified at all) speaks for nobody either', async () => {
    const key = sut.signingKey;
    const id = randomUUID();
    const token = await new SignJWT({ email: 'old.token@example.com', roles: ['traveller'], firstName: 'Olga', lastName: 'Old' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
      .setSubject(id)
      .setIssuer(sut.ctx.config.JWT_ISSUER)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti(randomUUID())
      .sign(key.privateKey);
    const res = await sendLead(token, { message: 'Hello' });
    expect(res.status).toBe(201);
    const { row } = await storedAndSent(res.body.id);
    expect(row).toEqual({ user_id: id, name: null, email: null, message: null });
  });

  it('a visitor\'s lead stays anonymous as before', async () => {
    const res = await sendLead(undefined, { ...forged, message: 'Hi' });
    expect(res.status).toBe(201);
    expect((await storedAndSent(res.body.id)).row).toEqual({ user_id: null, name: null, email: null, message: null });
  });
});
