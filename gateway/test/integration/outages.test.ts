import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { allTopics, deadLetterTopic } from '@reproute/contracts';
import { KafkaBus, createLogger } from '@reproute/platform';
import { api, envelope, eventually, gatewayUrl, listEmails, login, publish, registerTraveller, runScriptAsync, seedAccounts, sleep, stack, uniqueEmail, type MaildevEmail } from '@reproute/platform/testing';

// A dependency stopped for a while as users keep acting: no event may be lost or doubled and none
// may be dead-lettered. Each test stops a shared component for exactly its outage and always
// starts it again in `finally`. Outages run while requests keep flowing (the scripts run in the background).
const runScript = (script: string, ...args: string[]) => runScriptAsync(script, args);
const bus = new KafkaBus({ brokers: stack.kafkaBrokers, clientId: 'outages-test', logger: createLogger('outages-test', 'silent') });
afterAll(() => bus.close());

/** Stops a component, keeps it down for `downMs` after it has stopped, then starts it again, whatever happens. */
async function outage(script: string, downMs: number, during: { stoppedAt?: number; startedAt?: number } = {}) {
  try {
    await runScript(script, 'stop');
    during.stoppedAt = Date.now();
    await sleep(downMs);
  } finally {
    await runScript(script, 'start');
    during.startedAt = Date.now();
  }
}

/**
 * A loopback address of the test's own to post leads from: leads are limited per client address,
 * and other suites post leads from 127.0.0.1 at the same time.
 */
const ownClientAddress = () => `127.0.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** POST /api/leads from `localAddress`, as the traveller `token` is; status 0 when the gateway could not be reached. */
function postLeadFrom(localAddress: string, token: string, body: unknown): Promise<{ status: number; referralId?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` };
    const req = http.request(`${gatewayUrl}/api/leads`, { method: 'POST', localAddress, timeout: 30_000, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let referralId: string | undefined;
        try {
          referralId = (JSON.parse(text) as { referralId?: string }).referralId;
        } catch {
          // not JSON (a proxy error page): no referral id
        }
        resolve({ status: res.statusCode ?? 0, referralId });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve({ status: 0 }));
    req.end(payload);
  });
}

interface PostedLead { n: number; status: number; referralId?: string }

/**
 * Posts leads of one verified traveller sharing their details (`token`, made before the outage: the only leads
 * there are) one after another until `until()` says stop. Each is told apart by the referral id its answer
 * gives (it is in the hotel's email); each has its own dates, so none is taken for a repeat of another.
 */
async function postLeadsUntil(until: () => boolean, hotelId: number, pauseMs: number, token: string): Promise<PostedLead[]> {
  const from = ownClientAddress();
  const leads: PostedLead[] = [];
  for (let n = 0; !until(); n += 1) {
    const checkIn = new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.UTC(2027, 0, 3) + n * 86_400_000).toISOString().slice(0, 10);
    leads.push({ n, ...(await postLeadFrom(from, token, { shareContact: true, hotelId, checkInDate: checkIn, checkOutDate: checkOut, guests: 1 + (n % 4) })) });
    await sleep(pauseMs);
  }
  return leads;
}

/** MailDev may be restarting (another fault test): keep asking. */
async function emailsSafely(): Promise<MaildevEmail[]> {
  return eventually(async () => listEmails(), 60_000, 'MailDev answering');
}
const leadEmailsWith = (emails: MaildevEmail[], referralId: string) => emails.filter((e) => e.subject.startsWith('New lead for') && (e.text ?? '').includes(referralId));

/**
 * Every accepted lead emailed exactly once; and no lead email of this hotel since `since` doubled
 * (a lead whose answer was lost to the outage may still have been stored: it is emailed at most once).
 */
async function expectLeadEmailsExactlyOnce(leads: PostedLead[], hotelId: number, since: number, timeoutMs = 120_000) {
  const accepted = leads.filter((l) => l.status === 201 && l.referralId);
  const statuses = leads.reduce<Record<number, number>>((count, l) => ({ ...count, [l.status]: (count[l.status] ?? 0) + 1 }), {});
  console.info(`hotel ${hotelId}: ${leads.length} leads posted, answers by status ${JSON.stringify(statuses)}`);
  await eventually(async () => {
    const emails = await emailsSafely();
    return accepted.every((l) => leadEmailsWith(emails, l.referralId!).length >= 1) || undefined;
  }, timeoutMs, `an email for each of ${accepted.length} accepted leads`);
  await sleep(5_000);
  const emails = await emailsSafely();
  for (const lead of accepted) expect(leadEmailsWith(emails, lead.referralId!).length, `emails for lead ${lead.referralId}`).toBe(1);
  const idsSince = emails
    .filter((e) => e.subject.startsWith('New lead for') && Date.parse(e.time) >= since - 1_000)
    .map((e) => new RegExp(`RR_${hotelId}_\\d+`).exec(e.text ?? '')?.[0])
    .filter((id): id is string => Boolean(id) && Number(id!.split('_')[2]) >= since - 60_000);
  expect(idsSince.length - new Set(idsSince).size, `doubled lead emails among ${idsSince.join(', ')}`).toBe(0);
}

