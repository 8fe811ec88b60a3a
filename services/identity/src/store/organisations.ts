import { randomUUID } from 'node:crypto';
import { conflict, forbidden, HttpError, notFound, rateLimited, badRequest, withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { seal } from '@reproute/platform/sealing';
import {
  allProperties,
  invitationTtlDays,
  organisationInvitationSealContext,
  organisationMessages as m,
  type ActivityAction,
  type ActivityPage,
  type OrganisationAnswer,
  type OrganisationClaim,
  type OrganisationGrants,
  type OrganisationInvitation,
  type OrganisationMember,
  type OrganisationTeam,
} from '@reproute/contracts';
import { enqueueEvent } from '@reproute/platform';
import { hashResetToken, newResetToken } from '../domain/reset-tokens.ts';

/** What an activity entry of a deleted account shows as its actor. */
export const formerMember = 'Former member';
const invitationsPerDay = 50;
const activityPageSize = 50;

interface MembershipRow {
  organisation_id: string;
  grants: OrganisationGrants;
  name: string;
  founder_id: string;
  founder_email: string | null;
  created_at: Date;
}

async function membershipOf(db: Queryable, userId: string, lock = false): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT m.organisation_id, m.grants, o.name, o.founder_id, f.email AS founder_email, o.created_at
       FROM organisation_members m JOIN organisations o ON o.id = m.organisation_id LEFT JOIN users f ON f.id = o.founder_id
      WHERE m.user_id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [userId],
  );
  return rows[0];
}

/** The `org` claim of the account's next token, or undefined for an account in no organisation. */
export async function organisationClaimFor(db: Queryable, userId: string): Promise<OrganisationClaim | undefined> {
  const row = await membershipOf(db, userId);
  return row && { id: row.organisation_id, email: row.founder_email ?? '', grants: row.grants };
}

const answerOf = (row: MembershipRow): OrganisationAnswer => ({ id: row.organisation_id, name: row.name, grants: row.grants, createdAt: row.created_at.toISOString() });

export async function organisationOf(db: Queryable, userId: string): Promise<OrganisationAnswer> {
  const row = await membershipOf(db, userId);
  if (!row) throw forbidden(m.noOrganisation);
  return answerOf(row);
}

/** The caller's membership, checked in Postgres to be an owner's (the token's claim said so; this is the truth). */
async function ownerMembership(db: Queryable, userId: string, lock = false): Promise<MembershipRow> {
  const row = await membershipOf(db, userId, lock);
  if (!row) throw forbidden(m.noOrganisation);
  if (row.grants[allProperties] !== 'owner') throw forbidden(m.notOwner);
  return row;
}

export async function renameOrganisation(pool: Pool, userId: string, name: string): Promise<OrganisationAnswer> {
  return withTransaction(pool, async (tx) => {
    const row = await ownerMembership(tx, userId, true);
    await tx.query('UPDATE organisations SET name = $2 WHERE id = $1', [row.organisation_id, name]);
    return answerOf({ ...row, name });
  });
}

interface MemberRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  grants: OrganisationGrants;
  joined_at: Date;
  founder_id: string;
}

const memberOf = (row: MemberRow): OrganisationMember => ({
  userId: row.user_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  grants: row.grants,
  founder: row.user_id === row.founder_id,
  joinedAt: row.joined_at.toISOString(),
});

interface InvitationRow {
  id: string;
  email: string;
  grants: OrganisationGrants;
  invited_by_email: string | null;
  created_at: Date;
  expires_at: Date;
}
const invitationOf = (row: InvitationRow): OrganisationInvitation => ({
  id: row.id,
  email: row.email,
  grants: row.grants,
  invitedBy: row.invited_by_email,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
});

const memberColumns = 'm.user_id, u.email, u.first_name, u.last_name, m.grants, m.joined_at, o.founder_id';

export async function teamOf(db: Queryable, userId: string): Promise<OrganisationTeam> {
  const own = await ownerMembership(db, userId);
  const [{ rows: members }, { rows: invitations }] = await Promise.all([
    db.query<MemberRow>(
      `SELECT ${memberColumns} FROM organisation_members m JOIN users u ON u.id = m.user_id JOIN organisations o ON o.id = m.organisation_id
        WHERE m.organisation_id = $1 ORDER BY m.joined_at, u.email`,
      [own.organisation_id],
    ),
    db.query<InvitationRow>(
      `SELECT i.id, i.email, i.grants, u.email AS invited_by_email, i.created_at, i.expires_at
         FROM organisation_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.organisation_id = $1 AND i.accepted_at IS NULL AND i.cancelled_at IS NULL AND i.expires_at > now()
        ORDER BY i.created_at DESC`,
      [own.organisation_id],
    ),
  ]);
  return { members: members.map(memberOf), invitations: invitations.map(invitationOf) };
}

