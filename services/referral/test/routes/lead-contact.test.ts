import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

/**
 * Sharing contact details is the traveller's choice (rulings 14 and 17): a lead, and with it the hotel's
 * email (`lead.created`, which the notifier sends), exists only when a signed-in account whose token claims
 * a verified address sends `shareContact: true`. Anyone else gets a clear refusal, no lead row and no event;
 * their booking is the referral click alone.
 */
const hotelId = 41;
let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let stayDay = 0;

/** A lead for a stay of its own (so no two are one repeated lead), from an address of its own. */
const sendLead = (token: string | undefined, extra: Record<string, unknown> = {}) => {
  stayDay += 1;
  const checkIn = new Date(Date.UTC(2028, 0, 1) + stayDay * 86_400_000).toISOString().slice(0, 10);
  const checkOut = new Date(Date.UTC(2028, 0, 3) + stayDay * 86_400_000).toISOString().slice(0, 10);
  return sut.api('POST', '/api/leads', { body: { hotelId, shareContact: true, checkInDate: checkIn, checkOutDate: checkOut, guests: 2, ...extra }, token, remoteAddress: uniqueClientAddress() });
};

async function storedAndSent(leadId: string) {
  const { rows } = await sut.pool.query('SELECT user_id, name, email, message FROM leads WHERE id = $1', [leadId]);
  const [event] = (await sut.events('lead.created')).filter((e) => e.data.leadId === leadId);
  return { row: rows[0], event: event?.data };
}

/** How many leads are stored and announced (each announced lead is an email to the hotel). */
async function leadsSoFar() {
  const { rows } = await sut.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  return { stored: rows[0]!.n, announced: (await sut.events('lead.created')).length };
}

/** A token signed as identity signs them, without the `email_verified` claim (tokens issued before it existed). */
async function tokenWithoutClaim(id: string) {
  const key = sut.signingKey;
  return new SignJWT({ email: 'old.token@example.com', roles: ['traveller'], firstName: 'Olga', lastName: 'Old' })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(id)
    .setIssuer(sut.ctx.config.JWT_ISSUER)
    .setIssuedAt()
    .setExpirationTime('1h')
    .setJti(randomUUID())
    .sign(key.privateKey);
}

beforeAll(async () => {
  sut = await referralUnderTest();
  await sut.bus.publishEvent('hotel.created', testHotel(hotelId), { key: hotelId });
  await sut.settled();
});

afterAll(async () => {
  await sut?.close();
});

describe('POST /api/leads: the traveller\'s choice, from a verified account', () => {
  const forged = { userId: randomUUID(), name: 'Mallory Forger', email: 'forged@example.com' };

  it('a verified traveller who shares their details: the lead carries the account\'s name, email and message', async () => {
    const traveller = await sut.asTraveller({ firstName: 'Vera', lastName: 'Verified', emailVerified: true });
    const res = await sendLead(traveller.token, { ...forged, message: 'Is the squat rack free at 6?' });
    expect(res.status).toBe(201);
    const { row, event } = await storedAndSent(res.body.id);
    const contact = { name: 'Vera Verified', email: traveller.email.toLowerCase(), message: 'Is the squat rack free at 6?' };
    expect(row).toEqual({ user_id: traveller.id, ...contact });
    expect(event).toMatchObject({ userId: traveller.id, ...contact });
  });

  it('dates and guests travel only when the traveller chose them: nothing is filled in', async () => {
    const traveller = await sut.asTraveller({ firstName: 'Nell', lastName: 'Nodates', emailVerified: true });
    const res = await sut.api('POST', '/api/leads', { body: { hotelId, shareContact: true }, token: traveller.token, remoteAddress: uniqueClientAddress() });
    expect(res.status).toBe(201);
    const [event] = (await sut.events('lead.created')).filter((e) => e.data.leadId === res.body.id);
    expect(event!.data).toMatchObject({ checkInDate: null, checkOutDate: null, guests: null });
  });

  it('without shareContact: true (an older caller, or the box left unticked) there is no lead and nothing to email: 400 with the reason', async () => {
    const traveller = await sut.asTraveller({ emailVerified: true });
    const before = await leadsSoFar();
    for (const shareContact of [undefined, false, 'true', 1]) {
      const res = await sendLead(traveller.token, { shareContact });
      expect(res.status, String(shareContact)).toBe(400);
      expect(res.body.message).toBe(messages.leadNeedsConsent);
      expect(res.body.message).toBe('Leads are sent only by signed-in travellers who choose to share their details; the referral click is recorded with POST /api/referral-clicks');
    }
    // The spec's old body (hotelId, userId, name, email), as earlier callers post it.
    const old = await sut.api('POST', '/api/leads', { body: { hotelId, userId: null, name: null, email: null }, remoteAddress: uniqueClientAddress() });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(messages.leadNeedsConsent);
    expect(await leadsSoFar()).toEqual(before);
  });

  it('a visitor is answered 401, whatever the body says: no lead, nothing emailed', async () => {
    const before = await leadsSoFar();
    const res = await sendLead(undefined, { ...forged, message: 'Hi' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.leadNeedsConsent);
    expect(await leadsSoFar()).toEqual(before);
  });

  it('an account whose email is not verified is answered 403: no lead, nothing emailed', async () => {
    const traveller = await sut.asTraveller({ firstName: 'Una', lastName: 'Unverified', email: 'someone@company.example', emailVerified: false });
    const before = await leadsSoFar();
    const res = await sendLead(traveller.token, { ...forged, message: 'Your account is locked, visit evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.leadNeedsVerifiedEmail);
    // A token issued before the claim existed (no email_verified at all) is not verified either.
    const stale = await sendLead(await tokenWithoutClaim(randomUUID()), { message: 'Hello' });
    expect(stale.status).toBe(403);
    expect(await leadsSoFar()).toEqual(before);
  });

  it('the refused callers\' referral clicks are still recorded', async () => {
    const traveller = await sut.asTraveller({ emailVerified: false });
    for (const token of [undefined, traveller.token]) {
      const click = await sut.api('POST', '/api/referral-clicks', { token, body: { hotelId, bookingUrl: `https://book.example.com/${hotelId}?ref=RR_${hotelId}_${Date.now()}` } });
      expect(click.status).toBe(201);
    }
  });
});
