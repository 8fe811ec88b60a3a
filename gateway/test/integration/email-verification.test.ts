import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { messages } from '@reproute/contracts';
import type { KafkaBus } from '@reproute/platform';
import {
  api,
  apiFrom,
  emailsTo,
  envelope,
  eventually,
  logMark,
  publish,
  registerTraveller,
  serviceDb,
  sleep,
  stack,
  testBus,
  testHotel,
  testHotelIds,
  uniqueClientAddress,
  uniqueEmail,
  verificationLinkToken,
  waitForEmail,
  type MaildevEmail,
} from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf, waitForKnownHotel } from '../../../services/engagement/test/integration/support.ts';

/**
 * An email address is proved before it speaks for a person, through the gateway and the running system:
 * registration → the verification email in MailDev → its link opened → the account verified → its lead
 * is sent, with its contact (before that there is no lead, nothing reaches the hotel, and its reviews are refused).
 */
const appUrl = process.env.PUBLIC_APP_URL ?? stack.gatewayUrl;
const [hotelId] = testHotelIds(1) as [number];
const hotelInbox = `hotel-${hotelId}@example.com`;
let bus: KafkaBus;
let referralDb: ReturnType<typeof serviceDb>;
const client = uniqueClientAddress();

const emailText = (email: MaildevEmail) => `${email.subject}\n${email.text ?? ''}\n${email.html ?? ''}`;
let lastStamp = 0;
const freshReferralId = () => {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `RR_${hotelId}_${lastStamp}`;
};
const claimsVerified = (token: string) => decodeJwt(token).email_verified;

beforeAll(async () => {
  bus = testBus();
  referralDb = serviceDb('referral');
  await publish(bus, envelope('hotel.created', testHotel(hotelId)), hotelId);
  await eventually(async () => (await referralDb.query('SELECT 1 FROM hotels WHERE hotel_id = $1', [hotelId])).rows.length === 1, 30_000, 'test hotel in referral');
  await waitForKnownHotel(hotelId);
});

afterAll(async () => {
  await publish(bus, envelope('hotel.deleted', { hotelId, providerId: null }), hotelId);
  await bus.close();
  await referralDb.end();
});

