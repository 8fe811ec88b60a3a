import { describe, expect, it } from 'vitest';
import type { Envelope, EventData, EventType } from '@reproute/contracts';
import { emailsForEvent } from '../../src/domain/routing.ts';

// What a provider is emailed (docs/decisions.md, "Judging listings and changes"): the provider welcome, the
// acknowledgement of a listing sent for review, each decision on a listing or a change with the reason, and the
// reviews published of their listings. Decisions and reviews are list emails (per listing); the others answer the
// provider's own action and say why they were sent.

const config = { supportEmail: 'support@reproute.example', appUrl: 'https://app.example' };
const providerId = '00000000-0000-4000-8000-0000000000bb';
const envelope = <T extends EventType>(type: T, data: EventData<T>): Envelope<T> => ({ id: '55555555-5555-4555-8555-555555555555', type, version: 1, occurredAt: '2026-12-01T10:00:00.000Z', data });
const hotel = {
  hotelId: 42,
  name: 'Iron Lofts',
  slug: 'iron-lofts',
  city: 'Leeds',
  country: 'United Kingdom',
  providerId,
  providerEmail: 'owner@hotel.example',
  contactEmail: 'leads@hotel.example',
  bookingUrl: 'https://hotel.example/book',
  isApproved: false,
};

describe('the provider welcome', () => {
  it('a provider account\'s first verified address gets the provider welcome, a traveller\'s the traveller\'s', () => {
    const [provider] = emailsForEvent(envelope('user.email_verified', { userId: providerId, email: 'owner@hotel.example', firstName: 'Ann', previousEmail: null, isProvider: true }), config);
    expect(provider!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'Welcome to RepRoute for hotels' });
    expect(provider!.email.text).toContain('List a property: https://app.example/provider/listings/new');
    expect(provider!.email.text).toContain('You received this email because you set up a provider account');
    expect(provider!.email.text).not.toContain('save your favourites');
    expect(provider!.email.list).toBeUndefined();
    const [traveller] = emailsForEvent(envelope('user.email_verified', { userId: providerId, email: 'ann@example.com', firstName: 'Ann', previousEmail: null, isProvider: false }), config);
    expect(traveller!.email.subject).toBe('Welcome to RepRoute');
  });

  it('an account whose address was already proved gets it when it becomes a provider; one not yet proved gets it with the proof', () => {
    const verified = emailsForEvent(envelope('user.became_provider', { userId: providerId, email: 'owner@hotel.example', companyName: 'Visit evil.example', emailVerified: true }), config);
    expect(verified).toEqual([{ jobId: expect.stringMatching(/-provider-welcome$/), email: expect.objectContaining({ subject: 'Welcome to RepRoute for hotels' }) }]);
    // Nothing the company typed travels in it.
    expect(verified[0]!.email.text).not.toContain('evil');
    expect(emailsForEvent(envelope('user.became_provider', { userId: providerId, email: 'owner@hotel.example', companyName: 'Co', emailVerified: false }), config)).toEqual([]);
    expect(emailsForEvent(envelope('user.became_provider', { userId: providerId, email: 'owner@hotel.example', companyName: 'Co' }), config)).toEqual([]);
  });
});

describe('listing emails', () => {
  it('acknowledges a listing sent for review, as an answer to the provider (no unsubscribe, says why)', () => {
    const [ack] = emailsForEvent(envelope('hotel.submitted', hotel), config);
    expect(ack!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'We received your listing Iron Lofts' });
    expect(ack!.email.list).toBeUndefined();
    expect(ack!.email.text).toContain('usually within 2-3 business days');
    expect(ack!.email.text).toContain('You received this email because you sent this listing to RepRoute for review');
    expect(emailsForEvent(envelope('hotel.submitted', { ...hotel, providerId: null, providerEmail: null }), config)).toEqual([]);
  });

  it('a rejected change: the reason, what it was about, where it waits; stoppable per listing', () => {
    const [email] = emailsForEvent(envelope('hotel.revision-rejected', { ...hotel, isApproved: true, changes: ['Booking URL', 'Photos'], reason: 'Use the hotel’s own site' }), config);
    expect(email!.email).toMatchObject({ to: 'owner@hotel.example', replyTo: 'support@reproute.example', subject: 'Your changes to Iron Lofts were not approved' });
    expect(email!.email.list).toEqual({ kind: 'listing-status', userId: providerId, scope: '42' });
    expect(email!.email.text).toContain('Reason given by our team: Use the hotel’s own site');
    expect(email!.email.text).toContain('(Booking URL, Photos)');
    expect(email!.email.text).toContain('https://app.example/edit-hotel/42');
    expect(email!.email.html).toContain('Use the hotel’s own site');
  });

  it('an approved change: what is live now, with a link to the listing', () => {
    const [email] = emailsForEvent(envelope('hotel.revision-approved', { ...hotel, isApproved: true, changes: ['Name'] }), config);
    expect(email!.email).toMatchObject({ subject: 'Your changes to Iron Lofts are live', list: { kind: 'listing-status', userId: providerId, scope: '42' } });
    expect(email!.email.text).toContain('https://app.example/hotels/iron-lofts');
  });

  it('a review published of a listing: its owner hears the rating and title, stoppable per listing', () => {
    const [email] = emailsForEvent(
      envelope('hotel.review-published', { hotelId: 42, name: 'Iron Lofts', slug: 'iron-lofts', providerId, providerEmail: 'owner@hotel.example', reviewId: '66666666-6666-4666-8666-666666666666', rating: 4, title: '<b>Great racks</b>' }),
      config,
    );
    expect(email!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'New review of Iron Lofts: 4 out of 5' });
    expect(email!.email.list).toEqual({ kind: 'listing-reviews', userId: providerId, scope: '42' });
    expect(email!.email.text).toContain('"<b>Great racks</b>"');
    expect(email!.email.html).not.toContain('<b>Great racks</b>');
    expect(email!.jobId).toMatch(/-provider$/);
  });
});
