/**
 * Organisations (a hotel group) and their members' roles: plain values shared by the browser, the services and the
 * gateway, without zod (docs/decisions.md, "Organisations and roles").
 *
 * An organisation owns its properties; its id is a uuid (the founding provider's account id, so the hotels'
 * `provider_id` columns every service keeps are organisation ids). A member holds grants: a role for every property
 * (key `*`) and/or a role for one property (key = the hotel id); a property's own grant wins over `*`.
 */
export const organisationRoles = ['owner', 'manager', 'responder', 'viewer'] as const;
export type OrganisationRole = (typeof organisationRoles)[number];

/** What a provider endpoint needs of the member's role for the property it touches. */
export const organisationCapabilities = ['listings', 'leads', 'reviews', 'figures', 'team'] as const;
export type OrganisationCapability = (typeof organisationCapabilities)[number];

/** The one table of who may do what: manager (listings, photos, leads), responder (reviews and replies), viewer (figures only). */
export const roleCapabilities: Record<OrganisationRole, readonly OrganisationCapability[]> = {
  owner: ['listings', 'leads', 'reviews', 'figures', 'team'],
  manager: ['listings', 'leads', 'figures'],
  responder: ['reviews', 'figures'],
  viewer: ['figures'],
};

export const organisationRoleLabels: Record<OrganisationRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  responder: 'Responder',
  viewer: 'Viewer',
};

export const organisationRoleDescriptions: Record<OrganisationRole, string> = {
  owner: 'Everything, including the team and the activity log',
  manager: 'Listings, photos and leads',
  responder: 'Reviews and replies',
  viewer: 'Figures only',
};

/** `*`: every property of the organisation; otherwise a hotel id as text. */
export type OrganisationGrants = Record<string, OrganisationRole>;
export const allProperties = '*';

/** The role a member holds for a property (its own grant, else the all-properties one), or null. */
export function roleForHotel(grants: OrganisationGrants, hotelId: number | string | null): OrganisationRole | null {
  if (hotelId !== null) {
    const own = grants[String(hotelId)];
    if (own) return own;
  }
  return grants[allProperties] ?? null;
}

export function roleAllows(role: OrganisationRole | null, capability: OrganisationCapability): boolean {
  return role !== null && roleCapabilities[role].includes(capability);
}

/**
 * Which of the organisation's properties a member may use a capability on: every one but `except` (`all`), or only
 * `only`. A list endpoint filters by it; `none` when the member may use it on none.
 */
export type HotelScope = { kind: 'all'; except: number[] } | { kind: 'only'; only: number[] } | { kind: 'none' };

export function hotelScope(grants: OrganisationGrants, capability: OrganisationCapability): HotelScope {
  const own = Object.entries(grants).filter(([key]) => key !== allProperties).map(([key, role]) => [Number(key), role] as const);
  if (roleAllows(grants[allProperties] ?? null, capability)) {
    return { kind: 'all', except: own.filter(([, role]) => !roleAllows(role, capability)).map(([id]) => id) };
  }
  const only = own.filter(([, role]) => roleAllows(role, capability)).map(([id]) => id);
  return only.length > 0 ? { kind: 'only', only } : { kind: 'none' };
}

/** The grants' highest role anywhere (what a member page shows first). */
export function isOwner(grants: OrganisationGrants): boolean {
  return grants[allProperties] === 'owner';
}

/** An invitation lasts 7 days; its token is 32 random bytes (base64url), kept only as its SHA-256. */
export const invitationTtlDays = 7;
