import { createHash } from 'node:crypto';
import { messages, type LeadRequest } from '@reproute/contracts';
import { hasBookingLink, isVisibleTo, type ProjectedHotel } from './hotels.ts';

export interface Caller {
  id: string;
  email: string;
  roles: readonly string[];
  firstName: string | null;
  lastName: string | null;
}

export type LeadTargetCheck = { ok: true; hotel: ProjectedHotel } | { ok: false; status: 400 | 404; message: string };

/** A lead needs a hotel the caller can see, with a booking link ("Booking Unavailable" otherwise). */
export function checkLeadTarget(hotel: ProjectedHotel | null, caller: Caller | null): LeadTargetCheck {
  if (!hotel || !isVisibleTo(hotel, caller)) return { ok: false, status: 404, message: messages.hotelNotFound };
  if (!hasBookingLink(hotel)) return { ok: false, status: 400, message: messages.bookingUnavailable };
  return { ok: true, hotel };
}

/**
 * Who the lead is from. The user is the token's, never the body's userId. A signed-in caller's
 * name and email default to their account's, so their lead always carries an email; a visitor
 * who gives none makes an anonymous lead (email null).
 */
export function leadContact(body: Pick<LeadRequest, 'name' | 'email'>, caller: Caller | null): { userId: string | null; name: string | null; email: string | null } {
  const accountName = caller ? [caller.firstName, caller.lastName].filter((part) => part && part.trim()).join(' ').trim() : '';
  return {
    userId: caller?.id ?? null,
    name: body.name ?? (accountName || null),
    email: body.email ?? (caller?.email ? caller.email.trim().toLowerCase() : null),
  };
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
