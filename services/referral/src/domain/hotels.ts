import { isHttpBookingUrl } from '@reproute/contracts';

/** A hotel as the referral service knows it, from catalog.hotels events. */
export interface ProjectedHotel {
  hotelId: number;
  name: string;
  providerId: string | null;
  providerEmail: string | null;
  contactEmail: string | null;
  bookingUrl: string | null;
  isApproved: boolean;
  deleted: boolean;
}

/** Leads need somewhere to send the traveller: a non-blank absolute http(s) booking URL. */
export function hasBookingLink(hotel: Pick<ProjectedHotel, 'bookingUrl'>): boolean {
  const url = hotel.bookingUrl?.trim();
  return Boolean(url) && isHttpBookingUrl(url!);
}

/** Where the hotel's lead email goes (ruling 9): the listing's contact address, else the owning provider's. */
export function leadRecipient(hotel: Pick<ProjectedHotel, 'contactEmail' | 'providerEmail'>): string | null {
  return hotel.contactEmail?.trim() || hotel.providerEmail?.trim() || null;
}

/** Whether the caller may see (and so act on) the hotel: approved hotels for all; pending ones for their provider and admins. */
export function isVisibleTo(hotel: ProjectedHotel, caller: { id: string; roles: readonly string[]; organisation?: { id: string } | null } | null): boolean {
  if (hotel.deleted) return false;
  if (hotel.isApproved) return true;
  if (!caller) return false;
  // The hotel's provider id is its organisation's (docs/decisions.md, "Organisations and roles").
  return caller.roles.includes('admin') || hotel.providerId === (caller.organisation?.id ?? caller.id);
}
