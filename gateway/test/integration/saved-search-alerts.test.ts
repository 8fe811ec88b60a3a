import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { KafkaBus } from '@reproute/platform';
import { api, emailsTo, eventually, login, maildevUrl, registerTraveller, seedAccounts, serviceDb, stack, testBus, type MaildevEmail } from '@reproute/platform/testing';

/**
 * Saved searches that tell you, through the gateway and the running system: the catalog matches each approved
 * hotel against the saved searches with the search page's own rules (its consumer of catalog.hotels), announces
 * each match once on Kafka, and the notifier emails it through BullMQ (instant) or keeps it for the weekly digest,
 * a delayed BullMQ job per account that the test runs at once by promoting it. MailDev holds what was sent.
 *
 * "None" is never a wait: each approval is known to be handled (the catalog's consumer recorded its event id) and
 * every email the notifier can send comes from a `saved-search.matched` in the catalog's outbox, so no such event
 * means no email.
 */

/** Letters only, unlike any other test's names: a name search finds this file's hotels alone. */
const word = (prefix: string) => `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
const matchConsumer = 'catalog.saved-search-matches';

let adminToken: string;
let bus: KafkaBus;
let catalogDb: ReturnType<typeof serviceDb>;
let notifierDb: ReturnType<typeof serviceDb>;
let redis: Redis;
let digests: Queue;
const madeHotels: number[] = [];

beforeAll(async () => {
  adminToken = (await login(seedAccounts.admin.email, seedAccounts.admin.password)).token;
  bus = testBus();
  catalogDb = serviceDb('catalog');
  notifierDb = serviceDb('notifier');
  redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 3 });
  digests = new Queue('search-digest', { connection: redis });
});

afterAll(async () => {
  for (const id of madeHotels) await api('DELETE', `/api/hotels/${id}`, { token: adminToken });
  await digests.close();
  redis.disconnect();
  await bus.close();
  await Promise.all([catalogDb.end(), notifierDb.end()]);
});

/** An admin's listing, not yet approved: a place of its own, so it changes nothing the seeded cities show. */
async function pendingHotel(name: string, rawEquipment = ['Power rack', 'Dumbbells up to 40kg']): Promise<number> {
  const made = await api('POST', '/api/hotels', {
    token: adminToken,
    body: { name, address: '1 Alert Street', city: 'Alertville', country: 'Alertland', gymAccessType: 'on-site', rawEquipment, bookingUrl: 'https://alert.example/book', isApproved: false },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  madeHotels.push(made.body.id);
  return made.body.id as number;
}

async function approve(hotelId: number): Promise<void> {
  const res = await api('PUT', `/api/hotels/${hotelId}/approval`, { token: adminToken, body: { isApproved: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The approval's event, as the catalog wrote it to its outbox. */
async function approvalEvent(hotelId: number): Promise<{ id: string; topic: string; message_key: string; payload: unknown }> {
  return eventually(async () => {
    const { rows } = await catalogDb.query(`SELECT id, topic, message_key, payload FROM outbox WHERE event_type = 'hotel.approved' AND payload->'data'->>'hotelId' = $1`, [String(hotelId)]);
    return rows[0];
  }, 30_000, 'the approval in the outbox');
}

/** Waits until the catalog's matching consumer has handled the hotel's approval. */
async function matched(hotelId: number): Promise<void> {
  const event = await approvalEvent(hotelId);
  await eventually(async () => (await catalogDb.query('SELECT 1 FROM processed_events WHERE event_id = $1 AND consumer = $2', [event.id, matchConsumer])).rows.length === 1, 60_000, 'the approval matched');
}

/** The `saved-search.matched` events the catalog announced for one saved search. */
async function announced(savedSearchId: string): Promise<{ id: string; topic: string; message_key: string; payload: { data: { hotel: { hotelId: number } } } }[]> {
  const { rows } = await catalogDb.query(`SELECT id, topic, message_key, payload FROM outbox WHERE event_type = 'saved-search.matched' AND payload->'data'->>'savedSearchId' = $1 ORDER BY created_at`, [savedSearchId]);
  return rows;
}

async function saveSearch(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/api/saved-searches', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A consumer's count of repeats it skipped for an event type (its /metrics on the ops port). */
async function repeatsSkipped(service: 'catalog' | 'notifier', consumer: string, type: string): Promise<number> {
  const text = await (await fetch(`${stack.serviceOpsUrl(service)}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('events_consumed_total{') && l.includes(`consumer="${consumer}"`) && l.includes(`type="${type}"`) && l.includes('outcome="duplicate"'));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** An email's headers as sent (MailDev's JSON keeps only a few; its raw source has them all), names lower-cased, folded lines joined. */
