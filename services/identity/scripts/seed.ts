// Seeds the local accounts (idempotent): an admin, a provider (owner of some of catalog's seeded
// hotels, by its fixed id) and a traveller. Run by infra/scripts/seed.sh with identity's DB role.
// The documented default passwords are for local runs only: with NODE_ENV=production (the Docker
// image, docker-compose) an account is seeded only when its SEED_*_PASSWORD is given.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, migrate, withTransaction } from '@reproute/platform';
import { configSchema } from '../src/config.ts';
import { PasswordHasher } from '../src/domain/passwords.ts';
import type { UserRow } from '../src/domain/users.ts';
import { createUser } from '../src/store/users.ts';
import { seedPassword } from '../src/domain/seed.ts';
import { userEvents } from '../src/events/users.ts';
import { markEmailVerified } from '../src/store/email-verification.ts';
import { seedReviewers } from '../../catalog/scripts/seed-reviews.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const config = configSchema.parse({ SERVICE_NAME: 'identity', DB_SCHEMA: 'identity', ...process.env, PORT: '1' }); // the seed never listens
const logger = createLogger('identity-seed', process.env.LOG_LEVEL === 'debug' ? 'debug' : 'warn');

interface SeedAccount {
  id: string;
  role: string;
  email: string;
  password: string;
  passwordVariable: string;
  defaultPassword: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  isProvider?: boolean;
  companyName?: string;
  phoneNumber?: string;
}

const account = (a: Omit<SeedAccount, 'password'>) => a;

const seedDefinitions = [
  account({
    id: '00000000-0000-4000-8000-000000000001',
    role: 'admin',
    email: 'admin@reproute.example',
    passwordVariable: 'SEED_ADMIN_PASSWORD',
    defaultPassword: 'Admin!2345',
    firstName: 'Ada',
    lastName: 'Admin',
    isAdmin: true,
  }),
  account({
    id: '00000000-0000-4000-8000-000000000002',
    role: 'provider',
    email: 'provider@reproute.example',
    passwordVariable: 'SEED_PROVIDER_PASSWORD',
    defaultPassword: 'Provider!2345',
    firstName: 'Priya',
    lastName: 'Provider',
    isProvider: true,
    companyName: 'Summit Hotels Group',
    phoneNumber: '+12125550123',
  }),
  account({
    id: '00000000-0000-4000-8000-000000000003',
    role: 'traveller',
    email: 'traveller@reproute.example',
    passwordVariable: 'SEED_TRAVELLER_PASSWORD',
    defaultPassword: 'Traveller!2345',
    firstName: 'Tom',
    lastName: 'Traveller',
  }),
];
const seedAccounts: SeedAccount[] = [];
const skipped: string[] = [];
for (const definition of seedDefinitions) {
  const password = seedPassword(process.env[definition.passwordVariable], definition.defaultPassword, config.NODE_ENV);
  if (password === undefined) skipped.push(`${definition.role} (set ${definition.passwordVariable} to create it)`);
  else seedAccounts.push({ ...definition, password });
}

await migrate({ databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, dir: path.resolve(here, '../migrations'), logger, tls: config });
const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 2, logger, tls: config });
const passwords = new PasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: config.ARGON2_PARALLELISM });

try {
  for (const seed of seedAccounts) {
    const passwordHash = await passwords.hash(seed.password);
    await withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [seed.id]);
      if (!rows[0]) {
        // First run: a real registration (with its events, so other services learn about the account).
        const user = await createUser(tx, {
          id: seed.id,
          email: seed.email,
          passwordHash,
          firstName: seed.firstName,
          lastName: seed.lastName,
          isAdmin: seed.isAdmin ?? false,
          isProvider: seed.isProvider ?? false,
          companyName: seed.companyName ?? null,
          phoneNumber: seed.phoneNumber ?? null,
          profileSetupComplete: true,
        });
        await userEvents.profileCompleted(tx, user);
        if (user.isProvider) await userEvents.becameProvider(tx, user);
        // The seed's addresses are the product's own: verified from the start (no link is sent).
        await markEmailVerified(tx, user.id);
        return;
      }
      // Later runs put the account back as documented (flags, profile, password, a verified address), emitting nothing.
      await tx.query(
        `UPDATE users SET email = $2, password_hash = $3, first_name = $4, last_name = $5, is_admin = $6, is_provider = $7,
                is_traveler = true, company_name = $8, phone_number = $9, profile_setup_complete = true,
                email_verified_at = coalesce(email_verified_at, now()), pending_email = NULL, updated_at = now()
          WHERE id = $1`,
        [seed.id, seed.email, passwordHash, seed.firstName, seed.lastName, seed.isAdmin ?? false, seed.isProvider ?? false, seed.companyName ?? null, seed.phoneNumber ?? null],
      );
    });
  }
  // The authors of the seeded hotels' reviews (catalog scripts/seed-reviews.ts): real accounts with a
  // random password on every run, so the reviews belong to someone yet nobody signs in with them.
  const reviewerHash = await passwords.hash(randomBytes(24).toString('base64url'));
  for (const reviewer of seedReviewers) {
    await withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [reviewer.id]);
      if (rows[0]) {
        await tx.query('UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1', [reviewer.id, reviewerHash]);
        return;
      }
      const user = await createUser(tx, {
        id: reviewer.id,
        email: reviewer.email,
        passwordHash: reviewerHash,
        firstName: reviewer.firstName,
        lastName: reviewer.lastName,
        isAdmin: false,
        isProvider: false,
        companyName: null,
        phoneNumber: null,
        profileSetupComplete: true,
      });
      await userEvents.profileCompleted(tx, user);
      await markEmailVerified(tx, user.id);
    });
  }
} finally {
  await pool.end();
}

const lines = seedAccounts.map((a) => {
  const password = a.password === a.defaultPassword ? a.password : `(from ${a.passwordVariable})`;
  return `  ${a.role.padEnd(10)} ${a.email.padEnd(28)} ${password}`;
});
// The summary `make up` prints is for local runs; a production run leaves it alone.
if (config.NODE_ENV !== 'production') {
  const summary = `  Seed accounts (local use only; passwords from SEED_*_PASSWORD)\n${lines.join('\n')}\n`;
  const dataDir = process.env.REPROUTE_DATA ?? path.join(repoRoot, '.data');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, 'seed-accounts.txt'), summary, { mode: 0o600 });
}
process.stdout.write(`[seed] identity: ${seedAccounts.length} accounts ready${skipped.length ? `; not created (production, no password given): ${skipped.join(', ')}` : ''}\n`);
