import {
  hotelScope,
  organisationMessages,
  roleAllows,
  roleForHotel,
  type HotelScope,
  type OrganisationCapability,
  type OrganisationRole,
} from '@reproute/contracts';
import { forbidden } from './errors.ts';
import type { AuthUser } from './auth.ts';

/**
 * Provider endpoints judge the member's role for the property they touch (docs/decisions.md, "Organisations and roles").
 * The organisation and its grants come from the token (`org` claim): a change of grants ends the member's older
 * tokens on every instance within a second (tokens_not_before), so the claim is always the member's current roles.
 * Hotels' `providerId` is the organisation's id.
 */
export interface Membership {
  organisationId: string;
  /** The organisation's address (its founder's), what a new listing is filed under. */
  organisationEmail: string;
  grants: Record<string, OrganisationRole>;
}

/**
 * The caller's organisation. A provider's token without the claim (issued before organisations, or by a test's
 * issuer) is its founder's: every provider of that time founded the organisation of its own id (identity migration 008).
 */
export function membershipOf(user: Pick<AuthUser, 'id' | 'email' | 'roles' | 'organisation'> | null | undefined): Membership | null {
  if (!user) return null;
  if (user.organisation) return { organisationId: user.organisation.id, organisationEmail: user.organisation.email, grants: user.organisation.grants };
  return user.roles.includes('provider') ? { organisationId: user.id, organisationEmail: user.email, grants: { '*': 'owner' } } : null;
}

/** The caller's organisation; 403 "This account does not belong to an organisation ..." for an account in none. */
export function requireMembership(user: AuthUser): Membership {
  const membership = membershipOf(user);
  if (!membership) throw forbidden(organisationMessages.noOrganisation);
  return membership;
}

/** The member's role for a hotel of the organisation (null: none); `hotelId` null asks for the all-properties role. */
export function roleOf(membership: Membership, hotelId: number | null): OrganisationRole | null {
  return roleForHotel(membership.grants, hotelId);
}

/** Whether the caller may use `capability` on a hotel owned by `hotelProviderId` (false for another organisation's). */
export function mayUse(user: Pick<AuthUser, 'id' | 'email' | 'roles' | 'organisation'> | null | undefined, hotel: { id: number | null; providerId: string | null }, capability: OrganisationCapability): boolean {
  const membership = membershipOf(user);
  if (!membership || hotel.providerId === null || hotel.providerId !== membership.organisationId) return false;
  return roleAllows(roleOf(membership, hotel.id), capability);
}

/** Whether the hotel is the caller's organisation's at all (any role may see that it exists). */
export function isOrganisationHotel(user: Pick<AuthUser, 'id' | 'email' | 'roles' | 'organisation'> | null | undefined, hotel: { id: number | null; providerId: string | null }): boolean {
  const membership = membershipOf(user);
  return membership !== null && hotel.providerId !== null && hotel.providerId === membership.organisationId && roleOf(membership, hotel.id) !== null;
}

/** Throws 403 "Your role in this organisation does not allow this." unless the caller may use the capability on the hotel. */
export function requireCapability(user: Pick<AuthUser, 'id' | 'email' | 'roles' | 'organisation'>, hotel: { id: number | null; providerId: string | null }, capability: OrganisationCapability): void {
  if (!mayUse(user, hotel, capability)) throw forbidden(organisationMessages.roleForbidden);
}

/**
 * The organisation and which of its hotels the caller may use `capability` on, for a list; 403 when none. SQL filters
 * with `scopeSql`.
 */
export function requireScope(user: AuthUser, capability: OrganisationCapability): { organisationId: string; scope: Exclude<HotelScope, { kind: 'none' }> } {
  const membership = requireMembership(user);
  const scope = hotelScope(membership.grants, capability);
  if (scope.kind === 'none') throw forbidden(organisationMessages.roleForbidden);
  return { organisationId: membership.organisationId, scope };
}

/**
 * A SQL condition on `column` (a hotel id) for a scope, with its parameters numbered from `first`: every hotel but the
 * excluded ones, or only the listed ones.
 */
export function scopeSql(column: string, scope: Exclude<HotelScope, { kind: 'none' }>, first: number): { sql: string; params: unknown[] } {
  if (scope.kind === 'all') return { sql: `NOT (${column} = ANY($${first}::int[]))`, params: [scope.except] };
  return { sql: `${column} = ANY($${first}::int[])`, params: [scope.only] };
}