/**
 * `lead.created` events put straight on Kafka while the outage lasts, as referral's relay would
 * have before it: the consumers meet the outage with these in hand. Each is emailed to its own address.
 */
async function publishLeadEvents(count: number, hotelId: number, tag: string) {
  const events = Array.from({ length: count }, (_, i) =>
    envelope('lead.created', {
      leadId: randomUUID(), hotelId, hotelName: `Outage hotel ${hotelId}`, contactEmail: uniqueEmail('outage-hotel'), userId: null,
      name: `${tag} in flight #${i}`, email: uniqueEmail('outage-traveller'), message: null, checkInDate: null, checkOutDate: null, guests: null, referralId: null,
    }),
  );
  for (const event of events) await publish(bus, event, event.data.leadId);
  return events;
}

/** Each event's hotel address got exactly one email (after waiting for all of them, then for stragglers). */
async function expectOneEmailPerEvent(events: { data: { contactEmail: string | null } }[], timeoutMs = 120_000) {
  const addresses = events.map((e) => e.data.contactEmail!.toLowerCase());
  const sentTo = (emails: MaildevEmail[], address: string) => emails.filter((e) => e.to.some((t) => t.address.toLowerCase() === address));
  await eventually(async () => {
    const emails = await emailsSafely();
    return addresses.every((a) => sentTo(emails, a).length >= 1) || undefined;
  }, timeoutMs, `an email for each of ${addresses.length} events in flight`);
  await sleep(3_000);
  const emails = await emailsSafely();
  for (const address of addresses) expect(sentTo(emails, address).length, `emails to ${address}`).toBe(1);
}

/** Every dead-letter topic's messages that mention `tag` (read in full with a dry-run replay: nothing is moved). */
async function deadLettersMentioning(...tags: string[]): Promise<string[]> {
  const found = await Promise.all(
    allTopics.map(async (topic) => {
      const letters = await bus.replayDeadLetters(deadLetterTopic(topic), { groupId: `outages-test-look-${Date.now()}-${topic}`, dryRun: true });
      return letters.filter((l) => tags.some((tag) => l.value.includes(tag))).map((l) => `${deadLetterTopic(topic)}@${l.offset}: ${l.error}`);
    }),
  );
  return found.flat();
}

/**
 * Email jobs (BullMQ queue `email` in Redis) finished since `since` in the given state whose email
 * mentions one of `needles`, with how many attempts each took. Read from Redis, so a notifier
 * restart (which resets its metrics) does not matter.
 */
async function emailJobsMentioning(state: 'completed' | 'failed', since: number, needles: string[]) {
  const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 3 });
  try {
    const ids = await redis.zrangebyscore(`bull:email:${state}`, since - 1_000, '+inf');
    const jobs = await Promise.all(ids.map(async (id) => ({ id, ...((await redis.hgetall(`bull:email:${id}`)) as { data?: string; atm?: string; failedReason?: string }) })));
    return jobs
      .filter((job) => needles.some((needle) => (job.data ?? '').includes(needle)))
      .map((job) => ({ id: job.id, attemptsMade: Number(job.atm ?? 0), failedReason: job.failedReason }));
  } finally {
    redis.disconnect();
  }
}

const healthy = () => eventually(async () => (await api('GET', '/api/health')).status === 200 || undefined, 90_000, 'the system healthy again');

// Seeded public hotels with a contact address: reviews go to the first six, each test's leads to its own hotel.
const reviewedHotels = [10, 11, 12, 14, 15, 18];
const leadHotel = { postgres: 21, redis: 23, smtp: 24 };

