import { createHash } from 'node:crypto';
import { messages, parseReferralId } from '@reproute/contracts';
import { hasBookingLink, isVisibleTo, type ProjectedHotel } from './hotels.ts';

export interface Caller {
  id: string;
  email: string;
  roles: readonly string[];
  firstName: string | null;
  lastName: string | null;
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

/**
 * Who the lead is from: only ever the signed-in account (the token's user, name and email),
 * never the body's. A visitor's lead is anonymous whatever the body says.
 */
export function leadContact(caller: Caller | null): { userId: string | null; name: string | null; email: string | null } {
  if (!caller) return { userId: null, name: null, email: null };
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
