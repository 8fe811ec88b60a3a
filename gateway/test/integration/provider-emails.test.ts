import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, registerTraveller, stack, verifyEmail, waitForEmail, type MaildevEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, seededToken, sentTo, waitForKnownHotel } from '../../../services/engagement/test/integration/support.ts';

/**
 * What a provider is emailed, through the real system (gateway, identity, catalog, engagement, their outboxes, Kafka,
 * the notifier, BullMQ, MailDev): the provider welcome (not the traveller's), the acknowledgement of a listing sent
 * for review (again when sent back), a rejection with the admin's reason, the approval, a change to the live listing
 * rejected with its reason then approved, and a review of the listing published, which carries one-click
 * unsubscribe for that listing (ruling 18).
 */
const appUrl = (process.env.PUBLIC_APP_URL ?? stack.gatewayUrl).replace(/\/+$/, '');
const mailTimeout = 60_000;

/** The email's header fields as a mail client reads them (from MailDev's raw message; folded lines unfolded, names lower-cased). */
async function rawHeaders(email: MaildevEmail): Promise<Record<string, string>> {
  const source = await (await fetch(`${stack.maildevUrl}/api/email/${email.id}/source`)).text();
  const end = source.indexOf('\r\n\r\n') >= 0 ? source.indexOf('\r\n\r\n') : source.indexOf('\n\n');
  const fields: Record<string, string> = {};
  for (const line of source.slice(0, end).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

const mailTo = (address: string, subject: string) => waitForEmail((e) => sentTo(address)(e) && e.subject === subject, mailTimeout);

describe('a provider hears about their listings', () => {
  it('welcome, submission, rejection with its reason, approval, a change judged both ways and a review published', async () => {
    const admin = await seededToken('admin');
    // A provider registers and sets up the business before opening the verification link, as /provider-register does.
    const account = await registerTraveller({ firstName: 'Paula', verified: false });
    const setup = await api<{ token: string }>('POST', '/api/provider/setup', { token: account.token, body: { companyName: 'Iron Lofts Group', phoneNumber: '+12125550199' } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const provider = { email: account.email, token: (await verifyEmail(account.email, setup.body.token)).token };

    const welcome = await mailTo(provider.email, 'Welcome to RepRoute for hotels');
    expect(welcome.text).toContain('List your property with its gym');
    expect(welcome.text).toContain(`${appUrl}/provider/listings/new`);
    await expectEmailsExactly((e) => sentTo(provider.email)(e) && e.subject === 'Welcome to RepRoute', 0, { what: 'the traveller welcome' });

    // A new listing is acknowledged.
    const name = `Iron Lofts ${randomUUID().slice(0, 8)}`;
    const created = await api<{ id: number; slug: string }>('POST', '/api/provider/hotels', {
      token: provider.token,
      body: { name, address: '1 Rack Street', cityId: 1, gymAccessType: 'on-site', bookingUrl: 'https://iron-lofts.example/book', rawEquipment: ['Power rack', 'Dumbbells 2-40kg'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hotelId = created.body.id;
    const ack = await mailTo(provider.email, `We received your listing ${name}`);
    expect(ack.text).toContain('usually within 2-3 business days');
    expect(ack.text).toContain('You received this email because you sent this listing to RepRoute for review');

    // No reason, no rejection; with one, the provider reads it.
    const refused = await api<{ message: string }>('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: false } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.listingRejectionReasonRequired);
    const reason = `Please add photos of the gym (${randomUUID().slice(0, 6)})`;
    expect((await api('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: false, reason } })).status).toBe(200);
    const rejection = await mailTo(provider.email, `Your listing ${name} was not approved`);
    expect(rejection.text).toContain(`Reason given by our team: ${reason}`);
    expect(rejection.text).toContain(`${appUrl}/edit-hotel/${hotelId}`);

    // Sent again: acknowledged again; approved: told so.
    expect((await api('PUT', `/api/provider/hotels/${hotelId}`, { token: provider.token, body: { gymImages: ['/images/hotels/h01/gym-1.jpg'] } })).status).toBe(200);
    await expectEmailsExactly((e) => sentTo(provider.email)(e) && e.subject === `We received your listing ${name}`, 2, { timeoutMs: mailTimeout, what: 'two acknowledgements' });
    expect((await api('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const approved = await mailTo(provider.email, `Your listing ${name} is approved`);
    expect(approved.text).toContain('is now visible to travellers');

    // A change to the live listing: rejected with its reason (kept for the provider), fixed, approved.
    expect((await api('PUT', `/api/provider/hotels/${hotelId}`, { token: provider.token, body: { bookingUrl: 'https://agent.example/iron-lofts' } })).status).toBe(200);
    const changeReason = 'The booking link must be the hotel’s own site';
    expect((await api('PUT', `/api/admin/hotels/${hotelId}/revision`, { token: admin, body: { isApproved: false, reason: changeReason } })).status).toBe(200);
    const changeRejected = await mailTo(provider.email, `Your changes to ${name} were not approved`);
    expect(changeRejected.text).toContain(`Reason given by our team: ${changeReason}`);
    expect(changeRejected.text).toContain('(Booking URL)');
    const own = (await api<{ id: number; pendingRevision: { status: string; rejectionReason: string } | null }[]>('GET', '/api/provider/hotels', { token: provider.token })).body.find((h) => h.id === hotelId);
    expect(own?.pendingRevision).toMatchObject({ status: 'rejected', rejectionReason: changeReason });
    expect((await api('PUT', `/api/provider/hotels/${hotelId}`, { token: provider.token, body: { bookingUrl: 'https://iron-lofts.example/rooms' } })).status).toBe(200);
    expect((await api('PUT', `/api/admin/hotels/${hotelId}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const changeApproved = await mailTo(provider.email, `Your changes to ${name} are live`);
    expect(changeApproved.text).toContain(`${appUrl}/hotels/${created.body.slug}`);

    // A traveller's review of it is published: the owner hears, with one-click unsubscribe for this listing.
    await waitForKnownHotel(hotelId);
    const traveller = await registerTraveller({ firstName: 'Rhea' });
    const title = `Racks that work ${randomUUID().slice(0, 6)}`;
    const review = await api<{ id: string }>('POST', '/api/reviews', {
      token: traveller.token,
      body: { hotelId, title, content: 'Two squat racks, dumbbells to 40 kg and a rower that works. Open at 5am.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-09' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect((await api('PUT', `/api/reviews/${review.body.id}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    const notice = await mailTo(provider.email, `New review of ${name}: 5 out of 5`);
    expect(notice.text).toContain(`"${title}"`);
    expect(notice.text).toContain('You received this email because you list this hotel on RepRoute and a review of it was published.');
    const headers = await rawHeaders(notice);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['list-unsubscribe']).toMatch(new RegExp(`^<${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/email-preferences/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`));
    // The link names this listing's reviews: the preferences it opens say so.
    const token = /token=([A-Za-z0-9_.-]+)/.exec(headers['list-unsubscribe']!)![1]!;
    const byLink = await api<{ link: { kind: string; scope: string | null } }>('GET', `/api/email-preferences/by-link?token=${token}`);
    expect(byLink.body.link).toEqual({ kind: 'listing-reviews', scope: String(hotelId) });
    // Nothing of the reviewer's account travels to the hotel.
    expect(notice.text).not.toContain(traveller.email);
  }, 300_000);
});
