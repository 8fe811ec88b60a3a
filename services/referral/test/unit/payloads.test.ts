import { describe, expect, it } from 'vitest';
import { leadRequest, messages, referralClickRequest } from '@reproute/contracts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('lead payload (document 1, sections 3 and 7)', () => {
  it('needs the traveller\'s choice to share their details (ruling 14): shareContact: true, and nothing else, first', () => {
    const lead = leadRequest.parse({ shareContact: true, hotelId: 3, userId: null, name: null, email: null });
    expect(lead).toEqual({ shareContact: true, hotelId: 3, userId: null, name: null, email: null, message: null, checkInDate: null, checkOutDate: null, guests: null, referralUrl: null, referralId: null });
    // The spec's payload without the choice, as earlier callers post it, is refused with the reason first.
    for (const shareContact of [undefined, false, 'true', 1, null]) {
      expect(firstMessage(leadRequest.safeParse({ shareContact, hotelId: 3, userId: null, name: null, email: null })), String(shareContact)).toBe(messages.leadNeedsConsent);
    }
    expect(firstMessage(leadRequest.safeParse({}))).toBe(messages.leadNeedsConsent);
  });

  it('takes an optional referral id, bounded in length', () => {
    expect(leadRequest.parse({ shareContact: true, hotelId: 3, referralId: ' RR_3_1764000000000 ' }).referralId).toBe('RR_3_1764000000000');
    expect(leadRequest.parse({ shareContact: true, hotelId: 3, referralId: '' }).referralId).toBeNull();
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 3, referralId: 'x'.repeat(65) }))).toBe(messages.referralIdInvalid);
  });

  it('requires the hotel, with the spec message', () => {
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, userId: null }))).toBe(messages.hotelRequired);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 0 }))).toBe(messages.hotelRequired);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 'abc' }))).toBe(messages.hotelRequired);
    expect(leadRequest.parse({ shareContact: true, hotelId: '7' }).hotelId).toBe(7);
  });

  it('checks an email when one is given, and treats blanks as absent', () => {
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, email: 'not-an-email' }))).toBe(messages.email);
    expect(leadRequest.parse({ shareContact: true, hotelId: 1, email: '  ', name: '' })).toMatchObject({ email: null, name: null });
    expect(leadRequest.parse({ shareContact: true, hotelId: 1, email: ' Ann@Example.COM ' }).email).toBe('ann@example.com');
  });

  it('accepts optional dates, guests and message, and keeps the stay in order', () => {
    const lead = leadRequest.parse({ shareContact: true, hotelId: 1, checkInDate: '2027-03-01', checkOutDate: '2027-03-04T00:00:00.000Z', guests: '2', message: ' Late arrival ' });
    expect(lead).toMatchObject({ checkInDate: '2027-03-01', checkOutDate: '2027-03-04', guests: 2, message: 'Late arrival' });
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, checkInDate: '2027-03-04', checkOutDate: '2027-03-01' }))).toBe(messages.checkOutBeforeCheckIn);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, checkInDate: '2027-02-30' }))).toBe(messages.invalidDate);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, guests: 0 }))).toBe(messages.guestsRange);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, guests: 51 }))).toBe(messages.guestsRange);
    expect(firstMessage(leadRequest.safeParse({ shareContact: true, hotelId: 1, message: 'x'.repeat(2001) }))).toBe(messages.leadMessageMax);
  });
});

describe('referral click payload', () => {
  const valid = {
    hotelName: 'The Ritz London',
    bookingUrl: 'https://book.example.com/ritz?checkIn=2027-03-01&ref=RR_1_1700000000000',
    timestamp: '2027-02-01T10:00:00.000Z',
    searchParams: { checkIn: '2027-03-01', checkOut: '2027-03-03', guests: 2 },
  };

  it('accepts the spec payload, hotelId optional', () => {
    expect(referralClickRequest.parse(valid)).toEqual({ ...valid, hotelId: null });
    expect(referralClickRequest.parse({ ...valid, hotelId: 4 }).hotelId).toBe(4);
  });

  it('requires an http(s) booking URL', () => {
    expect(firstMessage(referralClickRequest.safeParse({ ...valid, bookingUrl: undefined }))).toBe(messages.bookingUrlRequired);
    expect(firstMessage(referralClickRequest.safeParse({ ...valid, bookingUrl: 'javascript:alert(1)' }))).toBe(messages.bookingUrlInvalid);
    expect(firstMessage(referralClickRequest.safeParse({ ...valid, bookingUrl: `https://x.example/${'a'.repeat(2048)}` }))).toBe(messages.bookingUrlInvalid);
  });

  it('takes epoch milliseconds or ISO timestamps, and rejects nonsense', () => {
    expect(referralClickRequest.parse({ ...valid, timestamp: Date.UTC(2027, 0, 2) }).timestamp).toBe('2027-01-02T00:00:00.000Z');
    expect(referralClickRequest.parse({ ...valid, timestamp: null }).timestamp).toBeNull();
    expect(firstMessage(referralClickRequest.safeParse({ ...valid, timestamp: 'yesterday' }))).toBe(messages.invalidTimestamp);
  });

  it('fills absent search parameters with nulls', () => {
    const { searchParams } = referralClickRequest.parse({ hotelName: 'A', bookingUrl: 'https://a.example' });
    expect(searchParams).toEqual({ checkIn: null, checkOut: null, guests: null });
    expect(referralClickRequest.parse({ ...valid, searchParams: { checkIn: '', checkOut: null, guests: null } }).searchParams.checkIn).toBeNull();
  });
});
