/**
 * What the account-data tests share: an account that did everything the product lets it (a provider with a live
 * listing who also favoured, reviewed, sent a lead, clicked a booking link, wrote to support and was recorded by
 * analytics), and a scan of every place that could still hold it: each service's schema, read through that
 * service's own database role, and every Redis key.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { erasingServices } from '@reproute/contracts';
import { api, apiFrom, eventually, login, registerTraveller, seedAccounts, serviceDb, stack, uniqueClientAddress } from '@reproute/platform/testing';
import { listingBody, uniqueName } from '../../../services/catalog/test/listing-fixtures.ts';

/** Every schema a service owns (the notifier keeps only its delivery records, but is scanned too). */
export const schemas = ['identity', ...erasingServices] as const;

/** Letters only, unlike any other test's names: a name search finds this account alone. */
const uniqueWord = (prefix: string) => `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

export interface BusyAccount {
  id: string;
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
  companyName: string;
  listing: { id: number; name: string };
  reviewId: string;
  savedSearchId: string;
  leadId: string;
  clickId: string;
  sessionId: string;
  /** Words only this account's data contains (its names, its lead's and contact message's text). */
  needles: string[];
}

/** A seeded admin's token (one sign-in per file: sign-in is rate limited). */
let adminToken: Promise<string> | undefined;
export const admin = () => (adminToken ??= login(seedAccounts.admin.email, seedAccounts.admin.password).then((a) => a.token));

/**
 * A verified traveller who became a provider, saved a search (weekly) that finds its own listing, listed a hotel
 * (approved, so live: the saved search matched it, kept for the weekly digest), favoured it and hotel 1,
 * reviewed hotel 2 (approved), sent hotel 1 a lead with a message, clicked its booking link, wrote to support
 * and browsed with analytics consent, all signed in.
 */
export async function accountThatDidEverything(): Promise<BusyAccount> {
  const firstName = uniqueWord('Deletia');
  const lastName = uniqueWord('Gonewell');
  const companyName = `${uniqueWord('Vanishing')} Hotels`;
  const registered = await registerTraveller({ firstName, lastName });
  const setup = await api('POST', '/api/provider/setup', { token: registered.token, body: { companyName, phoneNumber: '+442071234567' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const token = setup.body.token as string;
  const id = registered.user.id;
  const email = registered.email;

  const listingName = uniqueName('Farewell Lift Hotel');
  const made = await api('POST', '/api/provider/hotels', { token, body: listingBody({ name: listingName, contactEmail: email }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  // Saved before the approval, so the listing going live is a match (weekly: kept in the notifier for the digest).
  const saved = await api('POST', '/api/saved-searches', { token, body: { name: `Lifting near ${lastName}`, params: { query: listingName }, alerts: 'weekly' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const approved = await api('PUT', `/api/hotels/${made.body.id}/approval`, { token: await admin(), body: { isApproved: true } });
  expect(approved.status).toBe(200);

  // Engagement learns of the new listing through catalog.hotels before it can be a favourite.
  await eventually(async () => (await api('POST', '/api/favorites', { token, body: { hotelId: made.body.id } })).status === 201, 30_000, 'the listing known to engagement');
  expect((await api('POST', '/api/favorites', { token, body: { hotelId: 1 } })).status).toBe(201);
  const review = await api('POST', '/api/reviews', {
    token,
    body: { hotelId: 2, title: 'Racks for days', content: 'Two racks, a platform and dumbbells to 50 kg, open all night.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-09' },
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  expect((await api('PUT', `/api/reviews/${review.body.id}/approve`, { token: await admin(), body: { isApproved: true } })).status).toBe(200);

  const leadWord = uniqueWord('Leadnote');
  const lead = await apiFrom(uniqueClientAddress(), 'POST', '/api/leads', {
    token,
    body: { shareContact: true, hotelId: 1, checkInDate: '2029-02-01', checkOutDate: '2029-02-03', guests: 1, message: `Is the rack free at six? ${leadWord}` },
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  const click = await api('POST', '/api/referral-clicks', { token, body: { hotelId: 1, bookingUrl: 'https://book.example.com/1', searchParams: { checkIn: '2029-02-01', checkOut: '2029-02-03', guests: 1 } } });
  expect(click.status).toBe(201);
  const contactWord = uniqueWord('Contactnote');
  const contact = await apiFrom(uniqueClientAddress(), 'POST', '/api/contact', { token, body: { name: `${firstName} ${lastName}`, email, message: `About my listing. ${contactWord}` } });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const sessionId = `session-${randomUUID()}`;
  const now = new Date().toISOString();
  const recorded = await api('POST', '/api/analytics/batch', {
    token,
    body: { sessionId, pageViews: [{ url: `/hotels/${made.body.id}`, title: listingName, timestamp: now }], searches: [{ query: 'farewell gyms', equipment: [], resultCount: 1, timestamp: now }], conversions: [], interactions: [] },
  });
  expect(recorded.status).toBe(202);

  // Gym facts: it confirms hotel 1's are current (as a traveller: not its listing) and reports a change to a hotel of
  // an admin's made for it (a report stays with the hotel, without the account, so it is kept off the seeded hotels).
  expect((await api('POST', '/api/hotels/1/gym-facts/confirmations', { token })).status).toBe(201);
  const reported = await api('POST', '/api/hotels', { token: await admin(), body: listingBody({ name: uniqueName('Reported Rack Hotel') }) });
  expect(reported.status, JSON.stringify(reported.body)).toBe(201);
  const gymReport = await api('POST', `/api/hotels/${reported.body.id}/gym-reports`, { token, body: { kind: 'equipment', detail: 'The squat rack is gone' } });
  expect(gymReport.status, JSON.stringify(gymReport.body)).toBe(201);

  return {
    id,
    email,
    password: registered.password,
    token,
    firstName,
    lastName,
    companyName,
    listing: { id: made.body.id, name: listingName },
    reviewId: review.body.id,
    savedSearchId: saved.body.id,
    leadId: lead.body.id,
    clickId: click.body.id,
    sessionId,
    needles: [id, email, firstName, lastName, companyName, leadWord, contactWord, sessionId],
  };
}

export interface Trace {
  place: string;
  text: string;
}

/** Every row of every table of every service's schema, read through the service's own role, that holds one of the needles. */
export async function tracesInSchemas(needles: readonly string[]): Promise<Trace[]> {
  const found: Trace[] = [];
  const wanted = needles.map((n) => n.toLowerCase());
  for (const schema of schemas) {
    const db = serviceDb(schema);
    try {
      const { rows: tables } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
        [schema],
      );
      for (const { table_name: table } of tables) {
        const { rows } = await db.query<{ row: string }>(
          `SELECT t::text AS row FROM "${schema}"."${table}" t WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE strpos(lower(t::text), n) > 0)`,
          [wanted],
        );
        for (const { row } of rows) found.push({ place: `${schema}.${table}`, text: row });
      }
    } finally {
      await db.end();
    }
  }
  return found;
}

/** Every Redis key whose name or value holds one of the needles (values read by their type). */
export async function tracesInRedis(needles: readonly string[]): Promise<Trace[]> {
  const redis = new Redis(stack.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  const wanted = needles.map((n) => n.toLowerCase());
  const found: Trace[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', '*', 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string' ? await redis.get(key)
          : type === 'hash' ? JSON.stringify(await redis.hgetall(key))
          : type === 'zset' ? JSON.stringify(await redis.zrange(key, '0', '-1'))
          : type === 'set' ? JSON.stringify(await redis.smembers(key))
          : type === 'list' ? JSON.stringify(await redis.lrange(key, 0, -1))
          : type === 'stream' ? JSON.stringify(await redis.xrange(key, '-', '+'))
          : '';
        const text = `${key} ${value ?? ''}`.toLowerCase();
        if (wanted.some((n) => text.includes(n))) found.push({ place: `redis ${key} (${type})`, text: text.slice(0, 400) });
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return found;
}

/**
 * What docs/decisions.md ("Deleting an account") says stays, and why: identity's record of the deletion (the
 * account's id and when its tokens ended, for a token's lifetime, so they stay refused); each service's report
 * (`user.data-erased`: the id and the service's name) in its outbox, until sent rows are pruned a day later; the
 * id in Redis' not-before set of the revocation lists, until a token's lifetime has passed.
 */
export function isNamedLeftover(trace: Trace): boolean {
  if (trace.place === 'identity.account_deletions') return true;
  if (trace.place.endsWith('.outbox') && trace.text.includes(',accounts.erasures,') && trace.text.includes(',user.data-erased,')) return true;
  if (trace.place === 'redis auth:tokens-not-before (zset)') return true;
  return false;
}

/** Where the account's deletion stands in identity. */
export async function deletionOf(userId: string): Promise<{ erased_by: string[]; finished_at: Date | null; requests: number } | undefined> {
  const db = serviceDb('identity');
  try {
    const { rows } = await db.query('SELECT erased_by, finished_at, requests FROM account_deletions WHERE user_id = $1', [userId]);
    return rows[0];
  } finally {
    await db.end();
  }
}

/** Waits until identity has removed the account (every service reported). */
export async function deletionFinished(userId: string, timeoutMs = 60_000): Promise<void> {
  await eventually(async () => Boolean((await deletionOf(userId))?.finished_at), timeoutMs, 'the account deletion to finish');
}
