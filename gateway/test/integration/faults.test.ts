import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, apiFrom, emailsTo, eventually, login, maildevUrl, mentionsIn, redeliveries, registerTraveller, runScript, seedAccounts, sleep, stack, uniqueClientAddress } from '@reproute/platform/testing';

// Fault tests against the real components: each stops or kills something the system depends on,
// keeps users acting, and checks nothing is lost or doubled once it is back.
// Scripts run with the caller's environment minus the test runner's own variables, as an operator would.
const run = (script: string, ...args: string[]) => runScript(script, args);
const portOpen = async (port: number) => fetch(`http://127.0.0.1:${port}/health/live`).then(() => true, () => false);

// Leads come from one verified traveller who shares their details (the only leads there are, ruling 14); each
// is told apart by its referral id (RR_{hotelId}_{timestamp}), which its email carries. The traveller is made
// before anything is stopped (on the first lead). The file posts from loopback addresses of its own, so the per-client lead limits see only it;
// a client may send a hotel 10 leads in 10 minutes and a hotel hears from 100 clients, so its leads take turns
// among 50 addresses.
const clients = Array.from({ length: 50 }, () => uniqueClientAddress());
let nextClient = 0;
const client = () => clients[(nextClient += 1) % clients.length]!;
let referralClock = Date.now() * 10;
const referralId = (hotelId: number) => `RR_${hotelId}_${(referralClock += 1)}`;
// The same lead sent again within minutes is a repeat (answered with the first one), so each lead asks for other dates.
let stayOffset = 0;
const day = (offset: number) => new Date(Date.UTC(2027, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

let leadToken: Promise<string> | undefined;
async function postLead(hotelId: number, ref = referralId(hotelId)) {
  stayOffset += 1;
  const offset = stayOffset;
  const token = await (leadToken ??= registerTraveller({ firstName: 'Faulty', lastName: 'Leads' }).then((t) => t.token));
  const res = await apiFrom(client(), 'POST', '/api/leads', { token, body: { shareContact: true, hotelId, checkInDate: day(offset), checkOutDate: day(offset + 3), guests: 2, referralId: ref } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.referralId).toBe(ref);
  return ref;
}

/** Contact address of a seeded hotel, as leads are emailed to it (read from a first lead's email). */
async function leadsInbox(hotelId: number) {
  const marker = await postLead(hotelId);
  const email = await eventually(async () => {
    const all = await (await fetch(`${maildevUrl}/api/email`)).json() as { to: { address: string }[]; text?: string }[];
    return all.find((e) => (e.text ?? '').includes(marker));
  }, 30_000, 'probe lead email');
  return email.to[0]!.address;
}

describe('faults', () => {
  it('Kafka down for 30 seconds: leads and reviews keep being accepted; every email goes out exactly once after it returns', async () => {
    const inbox = await leadsInbox(3);
    const traveller = await registerTraveller({ firstName: 'Outage' });
    const admin = await login(seedAccounts.admin.email, seedAccounts.admin.password);
    const refs: string[] = [];
    const reviewIds: string[] = [];
    run('kafka.sh', 'stop');
    try {
      const stoppedAt = Date.now();
      let n = 0;
      while (Date.now() - stoppedAt < 30_000) {
        refs.push(await postLead(3));
        // One review per traveller and hotel: each round reviews the next seeded hotel.
        const review = await api('POST', '/api/reviews', {
          token: traveller.token,
          body: { hotelId: 4 + n++, title: `Outage review ${n}`, content: 'Reviewed while the broker was down; must not be lost.', rating: 4, gymRating: 4, travelType: 'fitness', stayDate: '2026-09' },
        });
        expect(review.status).toBe(201);
        reviewIds.push(review.body.id);
        await sleep(2_000);
      }
      for (const id of reviewIds) expect((await api('PUT', `/api/reviews/${id}/approve`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
      expect(n).toBeGreaterThan(5);
    } finally {
      run('kafka.sh', 'start');
    }
    const leadsSent = async () => mentionsIn(await emailsTo(inbox), refs).map((count) => count.deliveries);
    await eventually(async () => (await leadsSent()).every((count) => count >= 1) || undefined, 120_000, 'lead emails after Kafka returned');
    await eventually(async () => (await emailsTo(traveller.email)).filter((e) => /review/i.test(e.subject)).length >= reviewIds.length || undefined, 120_000, 'review emails');
    await sleep(5_000);
    expect(await leadsSent()).toEqual(refs.map(() => 1));
    expect((await emailsTo(traveller.email)).filter((e) => /approved|published|live/i.test(e.subject)).length).toBe(reviewIds.length);
  });

  it('notifier killed mid-batch: no email lost, none sent as a second message', async () => {
    const inbox = await leadsInbox(5);
    const total = 30;
    const refs = await Promise.all(Array.from({ length: total }, () => postLead(5)));
    const sentCounts = async () => mentionsIn(await emailsTo(inbox), refs);
    await eventually(async () => (await sentCounts()).some((count) => count.deliveries > 0) || undefined, 30_000, 'first emails of the batch');
    process.kill(Number(fs.readFileSync(stack.pidFile('notifier'), 'utf8').trim()), 'SIGKILL');
    await eventually(async () => !(await portOpen(stack.servicePort('notifier'))) || undefined, 20_000, 'killed notifier gone');
    run('services.sh', 'start', 'notifier');
    await eventually(async () => (await sentCounts()).every((count) => count.deliveries >= 1) || undefined, 120_000, 'every email after the restart');
    await sleep(5_000);
    // One message each; the job the kill may have caught between SMTP and its sent marker is sent once more as the same message.
    const counts = await sentCounts();
    expect(counts.map((c) => c.messages)).toEqual(refs.map(() => 1));
    expect(redeliveries(counts), 'emails delivered again as the same message').toBeLessThanOrEqual(1);
    // Its own budget: a job the killed worker held comes back only after BullMQ's 30 s lock and stall check,
    // about a minute after the restart, so the 120 s wait above must fit inside the test's time.
  }, 240_000);

  it('one service stopped: its routes answer a fast JSON 503, health names it, the rest works, recovery is automatic', async () => {
    run('services.sh', 'stop', 'referral');
    try {
      const started = Date.now();
      const lead = await api('POST', '/api/leads', { body: { hotelId: 1, userId: null, name: 'x', email: 'x@example.com' } });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(lead.status).toBe(503);
      expect(lead.body).toMatchObject({ statusCode: 503, service: 'referral' });
      const health = await api('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.services.referral).toBe('down');
      expect(health.body.services.catalog).toBe('up');
      expect((await api('GET', '/api/hotels/search?query=london')).status).toBe(200);
      expect((await api('POST', '/api/contact', { body: { name: 'Still', email: 'still@example.com', message: 'The rest keeps working.' } })).status).toBe(201);
    } finally {
      run('services.sh', 'start', 'referral');
    }
    await eventually(async () => (await api('GET', '/api/health')).status === 200 || undefined, 60_000, 'health back to healthy');
    await postLead(1);
  });

  it('Postgres restarted: services reconnect without being restarted', async () => {
    run('postgres.sh', 'restart');
    await eventually(async () => (await api('GET', '/api/health')).status === 200 || undefined, 60_000, 'healthy after the database restart');
    expect((await api('GET', '/api/hotels/search?query=paris')).status).toBe(200);
    const traveller = await registerTraveller();
    expect((await api('POST', '/api/favorites', { token: traveller.token, body: { hotelId: 1 } })).status).toBeLessThan(300);
    await postLead(1);
  });
});
