import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import type { KafkaBus } from '@reproute/platform';
import { apiFrom, envelope, eventually, publish, registerTraveller, serviceDb, testBus, testHotel, testHotelIds, uniqueClientAddress, type MaildevEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf } from '../../../services/engagement/test/integration/support.ts';

/**
 * Sharing contact details is the traveller's choice (ruling 14), through the gateway and the running system
 * (referral, Kafka, the notifier, MailDev), as the booking dialog calls it: a visitor's Book Now is the referral
 * click alone and emails the hotel nothing; a verified traveller who ticks "share my details" sends the click and
 * a lead, and the hotel is emailed their name and email; one who leaves it unticked sends the click alone, and
 * the hotel gets nothing. An older caller posting a lead without the flag is told why, and nothing is emailed.
 */
const [hotelId] = testHotelIds(1) as [number];
const hotelInbox = `hotel-${hotelId}@example.com`;
const client = uniqueClientAddress();
let bus: KafkaBus;
let referralDb: ReturnType<typeof serviceDb>;

const emailText = (email: MaildevEmail) => `${email.subject}\n${email.text ?? ''}\n${email.html ?? ''}`;
let lastStamp = 0;
const freshReferralId = () => {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `RR_${hotelId}_${lastStamp}`;
};

/** The booking dialog's referral click for a booking link carrying `ref`. */
async function click(ref: string, token?: string) {
  const res = await apiFrom(client, 'POST', '/api/referral-clicks', {
    token,
    body: { hotelId, hotelName: `Test Hotel ${hotelId}`, bookingUrl: `https://book.example.com/${hotelId}?ref=${ref}`, timestamp: new Date().toISOString(), searchParams: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The click's event has left referral's outbox (so anything it could set off has had its chance). */
async function published(clickId: string) {
  await eventually(async () => {
    const { rows } = await referralDb.query(`SELECT sent_at FROM outbox WHERE event_type = 'referral.clicked' AND payload->'data'->>'clickId' = $1`, [clickId]);
    return rows[0]?.sent_at ? true : undefined;
  }, 30_000, 'the click published');
}

const mentioning = (ref: string) => (e: MaildevEmail) => emailText(e).includes(ref);

beforeAll(async () => {
  bus = testBus();
  referralDb = serviceDb('referral');
  await publish(bus, envelope('hotel.created', testHotel(hotelId)), hotelId);
  await eventually(async () => (await referralDb.query('SELECT 1 FROM hotels WHERE hotel_id = $1', [hotelId])).rows.length === 1, 30_000, 'test hotel in referral');
});

afterAll(async () => {
  await publish(bus, envelope('hotel.deleted', { hotelId, providerId: null }), hotelId);
  await bus.close();
  await referralDb.end();
});

describe('POST /api/leads through the gateway: the traveller\'s choice', () => {
  it('a visitor: the click is recorded, a lead is refused whatever it says, and the hotel gets no email', async () => {
    const ref = freshReferralId();
    const clickId = await click(ref);
    // An older caller posting the spec's anonymous lead, and one claiming consent without signing in.
    const old = await apiFrom(client, 'POST', '/api/leads', { body: { hotelId, userId: null, name: 'Vic Visitor', email: 'vic@example.com', referralId: ref } });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(messages.leadNeedsConsent);
    const claimed = await apiFrom(client, 'POST', '/api/leads', { body: { shareContact: true, hotelId, referralId: ref } });
    expect(claimed.status).toBe(401);
    expect(claimed.body.message).toBe('Leads are sent only by signed-in travellers who choose to share their details; the referral click is recorded with POST /api/referral-clicks');
    await published(clickId);
    expect((await referralDb.query('SELECT id FROM leads WHERE referral_id = $1', [ref])).rows).toEqual([]);
    await expectEmailsExactly(mentioning(ref), 0, { settleMs: 4_000, what: 'no email for a visitor' });
  }, 60_000);

  it('a verified traveller who does not tick the box: the click only, no lead, no email; the flag left out is refused', async () => {
    const traveller = await registerTraveller({ firstName: 'Una', lastName: 'Ticked' });
    const ref = freshReferralId();
    const clickId = await click(ref, traveller.token);
    const unflagged = await apiFrom(client, 'POST', '/api/leads', { token: traveller.token, body: { hotelId, referralId: ref } });
    expect(unflagged.status).toBe(400);
    expect(unflagged.body.message).toBe(messages.leadNeedsConsent);
    await published(clickId);
    expect((await referralDb.query('SELECT id FROM leads WHERE referral_id = $1', [ref])).rows).toEqual([]);
    await expectEmailsExactly(mentioning(ref), 0, { settleMs: 4_000, what: 'no email without the tick' });
  }, 90_000);

  it('a verified traveller who ticks it: the click and the lead; the hotel is emailed their name and email, and nothing invented', async () => {
    const traveller = await registerTraveller({ firstName: 'Tia', lastName: 'Shares' });
    const ref = freshReferralId();
    await click(ref, traveller.token);
    const lead = await apiFrom(client, 'POST', '/api/leads', { token: traveller.token, body: { shareContact: true, hotelId, referralId: ref, guests: 2 } });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    expect(lead.body.referralId).toBe(ref);
    const [mail] = await expectEmailsExactly(mentioning(ref), 1, { timeoutMs: 45_000, settleMs: 1_000, what: 'the lead email' });
    expect(mail!.to.map((t) => t.address)).toEqual([hotelInbox]);
    expect(mail!.subject).toBe(`New lead for Test Hotel ${hotelId}: Tia Shares`);
    expect(mail!.text).toContain(`Email: ${traveller.email.toLowerCase()}`);
    expect(mail!.text).toContain('Guests: 2');
    // No dates were chosen, so none are sent.
    expect(mail!.text).not.toMatch(/Check-in|Check-out/);
    expect(await replyToOf(mail!)).toBe(traveller.email.toLowerCase());
  }, 90_000);
});
