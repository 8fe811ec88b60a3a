import type { PublicUser, Role } from '@reproute/contracts';

/** A users row as the store returns it (snake_case columns). */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  is_traveler: boolean;
  is_provider: boolean;
  company_name: string | null;
  country_code: string;
  phone_number: string | null;
  bio: string | null;
  profile_setup_complete: boolean;
  reward_points: number;
  preferred_equipment: string[];
  accessibility_needs: string[];
  reset_token: string | null;
  reset_token_expiry: Date | null;
  /** Set by a password reset: tokens issued before it are refused. */
  tokens_not_before?: Date | null;
  /** When the account's email address was proved by its emailed link; null until then. */
  email_verified_at: Date | null;
  /** The address an email change waits to confirm. */
  pending_email: string | null;
  created_at: Date;
}

export interface RoleFlags {
  isTraveler: boolean;
  isProvider: boolean;
  isAdmin: boolean;
}

/** The token roles carried for the account flags: one account can hold several. */
export function rolesFor(flags: RoleFlags): Role[] {
  const roles: Role[] = [];
  if (flags.isTraveler) roles.push('traveller');
  if (flags.isProvider) roles.push('provider');
  if (flags.isAdmin) roles.push('admin');
  return roles;
}

/** The user as every answer shows it: never the password hash or the reset fields. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    isTraveler: row.is_traveler,
    isProvider: row.is_provider,
    companyName: row.company_name,
    countryCode: row.country_code,
    phoneNumber: row.phone_number,
    bio: row.bio,
    profileSetupComplete: row.profile_setup_complete,
    rewardPoints: row.reward_points,
    preferredEquipment: row.preferred_equipment ?? [],
    accessibilityNeeds: row.accessibility_needs ?? [],
    createdAt: row.created_at.toISOString(),
    emailVerified: row.email_verified_at !== null && row.email_verified_at !== undefined,
    pendingEmail: row.pending_email ?? null,
  };
}

/**
 * The first name an event may carry into an email to the account's address: only once that address
 * is proved, since until then the person who typed the name may not be the address's owner.
 */
export function nameForOwnEmail(user: Pick<PublicUser, 'emailVerified' | 'firstName'>): string | null {
  return user.emailVerified ? user.firstName : null;
}
