import { describe, expect, it } from 'vitest';
import { api, uniqueEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf } from '../../../engagement/test/integration/support.ts';

const hotelId = 1;

describe('a lead reaches the hotel by email (ruling 9)', () => {
  it('emails the hotel contact address once: who, which hotel, contact details, dates and guests', async (ctx) => {
    // Leads need the catalog (hotel data) and referral (the lead call); without the catalog there is no hotel to lead to.
    const hotel = await api('GET', `/api/hotels/${hotelId}`);
    if (hotel.status !== 200) ctx.skip();
    const email = uniqueEmail('lead');
    const res = await api('POST', '/api/leads', {
      body: { hotelId, userId: null, name: 'Leo Lead', email, checkInDate: '2026-12-01', checkOutDate: '2026-12-04', guests: 2 },
    });
    expect(res.status).toBe(201);

    const [mail] = await expectEmailsExactly((e) => e.subject.startsWith('New lead for') && (e.text ?? '').includes(email), 1, { timeoutMs: 45_000, what: 'lead email' });
    expect(mail!.subject).toBe(`New lead for ${hotel.body.name}: Leo Lead`);
    expect(mail!.to).toHaveLength(1);
    expect(mail!.to[0]!.address).toMatch(/@/);
    if (typeof hotel.body.contactEmail === 'string') expect(mail!.to[0]!.address).toBe(hotel.body.contactEmail);
    expect(mail!.to[0]!.address).not.toBe(email);
    expect(await replyToOf(mail!)).toBe(email);
    for (const fact of [hotel.body.name, 'Leo Lead', email, '1 December 2026', '4 December 2026', 'Guests: 2']) expect(mail!.text).toContain(fact);
  }, 90_000);
});