describe('email verification, end to end', () => {
  it('register → link in MailDev → opened → verified: only then is there a lead, with the traveller\'s name, email and Reply-To', async () => {
    const logs = logMark();
    const email = uniqueEmail('proved');
    const account = await registerTraveller({ email, firstName: 'Zed', lastName: 'Proven', verified: false });
    expect(account.user.emailVerified).toBe(false);
    expect(claimsVerified(account.token)).toBe(false);

    // The verification email: the link, to the address given, and nothing the registrant typed.
    const mail = await waitForEmail((e) => e.to.some((t) => t.address === email) && e.subject === 'Confirm your email address for RepRoute', 30_000);
    const link = mail.text?.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(`${appUrl}/verify-email?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    expect(mail.text!.startsWith('Hi,')).toBe(true);
    expect(emailText(mail)).not.toMatch(/Zed|Proven/);
    expect(mail.html).toContain('/verify-email?token=');

    // Unverified: no lead at all, even with the box ticked (403), and nothing reaches the hotel; the review is refused.
    const before = freshReferralId();
    const refusedLead = await apiFrom(client, 'POST', '/api/leads', { token: account.token, body: { shareContact: true, hotelId, referralId: before, message: 'Your account is locked, visit evil.example' } });
    expect(refusedLead.status).toBe(403);
    expect(refusedLead.body.message).toBe(messages.leadNeedsVerifiedEmail);
    const review = { hotelId, title: 'Proper lifting gym', content: 'Two squat racks, dumbbells to 50 kg and a rower that works. Open at 5am.', rating: 5, gymRating: 4, travelType: 'fitness', stayDate: '2026-09' };
    const refused = await api('POST', '/api/reviews', { token: account.token, body: review });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.reviewNeedsVerifiedEmail);

    // The link, opened as the account: verified, and a fresh token that claims it.
    const opened = await api('POST', '/api/auth/verify-email', { token: account.token, body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ message: messages.emailVerified, email, user: { emailVerified: true } });
    const verifiedToken: string = opened.body.token;
    expect(claimsVerified(verifiedToken)).toBe(true);
    expect((await api('GET', '/api/auth/me', { token: verifiedToken })).body.emailVerified).toBe(true);
    const again = await api('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.verificationTokenInvalid);
    // The welcome follows the proof, greeting by the (rule-abiding) first name.
    const welcome = await waitForEmail((e) => e.to.some((t) => t.address === email) && e.subject === 'Welcome to RepRoute', 30_000);
    expect(welcome.text).toContain('Hi Zed,');

    // Verified: the lead carries the account's contact, with Reply-To the traveller.
    const after = freshReferralId();
    const contact = await apiFrom(client, 'POST', '/api/leads', { token: verifiedToken, body: { shareContact: true, hotelId, referralId: after, message: 'Is the rack free at 6?' } });
    expect(contact.status).toBe(201);
    const [contactMail] = await expectEmailsExactly((e) => emailText(e).includes(after), 1, { timeoutMs: 45_000, settleMs: 500, what: 'verified lead email' });
    expect(contactMail!.to.map((t) => t.address)).toEqual([hotelInbox]);
    expect(contactMail!.subject).toBe(`New lead for Test Hotel ${hotelId}: Zed Proven`);
    expect(contactMail!.text).toContain(email);
    expect(contactMail!.text).toContain('Is the rack free at 6?');
    expect(await replyToOf(contactMail!)).toBe(email);
    // The token issued before the verification still speaks for nobody.
    const stale = freshReferralId();
    expect((await apiFrom(client, 'POST', '/api/leads', { token: account.token, body: { shareContact: true, hotelId, referralId: stale, guests: 3 } })).status).toBe(403);
    const { rows } = await referralDb.query('SELECT referral_id, name, email FROM leads WHERE referral_id = ANY($1::text[]) ORDER BY created_at', [[before, after, stale]]);
    expect(rows).toEqual([{ referral_id: after, name: 'Zed Proven', email }]);
    // Neither refused lead reached the hotel.
    await expectEmailsExactly((e) => emailText(e).includes(before) || emailText(e).includes(stale), 0, { settleMs: 1_000, what: 'no email for an unverified account' });
    // And now the review is taken.
    expect((await api('POST', '/api/reviews', { token: verifiedToken, body: review })).status).toBe(201);

    // The token was never written to a log line.
    await sleep(1_000);
    const written = logs.read();
    expect(written.size, 'log files read').toBeGreaterThan(5);
    for (const [file, text] of written) expect(text.includes(token), `${file} holds the verification token`).toBe(false);
    expect(written.get('identity.log'), 'identity log lines of the verification').toContain('email address verified');
  }, 180_000);

  it('a registrant\'s name that reads as a message never reaches the inbox; resend sends a new link', async () => {
    const email = uniqueEmail('phish');
    // The contract refuses such a name outright...
    const refused = await api('POST', '/api/auth/register', { body: { email, password: 'Str0ng!Pass', firstName: 'Your account is locked, visit evil.example', lastName: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ path: 'firstName', message: messages.firstNameLetters });
    // ...and a name of letters only is still not put in front of an unproved address.
    const account = await registerTraveller({ email, firstName: 'Your account is locked', lastName: 'Call us', verified: false });
    const first = await verificationLinkToken(email);
    const resent = await api('POST', '/api/auth/verify-email/resend', { token: account.token });
    expect(resent.status).toBe(200);
    await eventually(async () => (await emailsTo(email)).length >= 2, 30_000, 'the second verification email');
    const mails = await emailsTo(email);
    for (const mail of mails) expect(emailText(mail)).not.toMatch(/locked|Call us/);
    const second = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails.map((m) => m.text ?? '').find((t) => !t.includes(first)) ?? '')?.[1];
    expect(second).toBeTruthy();
    expect((await api('POST', '/api/auth/verify-email', { body: { token: first } })).status).toBe(400);
    expect((await api('POST', '/api/auth/verify-email', { body: { token: second } })).status).toBe(200);
  }, 120_000);
});