export interface ActivityInput {
  id?: string;
  organisationId: string;
  actorId: string | null;
  actorEmail: string;
  action: ActivityAction | string;
  hotelId?: number | null;
  hotelName?: string | null;
  subjectId?: string | null;
  detail?: string | null;
  at?: string;
}

/** One line of the log; a repeated id (the same event twice) adds nothing, and an unknown organisation is skipped. */
export async function recordActivity(db: Queryable, entry: ActivityInput): Promise<void> {
  await db.query(
    `INSERT INTO organisation_activity (id, organisation_id, actor_id, actor_email, action, hotel_id, hotel_name, subject_id, detail, at)
     SELECT $1, o.id, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now()) FROM organisations o WHERE o.id = $2
     ON CONFLICT (id) DO NOTHING`,
    [entry.id ?? randomUUID(), entry.organisationId, entry.actorId, entry.actorEmail, entry.action, entry.hotelId ?? null, entry.hotelName ?? null, entry.subjectId ?? null, entry.detail ?? null, entry.at ?? null],
  );
}

const roleList = (grants: OrganisationGrants) => Object.entries(grants).map(([key, role]) => (key === allProperties ? `${role} (every property)` : `${role} (property ${key})`));

export async function createInvitation(
  pool: Pool,
  caller: { id: string; email: string; firstName: string | null },
  input: { email: string; grants: OrganisationGrants },
  sealingKey: Buffer,
): Promise<OrganisationInvitation> {
  return withTransaction(pool, async (tx) => {
    const own = await ownerMembership(tx, caller.id, true);
    const email = input.email.toLowerCase();
    const { rows: members } = await tx.query('SELECT 1 FROM organisation_members m JOIN users u ON u.id = m.user_id WHERE m.organisation_id = $1 AND u.email = $2', [own.organisation_id, email]);
    if (members.length > 0) throw conflict(m.invitationForMember);
    const { rows: open } = await tx.query(
      'SELECT 1 FROM organisation_invitations WHERE organisation_id = $1 AND email = $2 AND accepted_at IS NULL AND cancelled_at IS NULL AND expires_at > now()',
      [own.organisation_id, email],
    );
    if (open.length > 0) throw conflict(m.invitationDuplicate);
    const { rows: today } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM organisation_invitations WHERE organisation_id = $1 AND created_at > now() - interval '1 day'",
      [own.organisation_id],
    );
    if ((today[0]?.n ?? 0) >= invitationsPerDay) throw rateLimited(m.invitationsTooMany, 3600);
    const id = randomUUID();
    const { token, tokenHash, expiresAt } = newResetToken(new Date(), invitationTtlDays * 24 * 60);
    const { rows } = await tx.query<{ created_at: Date }>(
      `INSERT INTO organisation_invitations (id, organisation_id, email, grants, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING created_at`,
      [id, own.organisation_id, email, JSON.stringify(input.grants), tokenHash, caller.id, expiresAt],
    );
    await recordActivity(tx, { organisationId: own.organisation_id, actorId: caller.id, actorEmail: caller.email, action: 'member.invited', detail: email });
    await enqueueEvent(
      tx,
      'organisation.invitation-created',
      {
        invitationId: id,
        organisationId: own.organisation_id,
        organisationName: own.name,
        email,
        inviterFirstName: caller.firstName,
        roles: roleList(input.grants),
        sealedToken: seal(sealingKey, token, organisationInvitationSealContext(id, email)),
        expiresAt: expiresAt.toISOString(),
      },
      { key: own.organisation_id },
    );
    return { id, email, grants: input.grants, invitedBy: caller.email, createdAt: rows[0]!.created_at.toISOString(), expiresAt: expiresAt.toISOString() };
  });
}

export async function cancelInvitation(pool: Pool, callerId: string, invitationId: string): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const own = await ownerMembership(tx, callerId, true);
    const { rowCount } = await tx.query(
      `UPDATE organisation_invitations SET cancelled_at = now()
        WHERE id::text = $1 AND organisation_id = $2 AND accepted_at IS NULL AND cancelled_at IS NULL`,
      [invitationId.toLowerCase(), own.organisation_id],
    );
    if (!rowCount) throw notFound(m.invitationNotFound);
  });
}

