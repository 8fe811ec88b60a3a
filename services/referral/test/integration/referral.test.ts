import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KafkaBus } from '@reproute/platform';
import { apiFrom, envelope, eventually, publish, registerTraveller, seedAccounts, serviceDb, testBus, testHotel, testHotelIds, uniqueClientAddress, type MaildevEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf } from '../../../engagement/test/integration/support.ts';

const providerId = '00000000-0000-4000-8000-000000000002';
// The lead's way to the hotel's inbox: referral, Kafka, the notifier and SMTP. What the referral service
// alone answers (validation, limits, the provider's list) is in test/routes.
const [ownHotel] = testHotelIds(1) as [number];
const testHotels = [ownHotel];

let bus: KafkaBus;
let db: ReturnType<typeof serviceDb>;
let traveller: Awaited<ReturnType<typeof registerTraveller>>;

// This file's leads leave from their own loopback address, so its per-client budget is not shared with other tests.
const fileClient = uniqueClientAddress();
/** A lead as the booking dialog sends one when the traveller ticks "share my details". */
const lead = (body: Record<string, unknown>, token?: string) => apiFrom(fileClient, 'POST', '/api/leads', { body: { shareContact: true, ...body }, token });

beforeAll(async () => {
  bus = testBus();
  db = serviceDb('referral');
  await publish(bus, envelope('hotel.created', testHotel(ownHotel, { providerId, providerEmail: seedAccounts.provider.email })), ownHotel);
  traveller = await registerTraveller({ firstName: 'Lena', lastName: 'Lifter' });
  await eventually(async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM hotels WHERE hotel_id = ANY($1::int[])', [testHotels]);
    return rows[0]?.n === testHotels.length;
  }, 30_000, 'test hotels in the referral projection');
});

afterAll(async () => {
  for (const hotelId of testHotels) await publish(bus, envelope('hotel.deleted', { hotelId, providerId: null }), hotelId);
  await bus.close();
  await db.end();
});

/** A fresh referral id for a hotel, as the booking dialog makes one (RR_{hotelId}_{timestamp}). */
let lastStamp = 0;
function freshReferralId(hotelId: number): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `RR_${hotelId}_${lastStamp}`;
}
const envelopeRecipients = (email: MaildevEmail) => ((email as unknown as { envelope?: { to?: { address: string }[] } }).envelope?.to ?? []).map((t) => t.address.toLowerCase());
const emailText = (email: MaildevEmail) => `${email.subject}\n${email.text ?? ''}\n${email.html ?? ''}`;

describe('POST /api/leads: the hotel\'s email', () => {
  it('takes a signed-in traveller\'s name and email from the account, whatever the body says, and emails the hotel with them', async () => {
    const referralId = freshReferralId(ownHotel);
    const res = await lead(
      { hotelId: ownHotel, userId: randomUUID(), name: 'Mallory Forger', email: 'forged@example.com', checkInDate: '2027-05-01', checkOutDate: '2027-05-04', guests: 2, referralId },
      traveller.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), referralId });
    const { rows } = await db.query('SELECT user_id, name, email, referral_id FROM leads WHERE id = $1', [res.body.id]);
    expect(rows[0]).toEqual({ user_id: traveller.user.id, name: 'Lena Lifter', email: traveller.email.toLowerCase(), referral_id: referralId });

    const [mail] = await expectEmailsExactly((e) => emailText(e).includes(referralId), 1, { timeoutMs: 45_000, settleMs: 1_000, what: 'lead email' });
    expect(envelopeRecipients(mail!)).toEqual([`hotel-${ownHotel}@example.com`]);
    expect(mail!.subject).toBe(`New lead for Test Hotel ${ownHotel}: Lena Lifter`);
    expect(mail!.text).toContain(traveller.email.toLowerCase());
    expect(mail!.text).toContain(`Referral ID: ${referralId}`);
    expect(emailText(mail!)).not.toMatch(/Mallory|forged@example\.com/);
    expect(await replyToOf(mail!)).toBe(traveller.email.toLowerCase());
  }, 60_000);

  it('sends a visitor\'s lead nowhere: refused, nothing stored, no email to the hotel (their booking is the referral click alone)', async () => {
    const referralId = freshReferralId(ownHotel);
    const res = await lead({ hotelId: ownHotel, userId: traveller.user.id, name: 'Victor Visitor', email: 'victim@example.com', message: 'Call me at evil.example', guests: 4, referralId });
    expect(res.status).toBe(401);
    const click = await apiFrom(fileClient, 'POST', '/api/referral-clicks', { body: { hotelId: ownHotel, bookingUrl: `https://book.example.com/${ownHotel}?ref=${referralId}` } });
    expect(click.status).toBe(201);
    const { rows } = await db.query('SELECT id FROM leads WHERE referral_id = $1', [referralId]);
    expect(rows).toEqual([]);
    // The click's event went through the pipeline, and still nothing reached the hotel's inbox.
    await eventually(async () => {
      const { rows: unsent } = await db.query(`SELECT 1 FROM outbox WHERE event_type = 'referral.clicked' AND payload->'data'->>'clickId' = $1 AND sent_at IS NULL`, [click.body.id]);
      return unsent.length === 0;
    }, 30_000, 'the click published');
    await expectEmailsExactly((e) => emailText(e).includes(referralId), 0, { settleMs: 3_000, what: 'no email for a visitor' });
  }, 60_000);
});
