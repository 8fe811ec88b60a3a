import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { allTopics } from '@reproute/contracts';
import { apiFrom, eventually, listEmails, login, mentionsIn, redeliveries, runScript, seedAccounts, sleep, stack, strongPassword, uniqueClientAddress, uniqueEmail, verificationLinkToken, type ApiAnswer, type ServiceName } from '@reproute/platform/testing';

// Two instances of every service, the notifier and the gateway, against the real components:
// `services.sh start` with INSTANCES=2 adds the second ones (name-2, port + 100) beside the running
// system, and this file stops them again. The second gateway balances over both instances of each service.
const services = Object.fromEntries((['identity', 'catalog', 'engagement', 'referral', 'analytics', 'notifier', 'webhooks'] as const).map((name) => [name, stack.servicePort(name)])) as Record<ServiceName, number>;
type Service = ServiceName;
const secondPort = (port: number) => port + 100;
const gatewayPort = stack.gatewayPort;
const gateways = [`http://127.0.0.1:${gatewayPort}`, `http://127.0.0.1:${secondPort(gatewayPort)}`];

function servicesScript(...args: string[]) {
  runScript('services.sh', args, { env: { INSTANCES: '2' }, timeoutMs: 240_000 });
}

/** kill -9 of a second instance, by the pid its start recorded. */
function kill9(name: string) {
  const pid = Number(fs.readFileSync(stack.pidFile(`${name}-2`), 'utf8').trim());
  process.kill(pid, 'SIGKILL');
}

/** One HTTP call to `base`, leaving from `from` (so per-client limits see many clients), or from 127.0.0.1. */
function call<T = any>(base: string, method: string, route: string, options: { body?: unknown; token?: string; from?: string } = {}): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed answers
  return apiFrom<T>(options.from ?? '127.0.0.1', method, route, { body: options.body, token: options.token, base, timeoutMs: 20_000 });
}

/**
 * What a client does: sends through one of the gateways and, on an unavailable answer or a broken
 * connection, tries again through the other after a short pause (counted, for the run's report).
 */
let turn = 0;
let triedAgain = 0;
async function send<T = any>(method: string, route: string, options: { body?: unknown; token?: string; from?: string } = {}): Promise<ApiAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed answers
  for (let attempt = 1; ; attempt += 1) {
    const base = gateways[(turn += 1) % gateways.length]!;
    try {
      const answer = await call<T>(base, method, route, options);
      if (![502, 503, 504].includes(answer.status) || attempt >= 20) return answer;
    } catch (err) {
      if (attempt >= 20) throw err;
    }
    triedAgain += 1;
    await sleep(250);
  }
}

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
}

