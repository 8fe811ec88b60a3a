import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import {
  activityPage,
  activityQuery,
  invitationAccept,
  invitationAcceptAnswer,
  invitationCreate,
  memberGrantsUpdate,
  organisationAnswer,
  organisationInvitation,
  organisationMember,
  organisationTeam,
  organisationUpdate,
} from '../organisations.ts';

const ownerOnly = '403 "Only an owner of the organisation can do this." for any other role; 403 "This account does not belong to an organisation. ..." for an account in none';
const grantsDoc =
  '`grants`: `{ "*": role }` for every property and/or `{ "<hotelId>": role }` per property (a property\'s own role wins over `*`); roles `owner` (everything, the team, the activity log; only with `*`), `manager` (listings, photos, leads), `responder` (reviews and replies), `viewer` (figures only). 400 "Role must be owner, manager, responder or viewer", "A role is given for every property (\\"*\\") or for one property by its hotel id", "Owner is a role for every property: give it with \\"*\\"", "Give the member a role for every property or for at least one property"';

/** Identity's organisations: a hotel group, its members and their roles, invitations and the activity log. */
export const organisationEndpoints = defineEndpoints('identity', {
  'GET /api/organisation': {
    access: 'provider',
    summary: 'The caller\'s organisation (hotel group) and the caller\'s own roles in it',
    responses: { 200: organisationAnswer },
    doc: '`{ id, name, grants, createdAt }`; `id` is the organisation id the hotels\' `providerId` carries (the token\'s `org.id` claim); `grants` the caller\'s roles (`*` or a hotel id → role). 403 for an account in no organisation',
  },
  'PATCH /api/organisation': {
    access: 'provider',
    summary: 'Rename the organisation (owners)',
    body: organisationUpdate,
    responses: { 200: organisationAnswer },
    doc: `the organisation; 400 "The organisation's name must be 1 to 100 characters"; ${ownerOnly}`,
  },
  'GET /api/organisation/team': {
    access: 'provider',
    summary: 'The organisation\'s members with their roles, and its open invitations (owners)',
    responses: { 200: organisationTeam },
    doc: `\`{ members: [{ userId, email, firstName, lastName, grants, founder, joinedAt }], invitations: [{ id, email, grants, invitedBy, createdAt, expiresAt }] }\`; an invitation is listed while it is neither used, cancelled nor expired, and never with its token; ${ownerOnly}`,
  },
  'POST /api/organisation/invitations': {
    access: 'provider',
    summary: 'Invite someone by email to join the organisation with a role per property or for all (owners)',
    body: invitationCreate,
    responses: { 201: organisationInvitation },
    doc: `201 the invitation (no token). The address is emailed a single-use link valid for 7 days (\`organisation.invitation-created\`, its token sealed through Kafka and BullMQ, stored only as its SHA-256). ${grantsDoc}; 400 "Please enter a valid email address"; 409 "This address already has an open invitation. ..." / "This address already belongs to a member of your organisation."; 429 past 50 a day; ${ownerOnly}`,
  },
  'DELETE /api/organisation/invitations/:id': {
    access: 'provider',
    summary: 'Cancel an open invitation (owners)',
    params: z.object({ id: z.string() }),
    responses: { 204: null },
    doc: `204; its link stops working at once; 404 "Invitation not found" (another organisation's, used or unknown); ${ownerOnly}`,
  },
  'POST /api/organisation/invitations/accept': {
    access: 'signedIn',
    summary: 'Join the organisation of an emailed invitation (the signed-in account must be the invited address)',
    body: invitationAccept,
    responses: { 200: invitationAcceptAnswer },
    doc: '`{ token, user, organisation }`: a fresh token whose `org` claim carries the organisation and the invited roles (the account becomes a provider account). The token is the link\'s; 400 "This invitation link is not valid. ..." for a token that is malformed, unknown or cancelled (one answer, so nothing can be learnt by guessing), 410 "This invitation has expired. ..." / "This invitation has already been used."; 403 "This invitation was sent to another email address. ..."; 409 "This account already belongs to an organisation on RepRoute ..."',
  },
  'PUT /api/organisation/members/:userId': {
    access: 'provider',
    summary: 'Change a member\'s roles (owners); the member\'s older tokens end within a second everywhere',
    params: z.object({ userId: z.string() }),
    body: memberGrantsUpdate,
    responses: { 200: organisationMember },
    doc: `the member with the new grants; the member's tokens issued before end on every instance (as a logout does) and the next sign-in carries the new roles. ${grantsDoc}; 404 "Member not found"; 409 "An organisation keeps at least one owner: ..." / "The account that founded the organisation stays its owner."; ${ownerOnly}`,
  },
  'DELETE /api/organisation/members/:userId': {
    access: 'provider',
    summary: 'Remove a member (owners); the member\'s tokens end within a second everywhere',
    params: z.object({ userId: z.string() }),
    responses: { 204: null },
    doc: `204; the member's tokens end on every instance within a second; the account stays, in no organisation (a provider account of its own, with no listings); 404 "Member not found"; 409 "The account that founded the organisation stays its owner." / "An organisation keeps at least one owner: ..."; ${ownerOnly}`,
  },
  'GET /api/organisation/activity': {
    access: 'provider',
    summary: 'The organisation\'s activity log: who changed which listing, lead status or reply, and when (owners)',
    query: activityQuery,
    responses: { 200: activityPage },
    doc: `\`{ items: [{ id, at, actorId, actorEmail, action, hotelId, hotelName, subjectId, detail }], total, page, pageSize: 50 }\` newest first; \`action\` is listing.created, listing.updated, listing.deleted, listing.photos, lead.status, review.replied, review.reply-edited or member.invited/joined/role-changed/removed; \`hotelId\` narrows to one property; an entry of a deleted account reads "Former member"; 400 "Page must be a whole number from 1 to 10000"; ${ownerOnly}`,
  },
});