interface OpenInvitationRow {
  id: string;
  organisation_id: string;
  email: string;
  grants: OrganisationGrants;
  expires_at: Date;
  accepted_at: Date | null;
  cancelled_at: Date | null;
}

/**
 * Joins the invitation's organisation, once: the invitation row is locked, checked (not cancelled, unused, unexpired,
 * for this account's address, the account in no organisation), used, and the account becomes a provider account.
 */
export async function acceptInvitation(pool: Pool, caller: { id: string; email: string }, token: string): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<OpenInvitationRow>(
      'SELECT id, organisation_id, email, grants, expires_at, accepted_at, cancelled_at FROM organisation_invitations WHERE token_hash = $1 FOR UPDATE',
      [hashResetToken(token)],
    );
    const invitation = rows[0];
    if (!invitation || invitation.cancelled_at) throw badRequest(m.invitationTokenInvalid, [{ path: 'token', message: m.invitationTokenInvalid }]);
    if (invitation.accepted_at) throw new HttpError(410, m.invitationUsed);
    if (invitation.expires_at.getTime() <= Date.now()) throw new HttpError(410, m.invitationExpired);
    const { rows: users } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [caller.id]);
    if (!users[0] || users[0].email !== invitation.email) throw forbidden(m.invitationOtherEmail);
    if (await membershipOf(tx, caller.id)) throw conflict(m.invitationAlreadyMember);
    await tx.query('INSERT INTO organisation_members (user_id, organisation_id, grants) VALUES ($1, $2, $3)', [caller.id, invitation.organisation_id, JSON.stringify(invitation.grants)]);
    await tx.query('UPDATE users SET is_provider = true, updated_at = now() WHERE id = $1', [caller.id]);
    await tx.query('UPDATE organisation_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [invitation.id, caller.id]);
    await recordActivity(tx, { organisationId: invitation.organisation_id, actorId: caller.id, actorEmail: users[0].email, action: 'member.joined', subjectId: caller.id, detail: roleList(invitation.grants).join(', ') });
  });
}