describe('outages of a dependency: every email exactly once, nothing dead-lettered', () => {
  it('Postgres stopped for 10 seconds while leads and review approvals arrive', async () => {
    await healthy();
    const since = Date.now();
    const tag = `PgOutage${since.toString(36)}`;
    const traveller = await registerTraveller({ firstName: 'Outage' });
    const admin = await login(seedAccounts.admin.email, seedAccounts.admin.password);
    const reviews: { id: string; title: string; approved: boolean }[] = [];
    for (const [i, hotelId] of reviewedHotels.entries()) {
      const title = `${tag} review ${i}`;
      const res = await api('POST', '/api/reviews', {
        token: traveller.token,
        body: { hotelId, title, content: 'Written before the database went away; its approval must be emailed once.', rating: 5, gymRating: 4, travelType: 'fitness', stayDate: '2026-08' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      reviews.push({ id: res.body.id, title, approved: false });
    }
    const approveNext = async () => {
      const review = reviews.find((r) => !r.approved);
      if (!review) return;
      const res = await api('PUT', `/api/reviews/${review.id}/approve`, { token: admin.token, body: { isApproved: true } }).catch(() => undefined);
      if (res?.status === 200) review.approved = true;
    };

    const times: { stoppedAt?: number; startedAt?: number } = {};
    let approvalsDone = false;
    // Leads and approvals flow before, during and after the outage; the stop lands while some are in flight.
    const traffic = postLeadsUntil(() => times.startedAt !== undefined && Date.now() - times.startedAt > 4_000, leadHotel.postgres, 400, traveller.token);
    const approvals = (async () => {
      while (!approvalsDone) {
        await approveNext();
        await sleep(800);
      }
    })();
    await sleep(1_500);
    const down = outage('postgres.sh', 10_000, times);
    await eventually(async () => times.stoppedAt !== undefined || undefined, 60_000, 'Postgres stopped');
    const inFlight = await publishLeadEvents(5, leadHotel.postgres, tag);
    await down;
    const leads = await traffic;
    // Approvals refused during the outage are made again now; each approval emails once.
    await eventually(async () => {
      await approveNext();
      return reviews.every((r) => r.approved) || undefined;
    }, 60_000, 'every review approved');
    approvalsDone = true;
    await approvals;

    expect(leads.filter((l) => l.status === 201).length, `leads accepted around the outage: ${JSON.stringify(leads)}`).toBeGreaterThanOrEqual(4);
    await expectLeadEmailsExactlyOnce(leads, leadHotel.postgres, since);
    const emails = await emailsSafely();
    for (const review of reviews) {
      const approvalsOf = emails.filter((e) => e.to.some((t) => t.address.toLowerCase() === traveller.email.toLowerCase()) && (e.text ?? '').includes(`"${review.title}"`));
      expect(approvalsOf.length, `approval emails for ${review.title}`).toBe(1);
    }
    await expectOneEmailPerEvent(inFlight);
    expect(await deadLettersMentioning(tag, ...leads.flatMap((l) => (l.referralId ? [l.referralId] : [])))).toEqual([]);
  }, 300_000);

  it('Redis stopped for 10 seconds while leads arrive', async () => {
    await healthy();
    const since = Date.now();
    const times: { stoppedAt?: number; startedAt?: number } = {};
    const traveller = await registerTraveller({ firstName: 'Redis', lastName: 'Leads' });
    // The gateway may refuse requests (503) while it cannot reach Redis, which is fine.
    const traffic = postLeadsUntil(() => times.startedAt !== undefined && Date.now() - times.startedAt > 3_000, leadHotel.redis, 700, traveller.token);
    await sleep(1_500);
    const tag = `RedisOutage${since.toString(36)}`;
    const down = outage('redis.sh', 10_000, times);
    await eventually(async () => times.stoppedAt !== undefined || undefined, 60_000, 'Redis stopped');
    const inFlight = await publishLeadEvents(5, leadHotel.redis, tag);
    await down;
    const leads = await traffic;
    expect(leads.filter((l) => l.status === 201).length, `leads accepted around the outage: ${JSON.stringify(leads)}`).toBeGreaterThanOrEqual(4);
    await expectLeadEmailsExactlyOnce(leads, leadHotel.redis, since);
    await expectOneEmailPerEvent(inFlight);
    expect(await deadLettersMentioning(tag, ...leads.flatMap((l) => (l.referralId ? [l.referralId] : [])))).toEqual([]);
  }, 240_000);

  it('the SMTP sink stopped for 30 seconds: every email is sent exactly once after it is back', async () => {
    await healthy();
    const since = Date.now();
    const times: { stoppedAt?: number; startedAt?: number } = {};
    // The traveller verifies their address while MailDev is up (the link comes by email).
    const traveller = await registerTraveller({ firstName: 'Smtp', lastName: 'Leads' });
    // Leads start once SMTP is down: MailDev keeps its mail in memory, so only these can be counted after its restart.
    const stopped = outage('maildev.sh', 30_000, times);
    await eventually(async () => times.stoppedAt !== undefined || undefined, 60_000, 'MailDev stopped');
    const leads = await postLeadsUntil(() => times.startedAt !== undefined || Date.now() - times.stoppedAt! > 27_000, leadHotel.smtp, 2_000, traveller.token);
    await stopped;
    // SMTP plays no part in taking a lead (a lead lost here would be the gateway restarted by another suite).
    const accepted = leads.filter((l) => l.status === 201);
    expect(accepted.length, JSON.stringify(leads.filter((l) => l.status !== 201))).toBeGreaterThanOrEqual(8);
    await expectLeadEmailsExactlyOnce(leads, leadHotel.smtp, since);
    // The outage was felt (sends failed and were retried), yet no job gave up.
    const referralIds = accepted.map((l) => l.referralId!);
    const completed = await emailJobsMentioning('completed', since, referralIds);
    expect(completed).toHaveLength(accepted.length);
    expect(completed.filter((job) => job.attemptsMade > 1).length, JSON.stringify(completed)).toBeGreaterThan(0);
    expect(await emailJobsMentioning('failed', since, referralIds)).toEqual([]);
    expect(await deadLettersMentioning(...leads.flatMap((l) => (l.referralId ? [l.referralId] : [])))).toEqual([]);
  }, 240_000);
});
