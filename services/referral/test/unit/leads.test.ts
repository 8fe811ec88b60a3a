import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { hasBookingLink, isVisibleTo, leadRecipient, type ProjectedHotel } from '../../src/domain/hotels.ts';
import { checkLeadTarget, leadContact, repeatLeadKey, type Caller } from '../../src/domain/leads.ts';
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
const traveller: Caller = { id: '00000000-0000-4000-8000-000000000003', email: 'Traveller@Reproute.example', roles: ['traveller'], firstName: 'Tess', lastName: 'Walker' };
const provider: Caller = { id: providerId, email: 'provider@reproute.example', roles: ['provider'], firstName: 'Pat', lastName: null };

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

  it('answers 404 for unknown, deleted, or (to others) pending hotels', () => {
    expect(checkLeadTarget(null, traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ deleted: true }), traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ isApproved: false }), traveller)).toMatchObject({ ok: false, status: 404 });
    expect(checkLeadTarget(hotel({ isApproved: false }), provider)).toMatchObject({ ok: true });
    expect(isVisibleTo(hotel({ isApproved: false }), { id: 'x', roles: ['admin'] })).toBe(true);
    expect(checkLeadTarget(hotel(), null)).toMatchObject({ ok: true });
  });

  it('emails the listing contact, else the owning provider (ruling 9)', () => {
    expect(leadRecipient(hotel())).toBe('reservations@ritz.example');
    expect(leadRecipient(hotel({ contactEmail: null }))).toBe('provider@reproute.example');
    expect(leadRecipient(hotel({ contactEmail: ' ', providerEmail: null }))).toBeNull();
  });
});

describe('who a lead is from', () => {
  it('takes the user from the token and fills name and email from the account', () => {
    expect(leadContact({ name: null, email: null }, traveller)).toEqual({ userId: traveller.id, name: 'Tess Walker', email: 'traveller@reproute.example' });
    expect(leadContact({ name: 'T. W.', email: 'other@example.com' }, traveller)).toEqual({ userId: traveller.id, name: 'T. W.', email: 'other@example.com' });
    expect(leadContact({ name: null, email: null }, { ...traveller, firstName: null, lastName: null }).name).toBeNull();
  });

  it('keeps a visitor anonymous unless they give details', () => {
    expect(leadContact({ name: null, email: null }, null)).toEqual({ userId: null, name: null, email: null });
    expect(leadContact({ name: 'Ann', email: 'ann@example.com' }, null)).toEqual({ userId: null, name: 'Ann', email: 'ann@example.com' });
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
