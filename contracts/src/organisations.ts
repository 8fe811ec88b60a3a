import { z } from 'zod';
import { organisationMessages as m } from './messages.ts';
import { emailField, publicUser } from './identity.ts';
import { allProperties, organisationRoles, type OrganisationGrants } from './organisation-values.ts';
import { hasControlCharacter } from './plain-text.ts';

export * from './organisation-values.ts';

const grantKey = z.string().regex(/^(\*|[1-9]\d{0,9})$/, m.grantKeyInvalid);
export const organisationRole = z.enum(organisationRoles, { error: m.roleInvalid });

/** A member's grants: `{ "*": role }` for every property and/or `{ "<hotelId>": role }`; owner only for every property. */
export const organisationGrants = z
  .record(grantKey, organisationRole, { error: (issue) => (issue.code === 'invalid_key' ? m.grantKeyInvalid : m.grantsEmpty) })
  .check((ctx) => {
    const grants = ctx.value as OrganisationGrants;
    const keys = Object.keys(grants);
    if (keys.length === 0) ctx.issues.push({ code: 'custom', message: m.grantsEmpty, input: ctx.value });
    if (keys.length > 201) ctx.issues.push({ code: 'custom', message: m.grantsTooMany, input: ctx.value });
    for (const [key, role] of Object.entries(grants)) {
      if (role === 'owner' && key !== allProperties) ctx.issues.push({ code: 'custom', message: m.ownerForAllOnly, input: ctx.value, path: [key] });
    }
  });

/** The `org` claim of an access token: the organisation the account belongs to and its grants there. */
export const organisationClaim = z.object({
  id: z.string().uuid(),
  /** The organisation's address (its founder's): what a listing a member adds is filed under. */
  email: z.string(),
  grants: z.record(z.string(), z.enum(organisationRoles)),
});
export type OrganisationClaim = z.infer<typeof organisationClaim>;

export const organisationAnswer = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The caller's own grants. */
  grants: z.record(z.string(), z.enum(organisationRoles)),
  createdAt: z.string(),
});
export type OrganisationAnswer = z.infer<typeof organisationAnswer>;

export const organisationUpdate = z.object({
  name: z.string({ error: m.nameInvalid }).trim().min(1, m.nameInvalid).max(100, m.nameInvalid).refine((value) => !hasControlCharacter(value), m.nameInvalid),
});

export const organisationMember = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  grants: z.record(z.string(), z.enum(organisationRoles)),
  /** The founder: always an owner, never removed. */
  founder: z.boolean(),
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMember>;

/** An open invitation as the owner sees it: never its token (it exists only in the emailed link). */
export const organisationInvitation = z.object({
  id: z.string().uuid(),
  email: z.string(),
  grants: z.record(z.string(), z.enum(organisationRoles)),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitation>;

export const organisationTeam = z.object({
  members: z.array(organisationMember),
  invitations: z.array(organisationInvitation),
});
export type OrganisationTeam = z.infer<typeof organisationTeam>;

export const invitationCreate = z.object({ email: emailField, grants: organisationGrants });
export type InvitationCreate = z.infer<typeof invitationCreate>;

export const memberGrantsUpdate = z.object({ grants: organisationGrants });

export const invitationAccept = z.object({
  token: z.string({ error: m.invitationTokenInvalid }).trim().regex(/^[A-Za-z0-9_-]{43}$/, m.invitationTokenInvalid),
});

/** Accepting answers a fresh token carrying the organisation (the `org` claim) and the account. */
export const invitationAcceptAnswer = z.object({ token: z.string(), user: publicUser, organisation: organisationAnswer });

export const activityActions = ['listing.created', 'listing.updated', 'listing.deleted', 'listing.photos', 'lead.status', 'review.replied', 'review.reply-edited', 'member.invited', 'member.joined', 'member.role-changed', 'member.removed'] as const;
export type ActivityAction = (typeof activityActions)[number];

export const activityEntry = z.object({
  id: z.string().uuid(),
  at: z.string(),
  actorId: z.string().uuid().nullable(),
  /** "Former member" once the actor's account is deleted. */
  actorEmail: z.string(),
  action: z.enum(activityActions),
  hotelId: z.number().int().nullable(),
  hotelName: z.string().nullable(),
  /** The lead, review or member the entry is about. */
  subjectId: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityQuery = z.object({
  page: z.coerce.number({ error: m.activityPageInvalid }).int(m.activityPageInvalid).min(1, m.activityPageInvalid).max(10_000, m.activityPageInvalid).default(1),
  hotelId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const activityPage = z.object({ items: z.array(activityEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type ActivityPage = z.infer<typeof activityPage>;
