/**
 * Helpers for engagement's and the notifier's integration tests: the running system only
 * (gateway, MailDev, Kafka, Postgres); these just save typing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect } from 'vitest';
import { eventually, listEmails, login, maildevUrl, runScript, seedAccounts, sleep, stack, type MaildevEmail } from '@reproute/platform/testing';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs one of the infra scripts (e.g. `kafka.sh stop`) on the stack under test, failing loudly. */
export function runInfraScript(script: string, ...args: string[]): void {
  runScript(script, args);
}

/** A short unique tag for subjects and addresses, so each test finds only its own emails. */
export const uniqueTag = (prefix = 't') => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export async function emailsWhere(predicate: (email: MaildevEmail) => boolean): Promise<MaildevEmail[]> {
  return (await listEmails()).filter(predicate);
}

export const sentTo = (address: string) => (email: MaildevEmail) => email.to.some((t) => t.address.toLowerCase() === address.toLowerCase());

/**
 * Waits until `count` emails match, then waits `settleMs` more and checks no further copy came:
 * "exactly once", not "at least once".
 */
export async function expectEmailsExactly(predicate: (email: MaildevEmail) => boolean, count: number, options: { timeoutMs?: number; settleMs?: number; what?: string } = {}): Promise<MaildevEmail[]> {
  await eventually(async () => (await emailsWhere(predicate)).length >= count, options.timeoutMs ?? 30_000, options.what ?? 'expected emails');
  await sleep(options.settleMs ?? 4_000);
  const found = await emailsWhere(predicate);
  expect(found, options.what).toHaveLength(count);
  return found;
}

/** The Reply-To address of an email (MailDev's JSON leaves it out; the raw source has it). */
export async function replyToOf(email: MaildevEmail): Promise<string | undefined> {
  const source = await (await fetch(`${maildevUrl}/api/email/${email.id}/source`)).text();
  const header = /^Reply-To:\s*(.+)$/im.exec(source.split(/\r?\n\r?\n/)[0] ?? '');
  return header?.[1]?.trim().replace(/^.*<([^>]+)>.*$/, '$1');
}

/** Engagement's own schema, for looking at its outbox in tests. */
export function engagementDb(): pg.Pool {
  return new pg.Pool({ connectionString: process.env.ENGAGEMENT_DATABASE_URL ?? stack.databaseUrl('engagement'), max: 2, options: '-c search_path=engagement' });
}

const tokenCache = new Map<string, string>();
/** A token for one of the seeded accounts (logins are cached per test file to stay clear of the login rate limit). */
export async function seededToken(who: keyof typeof seedAccounts): Promise<string> {
  const cached = tokenCache.get(who);
  if (cached) return cached;
  const { token } = await login(seedAccounts[who].email, seedAccounts[who].password);
  tokenCache.set(who, token);
  return token;
}

/** Waits until engagement's hotel projection knows a hotel (seeded hotels arrive as catalog hotel.created events). */
export async function waitForKnownHotel(hotelId: number, timeoutMs = 60_000): Promise<void> {
  const db = engagementDb();
  try {
    await eventually(
      async () => (await db.query('SELECT 1 FROM hotels WHERE id = $1 AND deleted_at IS NULL AND is_approved', [hotelId])).rows.length === 1,
      timeoutMs,
      `hotel ${hotelId} in engagement's projection`,
    );
  } finally {
    await db.end();
  }
}
