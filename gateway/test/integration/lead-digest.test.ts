import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { api, emailsTo, eventually, registerTraveller, stack, uniqueEmail } from '@reproute/platform/testing';
import { seededToken } from '../../../services/engagement/test/integration/support.ts';
import { deletionFinished } from './account-support.ts';
import { leadDigestKey, leadDigestRef } from '../../../services/notifier/src/lead-digest.ts';

/**
 * The daily lead digest through the running system (docs/decisions.md, "Lead routing and the inbox"): a property's
 * owner chooses `daily`; referral marks each lead's `lead.created` for the digest; the notifier keeps the leads in
 * Redis per address and one delayed BullMQ job per address and day, which the test runs at once by promoting it;
 * MailDev holds the one email. A traveller who deletes their account is taken out of a digest still waiting.
 */
const mailTimeout = 60_000;
let redis: Redis;
let digests: Queue;
let admin: string;
const madeHotels: number[] = [];

beforeAll(async () => {
  admin = await seededToken('admin');
  redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 3 });
  digests = new Queue('lead-digest', { connection: redis });
});

afterAll(async () => {
  for (const id of madeHotels) await api('DELETE', `/api/hotels/${id}`, { token: admin });
  await digests.close();
  redis.disconnect();
});

async function providerWithHotel(name: string): Promise<{ token: string; hotelId: number }> {
  const account = await registerTraveller({ firstName: 'Dora' });
  const setup = await api<{ token: string }>('POST', '/api/provider/setup', { token: account.token, body: { companyName: name, phoneNumber: '+12125550142' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const created = await api('POST', '/api/provider/hotels', {
    token: setup.body.token,
    body: { name, address: '8 Digest Lane', cityId: 1, gymAccessType: 'on-site', bookingUrl: 'https://digest.example/book', rawEquipment: ['Power rack'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  madeHotels.push(created.body.id);
  expect((await api('PUT', `/api/hotels/${created.body.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  return { token: setup.body.token, hotelId: created.body.id };
}

async function sendLead(token: string, hotelId: number, message: string): Promise<string> {
  // The hotel reaches referral through Kafka: a lead is refused until it has.
  const lead = await eventually(async () => {
    const res = await api('POST', '/api/leads', { token, body: { hotelId, shareContact: true, message } });
    return res.status === 201 ? (res.body as { id: string }) : undefined;
  }, 60_000, 'a lead for the hotel');
  return lead.id;
}

/** The delayed job of the address's next digest (one per address and day). */
async function scheduledDigest(address: string) {
  const ref = leadDigestRef(address);
  return eventually(async () => (await digests.getJobs(['delayed'])).find((job) => job?.data.ref === ref), 30_000, 'the scheduled digest');
}

describe('the daily lead digest', () => {
  it('keeps a day\'s leads for each address and sends them as one email; a deleted traveller\'s lead leaves a waiting digest', async () => {
    const name = `Digest House ${randomUUID().slice(0, 6)}`;
    const { token, hotelId } = await providerWithHotel(name);
    const [sales, desk] = [uniqueEmail('sales'), uniqueEmail('desk')];
    const routed = await api('PUT', `/api/provider/lead-routing/${hotelId}`, { token, body: { recipients: [sales, desk], delivery: 'daily' } });
    expect(routed.status, JSON.stringify(routed.body)).toBe(200);
    expect(routed.body).toMatchObject({ delivery: 'daily' });

    const [ana, ben, cleo] = await Promise.all(['Ana', 'Ben', 'Cleo'].map((firstName) => registerTraveller({ firstName, lastName: 'Lifter' })));
    for (const [who, message] of [[ana!, 'Is the rack free at 6?'], [ben!, 'Any dumbbells past 40 kg?'], [cleo!, 'Late check-in?']] as const) await sendLead(who.token, hotelId, message);

    // Each lead is kept for both addresses (a field per lead), and nothing is emailed yet.
    for (const address of [sales, desk]) {
      await eventually(async () => (await redis.hlen(leadDigestKey(leadDigestRef(address)))) === 3, 60_000, `the leads kept for ${address}`);
    }
    const salesJob = await scheduledDigest(sales);
    expect(salesJob.id).toBe(`lead-digest-${leadDigestRef(sales)}-${salesJob.data.sendAt}`);
    const sendAt = new Date(salesJob.data.sendAt);
    expect([sendAt.getUTCHours(), sendAt.getUTCMinutes()]).toEqual([8, 0]);
    expect(salesJob.data.sendAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(JSON.stringify(salesJob.data)).not.toContain(sales.split('@')[0]);
    expect(await emailsTo(sales)).toEqual([]);

    // Cleo deletes her account before 08:00: her lead leaves both waiting digests.
    const asked = await api('POST', '/api/auth/delete-account', { token: cleo!.token, body: { currentPassword: cleo!.password } });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    await deletionFinished(cleo!.user.id);
    for (const address of [sales, desk]) expect(await redis.hlen(leadDigestKey(leadDigestRef(address)))).toBe(2);

    await salesJob.promote();
    const digest = await eventually(async () => (await emailsTo(sales)).find((e) => e.subject.startsWith('Your daily RepRoute leads')), mailTimeout, 'the digest');
    expect(digest.subject).toBe(`Your daily RepRoute leads: 2 new leads for ${name}`);
    for (const fact of ['Ana Lifter', ana!.email.toLowerCase(), 'Is the rack free at 6?', 'Ben Lifter', ben!.email.toLowerCase(), 'Any dumbbells past 40 kg?', 'Referral ID: RR_']) expect(digest.text).toContain(fact);
    expect(digest.text).not.toContain('Cleo');
    expect(digest.text).not.toContain(cleo!.email.toLowerCase());
    expect(digest.html).toContain(`href="mailto:${ana!.email.toLowerCase()}"`);
    // Sent, forgotten: the address's kept leads are gone; the other address still waits for its own job.
    await eventually(async () => (await redis.exists(leadDigestKey(leadDigestRef(sales)))) === 0, 30_000, 'the sent leads forgotten');
    expect(await redis.hlen(leadDigestKey(leadDigestRef(desk)))).toBe(2);
    expect(await emailsTo(desk)).toEqual([]);

    // Back to instant: the next lead is emailed at once, and is not kept for the digest.
    expect((await api('PUT', `/api/provider/lead-routing/${hotelId}`, { token, body: { recipients: [sales, desk] } })).body).toMatchObject({ delivery: 'instant' });
    const dana = await registerTraveller({ firstName: 'Dana', lastName: 'Lifter' });
    await sendLead(dana.token, hotelId, 'Towels?');
    await eventually(async () => (await emailsTo(sales)).find((e) => e.subject === `New lead for ${name}: Dana Lifter`), mailTimeout, 'the instant lead email');
    expect(await redis.hlen(leadDigestKey(leadDigestRef(desk)))).toBe(2);
    await (await scheduledDigest(desk)).remove();
    await redis.del(leadDigestKey(leadDigestRef(desk)));
  }, 240_000);
});
