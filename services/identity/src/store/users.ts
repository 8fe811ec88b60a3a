import { randomUUID } from 'node:crypto';
import { conflict, isUniqueViolation, withTransaction, type Pool, type Queryable } from '@reproute/platform';
import { messages, type AdminUsersQuery, type PublicUser } from '@reproute/contracts';
import { toPublicUser, type UserRow } from '../domain/users.ts';
import type { ProfileOutcome } from '../domain/profile.ts';
import { userEvents } from '../events/users.ts';
import { issueVerificationLink, type VerificationLinks } from './email-verification.ts';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email.trim().toLowerCase()]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  isTraveler?: boolean;
  isProvider?: boolean;
  isAdmin?: boolean;
  companyName?: string | null;
  phoneNumber?: string | null;
  profileSetupComplete?: boolean;
}

/** Inserts a user; a taken email (in any letter case) is a 409 "already exists". Emits `user.registered`. */
export async function createUser(tx: Queryable, user: NewUser): Promise<PublicUser> {
  try {
    const { rows } = await tx.query<UserRow>(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, is_traveler, is_provider, is_admin, company_name, phone_number, profile_setup_complete)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        user.id ?? randomUUID(),
        user.email.trim().toLowerCase(),
        user.passwordHash,
        user.firstName,
        user.lastName,
        user.isTraveler ?? true,
        user.isProvider ?? false,
        user.isAdmin ?? false,
        user.companyName ?? null,
        user.phoneNumber ?? null,
        user.profileSetupComplete ?? false,
      ],
    );
    const created = toPublicUser(rows[0]!);
    await userEvents.registered(tx, created);
    return created;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.emailExists);
    throw err;
  }
}

/** A registration: the account, `user.registered` and its address's verification link, in one transaction. */
export async function registerUser(pool: Pool, user: NewUser, links: VerificationLinks): Promise<PublicUser> {
  return withTransaction(pool, async (tx) => {
    const created = await createUser(tx, user);
    await issueVerificationLink(tx, created.id, { email: created.email, purpose: 'verify', reason: 'registration' }, links);
    return created;
  });
}

/**
 * Writes a profile or provider setup and its events in one transaction. The row is locked first,
 * so two setups of one account cannot both believe they completed it.
 */
export async function saveProfile(pool: Pool, userId: string, decide: (current: PublicUser) => ProfileOutcome): Promise<PublicUser | undefined> {
  return withTransaction(pool, async (tx) => {
    const { rows: locked } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!locked[0]) return undefined;
    const { changes, completedNow, becameProvider } = decide(toPublicUser(locked[0]));
    const { rows } = await tx.query<UserRow>(
      `UPDATE users SET first_name = $2, last_name = $3, bio = $4, is_traveler = $5, is_provider = $6, country_code = $7,
              phone_number = $8, company_name = $9, preferred_equipment = $10, accessibility_needs = $11,
              profile_setup_complete = $12, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [
        userId,
        changes.firstName,
        changes.lastName,
        changes.bio,
        changes.isTraveler,
        changes.isProvider,
        changes.countryCode,
        changes.phoneNumber,
        changes.companyName,
        changes.preferredEquipment,
        changes.accessibilityNeeds,
        changes.profileSetupComplete,
      ],
    );
    const updated = toPublicUser(rows[0]!);
    if (completedNow) await userEvents.profileCompleted(tx, updated);
    if (becameProvider) await userEvents.becameProvider(tx, updated);
    return updated;
  });
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
}

/** Admin listing: newest first, optionally filtered by an email or name fragment. */
export async function listUsers(db: Queryable, query: AdminUsersQuery): Promise<{ items: PublicUser[]; total: number }> {
  const filter = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `WHERE $1::text IS NULL OR email LIKE $1 OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE $1`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<UserRow>(`SELECT * FROM users ${where} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [
      filter,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users ${where}`, [filter]),
  ]);
  return { items: rows.map(toPublicUser), total: counted[0]?.total ?? 0 };
}