async function headersOf(email: MaildevEmail): Promise<Record<string, string>> {
  const source = await (await fetch(`${maildevUrl}/api/email/${email.id}/source`)).text();
  const block = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(block.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

const about = (needle: string) => (email: MaildevEmail) => `${email.subject}\n${email.text ?? ''}`.includes(needle);

describe('instant alerts', () => {
  it('a hotel approved that matches gets exactly one email; one that does not, and a paused search, get none; a replay sends nothing twice', async () => {
    const place = word('Alertia');
    const traveller = await registerTraveller({ firstName: 'Sam' });
    const instantName = `Rack hunt ${place}`;
    const pausedName = `Paused hunt ${place}`;
    const instant = await saveSearch(traveller.token, { name: instantName, params: { query: place, eq: 'squat rack' }, alerts: 'instant' });
    const paused = await saveSearch(traveller.token, { name: pausedName, params: { query: place }, alerts: 'paused' });

    // Matches the instant search: its name holds the word and its gym a power rack (the "squat rack" label).
    const matching = await pendingHotel(`${place} Iron House`);
    // Holds the word but no rack: the equipment rule refuses it (and only the paused search would find it).
    const noRack = await pendingHotel(`${place} Cardio Inn`, ['Treadmill', 'Sauna']);
    // Another name altogether.
    const elsewhere = await pendingHotel(`${word('Otherwise')} Lodge`);
    await approve(matching);
    await approve(noRack);
    await approve(elsewhere);
    await Promise.all([matched(matching), matched(noRack), matched(elsewhere)]);

    // The catalog announced the instant search's one match, and nothing for the paused search.
    expect((await announced(instant)).map((e) => e.payload.data.hotel.hotelId)).toEqual([matching]);
    expect(await announced(paused)).toEqual([]);

    const alert = await eventually(async () => (await emailsTo(traveller.email)).find(about(instantName)), 60_000, 'the alert email');
    expect(alert.subject).toContain(`${place} Iron House`);
    expect(alert.text).toContain(`/hotels/`);
    // One-click unsubscribe (RFC 8058) on every alert.
    const headers = await headersOf(alert);
    expect(headers['list-unsubscribe']).toMatch(/^<https?:\/\/.+\/api\/email-preferences\/unsubscribe\?token=.+>$/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const alerts = (await emailsTo(traveller.email)).filter((e) => e.subject.includes(place));
    expect(alerts.map((e) => e.subject)).toEqual([alert.subject]);

    // The profile's list counts the hotel it told about.
    const list = await api('GET', '/api/saved-searches', { token: traveller.token });
    expect(list.body.items.find((s: { id: string }) => s.id === instant)).toMatchObject({ hotelsNotified: 1, alerts: 'instant' });

    // Replays: the approval delivered again is skipped by the catalog, the alert's event again by the notifier.
    const approval = await approvalEvent(matching);
    const [alertEvent] = await announced(instant);
    const catalogBefore = await repeatsSkipped('catalog', matchConsumer, 'hotel.approved');
    const notifierBefore = await repeatsSkipped('notifier', 'notifier', 'saved-search.matched');
    await bus.publish([
      { topic: approval.topic, key: approval.message_key, value: JSON.stringify(approval.payload), headers: { 'event-id': approval.id, 'event-type': 'hotel.approved' } },
      { topic: alertEvent!.topic, key: alertEvent!.message_key, value: JSON.stringify(alertEvent!.payload), headers: { 'event-id': alertEvent!.id, 'event-type': 'saved-search.matched' } },
    ]);
    await eventually(async () => (await repeatsSkipped('catalog', matchConsumer, 'hotel.approved')) > catalogBefore, 60_000, 'the catalog to skip the repeated approval');
    await eventually(async () => (await repeatsSkipped('notifier', 'notifier', 'saved-search.matched')) > notifierBefore, 60_000, 'the notifier to skip the repeated alert');
    expect(await announced(instant)).toHaveLength(1);
    expect((await emailsTo(traveller.email)).filter((e) => e.subject.includes(place))).toHaveLength(1);

    // Approving again (a decision repeated) announces nothing new: each hotel at most once per search.
    await approve(matching);
    expect(await announced(instant)).toHaveLength(1);
  }, 180_000);
});

describe('the weekly digest', () => {
  it('a burst of 100 approvals gives one digest, not 100 emails', async () => {
    const place = word('Digestia');
    const traveller = await registerTraveller({ firstName: 'Dana' });
    const name = `Weekly ${place}`;
    const search = await saveSearch(traveller.token, { name, params: { query: place }, alerts: 'weekly' });

    const ids: number[] = [];
    for (let i = 1; i <= 100; i += 1) ids.push(await pendingHotel(`${place} Barbell Club ${i}`));
    for (const id of ids) await approve(id);

    // Each match is kept for the account's digest in the notifier (a field per search and hotel), none emailed yet.
    const kept = `search-digest:${traveller.user.id}`;
    await eventually(async () => (await redis.hlen(kept)) === 100, 120_000, 'the 100 matches kept for the digest');
    expect(await announced(search)).toHaveLength(100);
    expect((await emailsTo(traveller.email)).filter((e) => e.subject.includes('digest'))).toEqual([]);

    // The digest waits for Monday 08:00 UTC as one delayed job for the account; run it now.
    const scheduled = (await digests.getJobs(['delayed'])).filter((job) => job?.data.userId === traveller.user.id);
    expect(scheduled).toHaveLength(1);
    const sendAt = new Date(scheduled[0]!.data.sendAt);
    expect([sendAt.getUTCDay(), sendAt.getUTCHours(), sendAt.getUTCMinutes()]).toEqual([1, 8, 0]);
    await scheduled[0]!.promote();

    const digest = await eventually(async () => (await emailsTo(traveller.email)).find((e) => e.subject.includes('weekly RepRoute digest')), 60_000, 'the digest');
    expect(digest.subject).toBe('Your weekly RepRoute digest: 100 new hotels');
    for (let i = 1; i <= 100; i += 1) expect(digest.text).toContain(`- ${place} Barbell Club ${i}, Alertville, Alertland: `);
    expect((await headersOf(digest))['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await eventually(async () => (await redis.exists(kept)) === 0, 30_000, 'the kept matches forgotten once sent');
    // Every email to the account that names any of the hotels: the one digest.
    const aboutHotels = (await emailsTo(traveller.email)).filter(about(place));
    expect(aboutHotels.map((e) => e.subject)).toEqual([digest.subject]);
  }, 600_000);
});

describe('pausing a weekly search', () => {
  it('takes its matches kept for the digest back: the digest then sends nothing', async () => {
    const place = word('Pausia');
    const traveller = await registerTraveller({ firstName: 'Paz' });
    const search = await saveSearch(traveller.token, { name: `Weekly ${place}`, params: { query: place }, alerts: 'weekly' });
    for (const i of [1, 2]) await approve(await pendingHotel(`${place} Squat Hall ${i}`));
    const kept = `search-digest:${traveller.user.id}`;
    await eventually(async () => (await redis.hlen(kept)) === 2, 60_000, 'the matches kept for the digest');

    expect((await api('PATCH', `/api/saved-searches/${search}`, { token: traveller.token, body: { alerts: 'paused' } })).status).toBe(200);
    await eventually(async () => (await redis.exists(kept)) === 0, 60_000, 'the kept matches dropped');
    // The digest still runs when its time comes, and finds nothing to send.
    const [scheduled] = (await digests.getJobs(['delayed'])).filter((job) => job?.data.userId === traveller.user.id);
    await scheduled!.promote();
    await eventually(async () => (await digests.getJob(scheduled!.id!)) === undefined, 60_000, 'the digest run');
    expect((await emailsTo(traveller.email)).filter(about(place))).toEqual([]);
  }, 120_000);
});

describe('a favourite hotel\'s gym', () => {
  it('changing emails each traveller who keeps it once, with one-click unsubscribe', async () => {
    const place = word('Favouria');
    const fan = await registerTraveller({ firstName: 'Fay' });
    const hotelId = await pendingHotel(`${place} Rack Room`);
    await approve(hotelId);
    // Engagement learns of the live hotel through catalog.hotels before it can be a favourite.
    await eventually(async () => (await api('POST', '/api/favorites', { token: fan.token, body: { hotelId } })).status === 201, 30_000, 'the hotel known to engagement');
    const edited = await api('PUT', `/api/hotels/${hotelId}`, { token: adminToken, body: { rawEquipment: ['Power rack', 'Dumbbells up to 40kg', 'Cold plunge'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const email = await eventually(async () => (await emailsTo(fan.email)).find(about(`${place} Rack Room has changed`)), 60_000, 'the favourite update');
    expect(email.subject).toBe(`The gym at ${place} Rack Room has changed`);
    expect(email.text).toContain('has changed: equipment.');
    expect((await headersOf(email))['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const engagementDb = serviceDb('engagement');
    try {
      const { rows } = await engagementDb.query(`SELECT 1 FROM outbox WHERE event_type = 'favorite.gym-updated' AND payload->'data'->>'userId' = $1`, [fan.user.id]);
      expect(rows).toHaveLength(1);
    } finally {
      await engagementDb.end();
    }
    expect((await emailsTo(fan.email)).filter(about(place))).toHaveLength(1);
  }, 120_000);
});