async function lockedMember(tx: PoolClient, organisationId: string, userId: string): Promise<MemberRow> {
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${memberColumns} FROM organisation_members m JOIN users u ON u.id = m.user_id JOIN organisations o ON o.id = m.organisation_id
      WHERE m.organisation_id = $1 AND m.user_id::text = $2 FOR UPDATE OF m`,
    [organisationId, userId.toLowerCase()],
  );
  if (!rows[0]) throw notFound(m.memberNotFound);
  return rows[0];
}

async function otherOwners(tx: PoolClient, organisationId: string, userId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM organisation_members WHERE organisation_id = $1 AND user_id <> $2 AND grants->>'*' = 'owner'",
    [organisationId, userId],
  );
  return rows[0]?.n ?? 0;
}

/** Ends the member's tokens (as a password reset does): answers the moment in seconds, for the announcement. */
async function endMemberSessions(tx: PoolClient, userId: string): Promise<number> {
  const { rows } = await tx.query<{ not_before: string }>(
    `UPDATE users SET tokens_not_before = clock_timestamp(), updated_at = now() WHERE id = $1
      RETURNING ceil(EXTRACT(EPOCH FROM tokens_not_before))::bigint AS not_before`,
    [userId],
  );
  return Number(rows[0]!.not_before);
}

export async function updateMemberGrants(
  pool: Pool,
  caller: { id: string; email: string },
  memberId: string,
  grants: OrganisationGrants,
): Promise<{ member: OrganisationMember; notBefore: number | null }> {
  return withTransaction(pool, async (tx) => {
    const own = await ownerMembership(tx, caller.id, true);
    const member = await lockedMember(tx, own.organisation_id, memberId);
    const isFounder = member.user_id === member.founder_id;
    if (isFounder && grants[allProperties] !== 'owner') throw conflict(m.founderStays);
    if (member.grants[allProperties] === 'owner' && grants[allProperties] !== 'owner' && (await otherOwners(tx, own.organisation_id, member.user_id)) === 0) throw conflict(m.lastOwner);
    const same = JSON.stringify(Object.entries(member.grants).sort()) === JSON.stringify(Object.entries(grants).sort());
    if (same) return { member: memberOf(member), notBefore: null };
    await tx.query('UPDATE organisation_members SET grants = $3 WHERE organisation_id = $1 AND user_id = $2', [own.organisation_id, member.user_id, JSON.stringify(grants)]);
    const notBefore = await endMemberSessions(tx, member.user_id);
    await recordActivity(tx, { organisationId: own.organisation_id, actorId: caller.id, actorEmail: caller.email, action: 'member.role-changed', subjectId: member.user_id, detail: roleList(grants).join(', ') });
    return { member: memberOf({ ...member, grants }), notBefore };
  });
}

export async function removeMember(pool: Pool, caller: { id: string; email: string }, memberId: string): Promise<{ userId: string; notBefore: number }> {
  return withTransaction(pool, async (tx) => {
    const own = await ownerMembership(tx, caller.id, true);
    const member = await lockedMember(tx, own.organisation_id, memberId);
    if (member.user_id === member.founder_id) throw conflict(m.founderStays);
    if (member.grants[allProperties] === 'owner' && (await otherOwners(tx, own.organisation_id, member.user_id)) === 0) throw conflict(m.lastOwner);
    await tx.query('DELETE FROM organisation_members WHERE organisation_id = $1 AND user_id = $2', [own.organisation_id, member.user_id]);
    // The account stays, as a traveller's: setting up a provider account again founds an organisation of its own.
    await tx.query('UPDATE users SET is_provider = false, updated_at = now() WHERE id = $1', [member.user_id]);
    const notBefore = await endMemberSessions(tx, member.user_id);
    await recordActivity(tx, { organisationId: own.organisation_id, actorId: caller.id, actorEmail: caller.email, action: 'member.removed', subjectId: member.user_id, detail: member.email });
    return { userId: member.user_id, notBefore };
  });
}

interface ActivityRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_email: string;
  action: string;
  hotel_id: number | null;
  hotel_name: string | null;
  subject_id: string | null;
  detail: string | null;
}

export async function activityOf(db: Queryable, callerId: string, query: { page: number; hotelId?: number }): Promise<ActivityPage> {
  const own = await ownerMembership(db, callerId);
  const params: unknown[] = [own.organisation_id, query.hotelId ?? null];
  const where = 'organisation_id = $1 AND ($2::int IS NULL OR hotel_id = $2)';
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<ActivityRow>(`SELECT * FROM organisation_activity WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${activityPageSize} OFFSET $3`, [...params, (query.page - 1) * activityPageSize]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organisation_activity WHERE ${where}`, params),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action as ActivityPage['items'][number]['action'],
      hotelId: row.hotel_id,
      hotelName: row.hotel_name,
      subjectId: row.subject_id,
      detail: row.detail,
    })),
    total: counted[0]?.n ?? 0,
    page: query.page,
    pageSize: activityPageSize,
  };
}

/** The account's part of its export: its organisation and roles, and what it did there (the log's lines it wrote). */
export async function exportOrganisation(db: Queryable, userId: string) {
  const membership = await membershipOf(db, userId);
  const { rows } = await db.query<ActivityRow>('SELECT * FROM organisation_activity WHERE actor_id = $1 ORDER BY at, id', [userId]);
  return {
    organisation: membership ? { id: membership.organisation_id, name: membership.name, grants: membership.grants, founder: membership.founder_id === userId } : null,
    activity: rows.map((row) => ({ at: row.at.toISOString(), action: row.action, hotelId: row.hotel_id, hotelName: row.hotel_name, subjectId: row.subject_id, detail: row.detail })),
  };
}

/**
 * Identity's erasure of an account's organisation data, as its row goes: an organisation it founded goes with it
 * (the catalog deletes that organisation's listings, filed under the same id), its lines in other logs keep what
 * was done but not who ("Former member"), and invitations to its addresses go.
 */
export async function eraseOrganisationData(tx: Queryable, userId: string, emails: string[]): Promise<void> {
  await tx.query('DELETE FROM organisations WHERE id = $1 OR founder_id = $1', [userId]);
  await tx.query(
    `UPDATE organisation_activity SET actor_id = NULL, actor_email = $2 WHERE actor_id = $1 OR actor_email = ANY($3::text[])`,
    [userId, formerMember, emails],
  );
  await tx.query('UPDATE organisation_activity SET subject_id = NULL WHERE subject_id = $1', [userId]);
  await tx.query('UPDATE organisation_activity SET detail = NULL WHERE detail = ANY($1::text[])', [emails]);
  await tx.query('DELETE FROM organisation_invitations WHERE email = ANY($1::text[])', [emails]);
}
