import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { messages, parseReferralId } from '@reproute/contracts';
import { hasBookingLink, isVisibleTo, type ProjectedHotel } from './hotels.ts';

export interface Caller {
  id: string;
  email: string;
  roles: readonly string[];
  firstName: string | null;
  lastName: string | null;
  /** The token claims a verified email address (`email_verified`). */
  emailVerified: boolean;
}

export type LeadTargetCheck = { ok: true; hotel: ProjectedHotel } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * A lead needs a public (approved, live) hotel with a booking link. A hotel the caller cannot see
 * is "not found"; a pending or rejected listing its provider or an admin can see is refused too,
 * since nobody can book it yet (leads are travellers' interest, not previews).
 */
export function checkLeadTarget(hotel: ProjectedHotel | null, caller: Caller | null): LeadTargetCheck {
  if (!hotel || !isVisibleTo(hotel, caller)) return { ok: false, status: 404, message: messages.hotelNotFound };
  if (!hotel.isApproved) return { ok: false, status: 409, message: messages.listingNotPublic };
  if (!hasBookingLink(hotel)) return { ok: false, status: 400, message: messages.bookingUnavailable };
  return { ok: true, hotel };
}

export type LeadSenderCheck = { ok: true; caller: Caller } | { ok: false; status: 401 | 403; message: string };

/**
 * Who may send a lead (rulings 14 and 17): a signed-in account whose token claims a verified email,
 * which ticked "share my details" (the body's `shareContact: true`, checked by its schema). A visitor
 * (401) or an unverified account (403) sends none: only the referral click is recorded, and the hotel
 * is not emailed.
 */
export function checkLeadSender(caller: Caller | null): LeadSenderCheck {
  if (!caller) return { ok: false, status: 401, message: messages.leadNeedsConsent };
  if (!caller.emailVerified) return { ok: false, status: 403, message: messages.leadNeedsVerifiedEmail };
  return { ok: true, caller };
}

/**
 * Who the lead is from: only ever the signed-in account (the token's user, name and email),
 * never the body's. A visitor's lead is anonymous whatever the body says, and so is the lead of an
 * account whose token does not claim a verified address: until it is proved, an address does not
 * speak for anyone (no name, no email, no Reply-To); the lead keeps the account's id for its own records.
 */
export function leadContact(caller: Caller | null): { userId: string | null; name: string | null; email: string | null } {
  if (!caller) return { userId: null, name: null, email: null };
  if (!caller.emailVerified) return { userId: caller.id, name: null, email: null };
  const accountName = [caller.firstName, caller.lastName].filter((part) => part && part.trim()).map((part) => part!.trim()).join(' ');
  return { userId: caller.id, name: accountName || null, email: caller.email.trim().toLowerCase() || null };
}

/** The referral id the client sent, kept only when it is well formed and names this hotel. */
export function requestedReferralId(value: string | null | undefined, hotelId: number): string | null {
  if (!value) return null;
  return parseReferralId(value)?.hotelId === hotelId ? value : null;
}

/** The same person asking the same hotel for the same stay: a double click or a retried request. */
export function repeatLeadKey(input: {
  hotelId: number;
  userId: string | null;
  email: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
}): string {
  const who = input.userId ? `user:${input.userId}` : input.email ? `email:${input.email}` : `visitor:${input.ipAddress ?? ''}|${input.userAgent ?? ''}`;
  const parts = [input.hotelId, who, input.email ?? '', input.checkInDate ?? '', input.checkOutDate ?? '', input.guests ?? ''];
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/**
 * The client a lead is counted against: its address, with an IPv6 address taken as its /64 (one
 * household or host is given a whole /64, so its addresses are one client) and an IPv4-mapped IPv6
 * address as the IPv4 address. Anything that is not an IP address is kept as it is.
 */
export function clientGroup(address: string | null): string | null {
  if (!address) return null;
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (isIPv6(plain)) return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`;
  return address;
}

/** The eight hextets of a valid IPv6 address (a dotted IPv4 tail counted as two). */
function expandIPv6(address: string): string[] {
  const hextets = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [piece.padStart(4, '0')];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16).padStart(4, '0'), ((c << 8) | d).toString(16).padStart(4, '0')];
        });
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const front = hextets(head);
  if (tail === undefined) return front;
  const back = hextets(tail);
  return [...front, ...Array<string>(8 - front.length - back.length).fill('0000'), ...back];
}
