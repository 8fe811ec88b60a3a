import { describe, expect, it } from 'vitest';
import { messages, tryAgainIn } from '@reproute/contracts';
import { hasBookingLink, isVisibleTo, leadRecipient, type ProjectedHotel } from '../../src/domain/hotels.ts';
import { checkLeadTarget, leadContact, repeatLeadKey, requestedReferralId, type Caller } from '../../src/domain/leads.ts';
import { clickHotelName, resolveClickHotel } from '../../src/domain/clicks.ts';

const providerId = '00000000-0000-4000-8000-000000000002';
const hotel = (overrides: Partial<ProjectedHotel> = {}): ProjectedHotel => ({
  hotelId: 1,
  name: 'The Ritz London',
  providerId,
  providerEmail: 'provider@reproute.example',
  contactEmail: 'reservations@ritz.example',
  bookingUrl: 'https://book.example.com/ritz',
  isApproved: true,
  deleted: false,
  ...overrides,
});
const traveller: Caller = { id: '00000000-0000-4000-8000-000000000003', email: 'Traveller@Reproute.example', roles: ['traveller'], firstName: 'Tess', lastName: 'Walker', emailVerified: true };
const provider: Caller = { id: providerId, email: 'provider@reproute.example', roles: ['provider'], firstName: 'Pat', lastName: null, emailVerified: true };

describe('booking URL check ("Booking Unavailable")', () => {
  it('needs a non-blank absolute http(s) URL', () => {
    expect(hasBookingLink(hotel())).toBe(true);
    expect(hasBookingLink(hotel({ bookingUrl: null }))).toBe(false);
    expect(hasBookingLink(hotel({ bookingUrl: '   ' }))).toBe(false);
    expect(hasBookingLink(hotel({ bookingUrl: '/book/here' }))).toBe(false);
    expect(hasBookingLink(hotel({ bookingUrl: 'ftp://files.example/x' }))).toBe(false);
  });

  it('answers 400 with the spec text when the hotel has no booking link', () => {
    expect(checkLeadTarget(hotel({ bookingUrl: null }), null)).toEqual({ ok: false, status: 400, message: messages.bookingUnavailable });
    expect(messages.bookingUnavailable).toBe('Booking link not available for this hotel.');
  });

  it('answers 404 for unknown, deleted, or (to those who cannot see them) pending hotels', () => {
    expect(checkLeadTarget(null, traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ deleted: true }), traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ isApproved: false }), traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ isApproved: false }), null)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel(), null)).toMatchObject({ ok: true });
  });

  it('refuses a listing that is not public even to its own provider and to admins (409)', () => {
    const admin: Caller = { ...traveller, id: 'admin-id', roles: ['admin'] };
    expect(isVisibleTo(hotel({ isApproved: false }), admin)).toBe(true);
    expect(checkLeadTarget(hotel({ isApproved: false }), provider)).toEqual({ ok: false, status: 409, message: messages.listingNotPublic });
    expect(checkLeadTarget(hotel({ isApproved: false }), admin)).toEqual({ ok: false, status: 409, message: messages.listingNotPublic });
    expect(checkLeadTarget(hotel(), provider)).toMatchObject({ ok: true });
  });

  it('emails the listing contact, else the owning provider (ruling 9)', () => {
    expect(leadRecipient(hotel())).toBe('reservations@ritz.example');
    expect(leadRecipient(hotel({ contactEmail: null }))).toBe('provider@reproute.example');
    expect(leadRecipient(hotel({ contactEmail: ' ', providerEmail: null }))).toBeNull();
  });
});

describe('who a lead is from', () => {
  it('takes user, name and email from the signed-in account only', () => {
    expect(leadContact(traveller)).toEqual({ userId: traveller.id, name: 'Tess Walker', email: 'traveller@reproute.example' });
    expect(leadContact({ ...traveller, firstName: ' Tess ', lastName: null })).toMatchObject({ name: 'Tess' });
    expect(leadContact({ ...traveller, firstName: null, lastName: null }).name).toBeNull();
  });

  it('keeps a visitor anonymous', () => {
    expect(leadContact(null)).toEqual({ userId: null, name: null, email: null });
  });

  it('keeps an account anonymous until its token claims a verified address (the account id stays for the records)', () => {
    expect(leadContact({ ...traveller, emailVerified: false })).toEqual({ userId: traveller.id, name: null, email: null });
  });

  it('recognises the same lead sent twice, and tells different stays apart', () => {
    const base = { hotelId: 1, userId: traveller.id, email: 'a@example.com', ipAddress: '1.2.3.4', userAgent: 'UA', checkInDate: '2027-03-01', checkOutDate: '2027-03-03', guests: 2 };
    expect(repeatLeadKey(base)).toBe(repeatLeadKey({ ...base, ipAddress: '5.6.7.8' }));
    expect(repeatLeadKey(base)).not.toBe(repeatLeadKey({ ...base, checkOutDate: '2027-03-04' }));
    expect(repeatLeadKey(base)).not.toBe(repeatLeadKey({ ...base, hotelId: 2 }));
    const visitor = { ...base, userId: null, email: null };
    expect(repeatLeadKey(visitor)).not.toBe(repeatLeadKey({ ...visitor, ipAddress: '5.6.7.8' }));
  });
});

describe('referral ids', () => {
  it('keeps the client\'s referral id only when it is RR_{hotelId}_{timestamp} for this hotel', () => {
    expect(requestedReferralId('RR_7_1764000000000', 7)).toBe('RR_7_1764000000000');
    expect(requestedReferralId('RR_8_1764000000000', 7)).toBeNull();
    expect(requestedReferralId('RR_07_1764000000000', 7)).toBeNull();
    expect(requestedReferralId('RR_7_', 7)).toBeNull();
    expect(requestedReferralId('RR_7_1764000000000 x', 7)).toBeNull();
    expect(requestedReferralId('<script>', 7)).toBeNull();
    expect(requestedReferralId(null, 7)).toBeNull();
  });
});

describe('rate-limit answers', () => {
  it('say how long to wait in seconds or minutes', () => {
    expect(tryAgainIn(1)).toBe('Please try again in 1 second.');
    expect(tryAgainIn(45)).toBe('Please try again in 45 seconds.');
    expect(tryAgainIn(60)).toBe('Please try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Please try again in 2 minutes.');
  });
});

describe('which hotel a referral click is for', () => {
  const known = hotel({ hotelId: 7, name: 'Park Hyatt Tokyo' });
  const lookup = {
    byId: async (id: number) => (id === 7 ? known : null),
    byName: async (name: string) => (name.toLowerCase() === 'park hyatt tokyo' ? known : null),
  };

  it('uses a known hotelId, else the name, else none', async () => {
    expect(await resolveClickHotel({ hotelId: 7, hotelName: null }, lookup)).toBe(known);
    expect(await resolveClickHotel({ hotelId: 99, hotelName: 'PARK HYATT TOKYO' }, lookup)).toBe(known);
    expect(await resolveClickHotel({ hotelId: null, hotelName: 'Somewhere else' }, lookup)).toBeNull();
  });

  it('stores the name the traveller saw, else the projection name', () => {
    expect(clickHotelName({ hotelName: 'Park Hyatt' }, known)).toBe('Park Hyatt');
    expect(clickHotelName({ hotelName: null }, known)).toBe('Park Hyatt Tokyo');
    expect(clickHotelName({ hotelName: null }, null)).toBeNull();
  });
});