beforeAll(async () => {
  servicesScript('start');
  // Every consumer group of the second instances has joined and been given partitions.
  const kafka = new Kafka({ brokers: stack.kafkaBrokers.split(','), clientId: 'two-instances-test', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await eventually(async () => {
      const groups = await groupsOfServices(admin);
      return groups.length >= 6 && groups.every((g) => g.members.length >= 2 && g.members.every((m) => m.partitions > 0));
    }, 90_000, 'consumer groups shared by both instances');
  } finally {
    await admin.disconnect();
  }
}, 300_000);

afterAll(() => {
  for (const name of [...Object.keys(services), 'gateway']) servicesScript('stop', `${name}-2`);
});

/** The groups the services consume in, with each member's number of assigned partitions. */
async function groupsOfServices(admin: ReturnType<Kafka['admin']>) {
  const { groups } = await admin.listGroups();
  const described = await admin.describeGroups(groups.map((g) => g.groupId));
  return described.groups
    .filter((g) => g.members.some((m) => (Object.keys(services) as string[]).includes(m.clientId)))
    .map((g) => ({
      groupId: g.groupId,
      members: g.members.map((m) => {
        // The assignment is Kafka's binary member assignment: version (int16), then topics with their partition lists.
        const buffer = m.memberAssignment;
        let partitions = 0;
        if (buffer.length >= 6) {
          let offset = 2;
          const topics = buffer.readInt32BE(offset);
          offset += 4;
          for (let t = 0; t < topics; t += 1) {
            const nameLength = buffer.readInt16BE(offset);
            offset += 2 + nameLength;
            const count = buffer.readInt32BE(offset);
            offset += 4 + 4 * count;
            partitions += count;
          }
        }
        return { clientId: m.clientId, partitions };
      }),
    }));
}

describe('two instances of every service', () => {
  it('every consumer group shares its partitions between the two instances', async () => {
    const kafka = new Kafka({ brokers: stack.kafkaBrokers.split(','), clientId: 'two-instances-test', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const groups = await groupsOfServices(admin);
      for (const group of groups) {
        expect(group.members, group.groupId).toHaveLength(2);
        // Six partitions per topic: neither instance is left idle, nor holds them all.
        for (const member of group.members) expect(member.partitions, group.groupId).toBeGreaterThan(0);
      }
      // Every topic has at least the configured partitions (6 by default).
      const { topics } = await admin.fetchTopicMetadata({ topics: [...allTopics] });
      for (const topic of topics) expect(topic.partitions.length, topic.name).toBeGreaterThanOrEqual(Number(process.env.KAFKA_PARTITIONS ?? 6));
    } finally {
      await admin.disconnect();
    }
  });

  it('a search answer is the same from every instance and through every gateway', async () => {
    const query = '/api/hotels/search?q=london&eq=squat%20rack';
    const direct = await Promise.all([services.catalog, secondPort(services.catalog)].map((port) => call('http://127.0.0.1:' + port, 'GET', query)));
    expect(direct[0]!.status).toBe(200);
    expect(direct[1]!.body).toEqual(direct[0]!.body);
    for (let i = 0; i < 6; i += 1) {
      const through = await call(gateways[i % 2]!, 'GET', query);
      expect(through.status).toBe(200);
      expect(through.body).toEqual(direct[0]!.body);
    }
  });

  it('a logout is honoured by every instance of every service and both gateways within a second', async () => {
    const email = uniqueEmail('twice');
    const registered = await call(gateways[1]!, 'POST', '/api/auth/register', { body: { email, password: strongPassword, firstName: 'Twice', lastName: 'Seen' }, from: uniqueClientAddress() });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    // A route of each service that checks the token (a traveller is refused 403 where the role is wrong, 401 once logged out).
    const checked: Record<Exclude<Service, 'notifier'>, string> = {
      identity: '/api/auth/admin/users',
      catalog: '/api/provider/hotels',
      engagement: '/api/favorites',
      referral: '/api/provider/leads',
      analytics: '/api/provider/analytics',
      webhooks: '/api/provider/webhooks',
    };
    const targets = [
      ...gateways.map((base) => ({ base, route: '/api/favorites' })),
      ...Object.entries(checked).flatMap(([service, route]) => [services[service as Service], secondPort(services[service as Service])].map((port) => ({ base: `http://127.0.0.1:${port}`, route }))),
    ];
    const statuses = () => Promise.all(targets.map(async ({ base, route }) => (await call(base, 'GET', route, { token })).status));
    const before = await statuses();
    expect(before.filter((status) => status === 401), JSON.stringify(before)).toEqual([]);
    expect((await call(gateways[1]!, 'POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
    const loggedOutAt = Date.now();
    // Every target asked again and again until each has refused the token. What shows the second broken is
    // a request sent more than a second after the logout and still let through: how long a round of
    // requests takes on a busy machine does not count against the instances.
    const lateAccepted: string[] = [];
    const refused = new Set<number>();
    await eventually(async () => {
      await Promise.all(targets.map(async ({ base, route }, index) => {
        if (refused.has(index)) return;
        const sentAt = Date.now();
        const { status } = await call(base, 'GET', route, { token });
        if (status === 401) refused.add(index);
        else if (sentAt - loggedOutAt > 1_000) lateAccepted.push(`${base}${route} answered ${status} to a request sent ${sentAt - loggedOutAt} ms after the logout`);
      }));
      return refused.size === targets.length || undefined;
    }, 10_000, 'the token refused everywhere');
    expect(lateAccepted).toEqual([]);
  });

  it('200 leads and 100 review approvals: one message each, while one instance of each kind is killed with -9', async () => {
    const tag = `x${Date.now().toString(36)}`;
    const admin = await login(seedAccounts.admin.email, seedAccounts.admin.password);
    // Four travellers review the 25 seeded hotels each: 100 pending reviews, each with its own title.
    const travellers = await Promise.all([1, 2, 3, 4].map(async (n) => {
      const email = uniqueEmail(`two${n}`);
      const res = await send('POST', '/api/auth/register', { body: { email, password: strongPassword, firstName: `Two ${String.fromCharCode(65 + (n % 26))}`, lastName: 'Instances' }, from: uniqueClientAddress() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // Reviews are taken from verified addresses only: the link from the verification email, opened as the account.
      const verified = await send('POST', '/api/auth/verify-email', { token: res.body.token, body: { token: await verificationLinkToken(email) } });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      return { email, token: verified.body.token as string };
    }));
    const reviews: { id: string; title: string }[] = [];
    const pairs = travellers.flatMap((t, n) => Array.from({ length: 25 }, (_, h) => ({ t, n, hotelId: h + 1 })));
    await pool(pairs, 6, async ({ t, n, hotelId }) => {
      const title = `Twin ${tag} t${n} h${hotelId}`;
      const res = await send('POST', '/api/reviews', { token: t.token, body: { hotelId, title, content: 'Two instances of everything, and the gym was still great.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-10' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      reviews.push({ id: res.body.id, title });
    });
    expect(reviews).toHaveLength(100);

    // 200 leads from 20 client addresses, each with its own stay dates (a repeat would be answered with the first),
    // sent by the verified travellers sharing their details (the only leads there are, ruling 14).
    const clients = Array.from({ length: 20 }, () => uniqueClientAddress());
    const day = (offset: number) => new Date(Date.UTC(2028, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const leads = Array.from({ length: 200 }, (_, i) => ({ hotelId: (i % 25) + 1, referralId: `RR_${(i % 25) + 1}_${Date.now() * 10 + i}`, from: clients[i % 20]!, token: travellers[i % 4]!.token, checkInDate: day(i), checkOutDate: day(i + 2) }));
    const operations = [...leads.map((lead) => ({ lead })), ...reviews.map((review) => ({ review }))].sort(() => Math.random() - 0.5);

    let done = 0;
    let killed = false;
    let killedAt = 0;
    const startedAt = Date.now();
    triedAgain = 0;
    const leadIds = new Map<string, string>();
    await pool(operations, 8, async (operation) => {
      if ('lead' in operation) {
        const { lead } = operation;
        const res = await send('POST', '/api/leads', { from: lead.from, token: lead.token, body: { shareContact: true, hotelId: lead.hotelId, guests: 2, checkInDate: lead.checkInDate, checkOutDate: lead.checkOutDate, referralId: lead.referralId } });
        expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
        leadIds.set(lead.referralId, res.body.id);
      } else {
        const res = await send('PUT', `/api/reviews/${operation.review.id}/approve`, { token: admin.token, body: { isApproved: true } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      done += 1;
      if (!killed && done >= operations.length / 3) {
        killed = true;
        killedAt = Date.now();
        for (const name of Object.keys(services)) kill9(name);
        // The second gateway a moment later: clients move to the first one.
        setTimeout(() => kill9('gateway'), 1_000);
      }
    });
    const finishedAt = Date.now();
    expect(killed).toBe(true);
    expect(leadIds.size).toBe(200);

    // Every lead email carries its referral id; every approval email the review's title.
    const counts = async () => {
      const emails = await listEmails();
      // The email quotes the title ("… h1" must not match "… h10").
      // The reviewer's email that their review is live (a provider-owned hotel's owner also hears of a review: another email).
      const approvals = emails.filter((e) => /^Your review of .* is live$/.test(e.subject ?? ''));
      return { leads: mentionsIn(emails, leads.map((l) => l.referralId)), reviews: mentionsIn(approvals, reviews.map((r) => `"${r.title}"`)) };
    };
    await eventually(async () => {
      const { leads: l, reviews: r } = await counts();
      return [...l, ...r].every((c) => c.deliveries >= 1) || undefined;
    }, 150_000, 'every lead and approval email');
    const allSentAt = Date.now();
    await sleep(5_000); // a duplicate would arrive right behind
    const { leads: leadCounts, reviews: reviewCounts } = await counts();
    // One message each. The one notifier killed may have sent the email of a job it held once more, as the same
    // message, if the kill fell between SMTP taking it and the sent marker (see mentionsIn): at most one such.
    expect(leadCounts.map((c) => c.messages)).toEqual(leads.map(() => 1));
    expect(reviewCounts.map((c) => c.messages)).toEqual(reviews.map(() => 1));
    expect(redeliveries([...leadCounts, ...reviewCounts]), 'emails delivered again as the same message').toBeLessThanOrEqual(1);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.info(`two-instance run: ${operations.length} operations in ${seconds(finishedAt - startedAt)} s (kills after ${seconds(killedAt - startedAt)} s), ` +
      `${triedAgain} client tries sent again, every email out ${seconds(allSentAt - killedAt)} s after the kills`);
    // The killed instances are gone (the survivors did the work).
    for (const port of [...Object.values(services), gatewayPort].map(secondPort)) {
      expect(await call(`http://127.0.0.1:${port}`, 'GET', '/health/live').then(() => 'up', () => 'down')).toBe('down');
    }
  }, 480_000);
});
