import { describe, expect, it } from 'vitest';
import { api, registerTraveller } from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf } from '../../../engagement/test/integration/support.ts';
import { apiFrom, uniqueClientAddress } from '@reproute/platform/testing';

const hotelId = 1;

describe('a lead reaches the hotel by email (ruling 9)', () => {
  it('emails the hotel contact address once: who (from the account), which hotel, contact details, dates, guests and referral id', async (ctx) => {
    // Leads need the catalog (hotel data) and referral (the lead call); without the catalog there is no hotel to lead to.
    const hotel = await api('GET', `/api/hotels/${hotelId}`);
    if (hotel.status !== 200) ctx.skip();
    const traveller = await registerTraveller({ firstName: 'Leo', lastName: 'Lead' });
    const referralId = `RR_${hotelId}_${Date.now()}`;
    const res = await apiFrom(uniqueClientAddress(), 'POST', '/api/leads', {
      token: traveller.token,
      body: { shareContact: true, hotelId, userId: traveller.user.id, name: 'Someone Else', email: 'someone.else@example.com', checkInDate: '2026-12-01', checkOutDate: '2026-12-04', guests: 2, referralId },
    });
    expect(res.status).toBe(201);
    expect(res.body.referralId).toBe(referralId);

    const [mail] = await expectEmailsExactly((e) => e.subject.startsWith('New lead for') && (e.text ?? '').includes(referralId), 1, { timeoutMs: 45_000, what: 'lead email' });
    expect(mail!.subject).toBe(`New lead for ${hotel.body.name}: Leo Lead`);
    expect(mail!.to).toHaveLength(1);
    expect(mail!.to[0]!.address).toMatch(/@/);
    if (typeof hotel.body.contactEmail === 'string') expect(mail!.to[0]!.address).toBe(hotel.body.contactEmail);
    const email = traveller.email.toLowerCase();
    expect(mail!.to[0]!.address).not.toBe(email);
    expect(await replyToOf(mail!)).toBe(email);
    for (const fact of [hotel.body.name, 'Leo Lead', email, '1 December 2026', '4 December 2026', 'Guests: 2', `Referral ID: ${referralId}`]) expect(mail!.text).toContain(fact);
    expect(mail!.text).not.toContain('Someone Else');
    expect(mail!.text).not.toContain('someone.else@example.com');
  }, 90_000);
});
