import type { AuthUser } from '@reproute/platform';

/** Engagement's copy of a catalog hotel, kept from catalog.hotels events. */
export interface KnownHotel {
  id: number;
  name: string;
  providerId: string | null;
  isApproved: boolean;
  deleted: boolean;
}

/**
 * Whether a user may favourite or review a hotel: it must be known and not deleted, and be
 * visible to them as the catalog shows it (approved, or their own listing, or they are an admin).
 * Unknown hotels are refused: the projection is filled from catalog events, seeds included.
 */
export function canEngageWith(hotel: KnownHotel | undefined, user: Pick<AuthUser, 'id' | 'roles'> & { organisation?: AuthUser['organisation'] }): hotel is KnownHotel {
  if (!hotel || hotel.deleted) return false;
  return hotel.isApproved || user.roles.includes('admin') || ownsHotel(hotel, user);
}

/**
 * Whether the hotel is the user's organisation's (an owner or member may not review their own hotel): its provider id is
 * the organisation's id (docs/decisions.md, "Organisations and roles"); a token without the claim is its founder's.
 */
export function ownsHotel(hotel: Pick<KnownHotel, 'providerId'>, user: Pick<AuthUser, 'id'> & { organisation?: AuthUser['organisation'] }): boolean {
  return hotel.providerId !== null && hotel.providerId === (user.organisation?.id ?? user.id);
}
