import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { SignJWT } from 'jose';
import { webhookMessages, type WebhookDelivery, type WebhookEndpoint } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { eventually, type TestUser } from '@reproute/platform/testing/service-under-test';
import { webhooksUnderTest } from './support.ts';
import { Receiver } from './receiver.ts';

// Webhooks end to end inside the service: events on the (in-memory) bus, the consumer queueing messages, the
// dispatcher delivering them over real HTTP to receivers this file starts on 127.0.0.1, and a Standard Webhooks
// verifier (the `standardwebhooks` package) checking every signature with the secret the API showed once.

type Sut = Awaited<ReturnType<typeof webhooksUnderTest>>;
let sut: Sut;
let owner: TestUser;
let stranger: TestUser;
const [ownHotel, secondHotel, strangerHotel] = [21, 22, 23];
const receivers: Receiver[] = [];

const receiver = async () => {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
};
const addEndpoint = async (url: string, extra: Record<string, unknown> = {}, as = owner) => {
  const res = await sut.api<WebhookEndpoint & { secret: string; message?: string }>('POST', '/api/provider/webhooks', { as, body: { url, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const log = async (endpointId: string) => (await sut.api<{ items: WebhookDelivery[] }>('GET', `/api/provider/webhooks/${endpointId}/deliveries`, { as: owner })).body.items;
const lead = (hotelId: number, extra: Record<string, unknown> = {}) => ({
  leadId: randomUUID(),
  hotelId,
  hotelName: `Test Hotel ${hotelId}`,
  contactEmail: null,
  userId: null,
  name: 'Lena Lifter',
  email: 'lena@example.com',
  message: 'Is the rack free at 6?',
  checkInDate: '2027-03-01',
  checkOutDate: '2027-03-03',
  guests: 1,
  referralId: `RR_${hotelId}_1700000000000`,
  ...extra,
});
const publishLead = async (hotelId: number) => {
  const data = lead(hotelId);
  await sut.bus.publishEvent('lead.created', data, { key: data.leadId });
  return data;
};
/** Verifies a request as a receiver would, with the Standard Webhooks library; throws when it does not verify. */
const verify = (secret: string, r: { body: string; id: string; timestamp: string; signature: string }) =>
  new Webhook(secret).verify(r.body, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature });

beforeAll(async () => {
  sut = await webhooksUnderTest({ WEBHOOK_DISABLE_AFTER_SECONDS: '3600' });
  [owner, stranger] = await Promise.all([sut.asProvider(), sut.asProvider()]);
  await sut.bus.publishEvent('hotel.created', testHotel(ownHotel, { providerId: owner.id }), { key: ownHotel });
  await sut.bus.publishEvent('hotel.created', testHotel(secondHotel, { providerId: owner.id }), { key: secondHotel });
  await sut.bus.publishEvent('hotel.created', testHotel(strangerHotel, { providerId: stranger.id }), { key: strangerHotel });
  await sut.settled();
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
  await sut?.close();
});

describe('adding an endpoint', () => {
  it('answers the secret once (whsec_), never again in the list', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url, { description: 'CRM' });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made).toMatchObject({ url: r.url, hotelId: null, events: ['lead.created', 'lead.status_changed'], status: 'active', description: 'CRM' });
    const list = await sut.api('GET', '/api/provider/webhooks', { as: owner });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    expect(list.body.items.map((e: WebhookEndpoint) => e.id)).toContain(made.id);
  });

  it('refuses bad input with 400 and the message, storing nothing', async () => {
    const before = (await sut.api('GET', '/api/provider/webhooks', { as: stranger })).body.items.length;
    const cases: [unknown, string][] = [
      [{ url: 'not a url' }, webhookMessages.urlInvalid],
      [{ url: 'ftp://example.com/x' }, webhookMessages.urlInvalid],
      [{ url: 'https://user:pw@example.com/x' }, webhookMessages.urlInvalid],
      [{ url: 'https://receiver.invalid/hook' }, webhookMessages.urlUnresolvable],
      [{ url: 'http://127.0.0.1:9/x', events: ['lead.deleted'] }, webhookMessages.eventsInvalid],
      [{ url: 'http://127.0.0.1:9/x', events: [] }, webhookMessages.eventsInvalid],
      [{ url: 'http://127.0.0.1:9/x', hotelId: ownHotel }, webhookMessages.hotelNotOwned],
      [{ url: 'http://127.0.0.1:9/x', secret: 'whsec_mine' }, webhookMessages.unknownField],
    ];
    for (const [body, message] of cases) {
      const res = await sut.api('POST', '/api/provider/webhooks', { as: stranger, body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect((await sut.api('GET', '/api/provider/webhooks', { as: stranger })).body.items.length).toBe(before);
  });

  it('is the owner organisation\'s only: another provider gets 404, a traveller 403', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url);
    for (const [method, path] of [
      ['PATCH', `/api/provider/webhooks/${made.id}`],
      ['POST', `/api/provider/webhooks/${made.id}/rotate-secret`],
      ['POST', `/api/provider/webhooks/${made.id}/test`],
      ['GET', `/api/provider/webhooks/${made.id}/deliveries`],
      ['DELETE', `/api/provider/webhooks/${made.id}`],
    ] as const) {
      const res = await sut.api(method, path, { as: stranger, ...(method === 'PATCH' ? { body: { enabled: false } } : {}) });
      expect({ path, method, status: res.status, message: res.body?.message }).toEqual({ path, method, status: 404, message: webhookMessages.notFound });
    }
    const traveller = await sut.asTraveller();
    expect((await sut.api('GET', '/api/provider/webhooks', { as: traveller })).status).toBe(403);
    expect((await sut.api('GET', '/api/provider/webhooks')).status).toBe(401);
  });
});

describe('delivering leads', () => {
  it('delivers lead.created signed (Standard Webhooks verifier), with a stable id, to the organisation\'s endpoints only', async () => {
    const all = await receiver();
    const onlySecond = await receiver();
    const strangers = await receiver();
    const everyProperty = await addEndpoint(all.url);
    const secondOnly = await addEndpoint(onlySecond.url, { hotelId: secondHotel, events: ['lead.created'] });
    await addEndpoint(strangers.url, {}, stranger);

    const sent = await publishLead(ownHotel);
    const [got] = await all.until((list) => list.some((r) => r.body.includes(sent.leadId)), 'the lead');
    const payload = verify(everyProperty.secret, got!) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload.type).toBe('lead.created');
    expect(payload.data).toMatchObject({ leadId: sent.leadId, hotelId: ownHotel, referralId: sent.referralId, name: 'Lena Lifter', email: 'lena@example.com', message: 'Is the rack free at 6?', status: 'new' });
    expect(got!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() => verify(secondOnly.secret, got!)).toThrow();

    // The property endpoint hears of its own hotel only; the other organisation of none of these.
    const second = await publishLead(secondHotel);
    await onlySecond.until((list) => list.some((r) => r.body.includes(second.leadId)), 'the second hotel\'s lead');
    await all.until((list) => list.some((r) => r.body.includes(second.leadId)), 'the second hotel\'s lead at the organisation endpoint');
    expect(onlySecond.received.some((r) => r.body.includes(sent.leadId))).toBe(false);
    expect(strangers.received).toHaveLength(0);

    // A repeated event (Kafka redelivers) queues nothing twice.
    const again = { id: randomUUID(), type: 'lead.created' as const, version: 1, occurredAt: new Date().toISOString(), data: lead(ownHotel) };
    await sut.bus.publishEnvelope(again, again.data.leadId);
    await sut.bus.publishEnvelope(again, again.data.leadId);
    await all.until((list) => list.some((r) => r.body.includes(again.data.leadId)), 'the repeated event');
    await sut.settled();
    const entries = (await log(everyProperty.id)).filter((d) => d.eventType === 'lead.created');
    expect(entries.filter((d) => d.messageId === `msg_${again.id.replace(/-/g, '')}`)).toHaveLength(1);
  });

  it('delivers lead.status_changed to endpoints that want it', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url, { events: ['lead.status_changed'] });
    const leadId = randomUUID();
    await sut.bus.publishEvent(
      'lead.status_changed',
      { leadId, hotelId: ownHotel, hotelName: 'Test Hotel 21', referralId: null, status: 'contacted', previousStatus: 'new', changedAt: new Date().toISOString() },
      { key: leadId },
    );
    const [got] = await r.until((list) => list.length > 0, 'the status change');
    expect(verify(made.secret, got!)).toMatchObject({ type: 'lead.status_changed', data: { leadId, status: 'contacted', previousStatus: 'new' } });
  });

  it('retries after 500s and timeouts with the same id and body, logging every try', async () => {
    const r = await receiver();
    r.behave('ok', 'fail', 'fail', { status: 302, body: 'moved' }, 'hang');
    const made = await addEndpoint(r.url, { hotelId: ownHotel });
    const sent = await publishLead(ownHotel);
    await r.until((list) => list.length >= 5, 'five tries');
    const ids = new Set(r.received.map((x) => x.id));
    const bodies = new Set(r.received.map((x) => x.body));
    expect(ids.size).toBe(1);
    expect(bodies.size).toBe(1);
    for (const x of r.received) verify(made.secret, x);
    const [delivery] = await eventually(async () => {
      const items = await log(made.id);
      return items[0]?.state === 'delivered' ? items : null;
    }, 20_000, 'the delivery marked delivered');
    expect(delivery!.messageId).toBe(r.received[0]!.id);
    expect(JSON.parse(r.received[0]!.body).data.leadId).toBe(sent.leadId);
    // Newest first: the success, the timeout, the redirect (not followed), the two 500s.
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([200, null, 302, 500, 500]);
    expect(delivery!.attempts[1]!.error).toMatch(/no answer within 1000 ms|ETIMEDOUT/);
    expect(delivery!.attempts[3]!.responseExcerpt).toBe('receiver is having a bad day');
    for (const attempt of delivery!.attempts) expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('a receiver down for a while gets every event once it is back, none twice by id', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url, { hotelId: secondHotel });
    await r.stop();
    const leads: ReturnType<typeof lead>[] = [];
    for (let i = 0; i < 6; i += 1) leads.push(await publishLead(secondHotel));
    // Every message has been tried (and refused) at least once while it is down.
    await eventually(async () => {
      const items = await log(made.id);
      return items.length === 6 && items.every((d) => d.attempts.length >= 1 && d.state === 'pending');
    }, 20_000, 'six failed first tries');
    const down = await sut.api('GET', '/api/provider/webhooks', { as: owner });
    expect(down.body.items.find((e: WebhookEndpoint) => e.id === made.id).failingSince).not.toBeNull();
    await r.start();
    await r.until((list) => leads.every((l) => list.some((x) => x.body.includes(l.leadId))), 'all six leads');
    await eventually(async () => (await log(made.id)).every((d) => d.state === 'delivered'), 20_000, 'all delivered');
    const ids = r.received.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
    const back = await sut.api('GET', '/api/provider/webhooks', { as: owner });
    expect(back.body.items.find((e: WebhookEndpoint) => e.id === made.id)).toMatchObject({ status: 'active', failingSince: null });
  });

  it('one receiver that hangs never holds up another\'s deliveries', async () => {
    const slow = await receiver();
    const fast = await receiver();
    slow.behave('hang');
    const slowEndpoint = await addEndpoint(slow.url, { hotelId: ownHotel });
    await addEndpoint(fast.url, { hotelId: ownHotel });
    const first = await publishLead(ownHotel);
    await slow.until((list) => list.length >= 1, 'the slow receiver holding the first');
    const second = await publishLead(ownHotel);
    await fast.until((list) => [first, second].every((l) => list.some((x) => x.body.includes(l.leadId))), 'both leads at the fast receiver');
    // The slow one has delivered nothing yet (it holds every request): the fast one did not wait for it.
    expect((await log(slowEndpoint.id)).some((d) => d.state === 'delivered')).toBe(false);
    slow.behave('ok');
    slow.release();
    await slow.until((list) => list.some((x) => x.body.includes(second.leadId)), 'the second lead at the slow receiver');
    await sut.api('DELETE', `/api/provider/webhooks/${slowEndpoint.id}`, { as: owner });
  });
});

describe('the delivery log, test events and send again', () => {
  it('sends a test event, logs it, and sends it again with the same id', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url, { hotelId: ownHotel, events: ['lead.status_changed'] });
    const queued = await sut.api<WebhookDelivery>('POST', `/api/provider/webhooks/${made.id}/test`, { as: owner });
    expect(queued.status).toBe(202);
    // Queued (the dispatcher may already have delivered it by the time the answer is read).
    expect(queued.body.eventType).toBe('webhook.test');
    expect(['pending', 'delivered']).toContain(queued.body.state);
    const [got] = await r.until((list) => list.length === 1, 'the test event');
    expect(verify(made.secret, got!)).toMatchObject({ type: 'webhook.test' });
    await eventually(async () => (await log(made.id))[0]?.state === 'delivered', 20_000, 'the test delivered');
    const [entry] = await log(made.id);
    expect(entry!.attempts[0]).toMatchObject({ statusCode: 200, responseExcerpt: 'thanks', error: null });

    const resent = await sut.api('POST', `/api/provider/webhooks/${made.id}/deliveries/${entry!.id}/resend`, { as: owner });
    expect(resent.status).toBe(202);
    await r.until((list) => list.length === 2, 'the message sent again');
    expect(r.received[1]!.id).toBe(r.received[0]!.id);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    verify(made.secret, r.received[1]!);
    expect((await sut.api('POST', `/api/provider/webhooks/${made.id}/deliveries/${randomUUID()}/resend`, { as: owner })).status).toBe(404);

    // Turned off: no test event, no send again; on again: both work.
    const off = await sut.api('PATCH', `/api/provider/webhooks/${made.id}`, { as: owner, body: { enabled: false } });
    expect(off.body).toMatchObject({ status: 'disabled', disabledReason: 'owner' });
    const refused = await sut.api('POST', `/api/provider/webhooks/${made.id}/test`, { as: owner });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: webhookMessages.disabled });
    expect((await sut.api('PATCH', `/api/provider/webhooks/${made.id}`, { as: owner, body: { enabled: true } })).body).toMatchObject({ status: 'active', disabledReason: null });
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap (two signatures), each verifying alone', async () => {
    const r = await receiver();
    const made = await addEndpoint(r.url, { hotelId: ownHotel, events: ['lead.status_changed'] });
    const rotated = await sut.api<WebhookEndpoint & { secret: string }>('POST', `/api/provider/webhooks/${made.id}/rotate-secret`, { as: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect(rotated.body.previousSecretExpiresAt).not.toBeNull();
    await sut.api('POST', `/api/provider/webhooks/${made.id}/test`, { as: owner });
    const [got] = await r.until((list) => list.length === 1, 'the test event after rotation');
    const signatures = got!.signature.split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // A receiver that holds only the old secret, or only the new, verifies it.
    verify(made.secret, got!);
    verify(rotated.body.secret, got!);
    // With only one signature left for each, each secret matches its own.
    expect(() => verify(made.secret, { ...got!, signature: signatures[0]! })).toThrow();
    verify(rotated.body.secret, { ...got!, signature: signatures[0]! });
    verify(made.secret, { ...got!, signature: signatures[1]! });
  });
});

describe('an endpoint failing for a day', () => {
  let strict: Sut;
  afterAll(async () => strict?.close());

  it('is turned off and its owner told (webhook.endpoint_disabled, no secret, no path)', async () => {
    strict = await webhooksUnderTest({ WEBHOOK_DISABLE_AFTER_SECONDS: '1', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_RETRY_MAX_MS: '300' });
    const provider = await strict.asProvider({ email: 'groupowner@example.com' });
    await strict.bus.publishEvent('hotel.created', testHotel(31, { providerId: provider.id }), { key: 31 });
    await strict.settled();
    const r = await receiver();
    r.behave('fail');
    const made = await strict.api<WebhookEndpoint & { secret: string }>('POST', '/api/provider/webhooks', { as: provider, body: { url: `${r.url}?token=receiver-own-token` } });
    expect(made.status).toBe(201);
    const data = lead(31);
    await strict.bus.publishEvent('lead.created', data, { key: data.leadId });
    const disabled = await eventually(async () => {
      const list = await strict.api('GET', '/api/provider/webhooks', { as: provider });
      const endpoint = list.body.items[0] as WebhookEndpoint;
      return endpoint.status === 'disabled' ? endpoint : null;
    }, 20_000, 'the endpoint turned off');
    expect(disabled).toMatchObject({ disabledReason: 'failing' });
    const [notice] = await strict.events('webhook.endpoint_disabled');
    expect(notice!.data).toMatchObject({ endpointId: made.body.id, ownerId: provider.id, ownerEmail: 'groupowner@example.com', host: new URL(r.url).host });
    const text = JSON.stringify(notice);
    expect(text).not.toContain(made.body.secret);
    expect(text).not.toContain('receiver-own-token');
    // Off: nothing more is tried.
    const tries = r.received.length;
    await strict.bus.publishEvent('lead.created', lead(31), { key: 'again' });
    await strict.settled();
    expect((await strict.api('GET', `/api/provider/webhooks/${made.body.id}/deliveries`, { as: provider })).body.items).toHaveLength(1);
    expect(r.received.length).toBe(tries);
  });

  it('refuses private addresses and http:// where they are not allowed (as in production)', async () => {
    const production = await webhooksUnderTest({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false', WEBHOOK_ALLOW_HTTP: 'false' });
    try {
      const provider = await production.asProvider();
      for (const [url, message] of [
        ['http://example.com/hook', webhookMessages.urlNotHttps],
        ['https://127.0.0.1/hook', webhookMessages.urlPrivate],
        ['https://10.1.2.3/hook', webhookMessages.urlPrivate],
        ['https://169.254.169.254/latest/meta-data', webhookMessages.urlPrivate],
        ['https://[::1]/hook', webhookMessages.urlPrivate],
        ['https://[fe80::1]/hook', webhookMessages.urlPrivate],
        ['https://[::ffff:192.168.1.1]/hook', webhookMessages.urlPrivate],
        ['https://localhost/hook', webhookMessages.urlPrivate],
      ] as const) {
        const res = await production.api('POST', '/api/provider/webhooks', { as: provider, body: { url } });
        expect({ url, status: res.status, message: res.body.message }).toEqual({ url, status: 400, message });
      }
      expect((await production.api('GET', '/api/provider/webhooks', { as: provider })).body.items).toHaveLength(0);
    } finally {
      await production.close();
    }
  });
});

/** A member of the stranger's organisation with these grants: a token with the `org` claim, signed as identity would. */
async function memberToken(grants: Record<string, string>) {
  const key = sut.signingKey;
  const id = randomUUID();
  const token = await new SignJWT({ email: `member.${id.slice(0, 8)}@example.com`, roles: ['provider'], firstName: 'Mem', lastName: 'Ber', email_verified: true, org: { id: stranger.id, email: stranger.email, grants } })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(id)
    .setIssuer(sut.ctx.config.JWT_ISSUER)
    .setIssuedAt()
    .setExpirationTime('1h')
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token } as TestUser;
}

describe('organisations', () => {
  it('a member who is not an owner is refused (403); an owner manages the organisation\'s endpoints', async () => {
    const r = await receiver();
    const manager = await memberToken({ '*': 'manager', [String(ownHotel)]: 'owner' });
    const refused = await sut.api('POST', '/api/provider/webhooks', { as: manager, body: { url: r.url } });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: webhookMessages.ownerOnly });
    expect((await sut.api('GET', '/api/provider/webhooks', { as: manager })).status).toBe(403);
    const coOwner = await memberToken({ '*': 'owner' });
    const made = await addEndpoint(r.url, {}, coOwner);
    const seen = await sut.api('GET', '/api/provider/webhooks', { as: stranger });
    expect(seen.body.items.map((e: WebhookEndpoint) => e.id)).toContain(made.id);
  });

  it('keeps at most 10 endpoints per organisation (400, nothing stored)', async () => {
    const r = await receiver();
    const count = async () => (await sut.api('GET', '/api/provider/webhooks', { as: stranger })).body.items.length as number;
    while ((await count()) < 10) await addEndpoint(r.url, {}, stranger);
    const refused = await sut.api('POST', '/api/provider/webhooks', { as: stranger, body: { url: r.url } });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: webhookMessages.tooMany });
    expect(await count()).toBe(10);
  });
});

describe('the account\'s data', () => {
  it('exports the endpoints the account owns (no secret) and erases them, and the messages naming it, with the account', async () => {
    const r = await receiver();
    const founder = await sut.asProvider({ email: 'founder.erased@example.com' });
    await sut.bus.publishEvent('hotel.created', testHotel(51, { providerId: founder.id }), { key: 51 });
    await sut.settled();
    const made = await addEndpoint(r.url, {}, founder);
    const exported = await sut.api('GET', '/api/webhooks/me/export', { as: founder });
    expect(exported.status).toBe(200);
    expect(exported.body.endpoints.map((e: WebhookEndpoint) => e.id)).toEqual([made.id]);
    expect(JSON.stringify(exported.body)).not.toContain(made.secret);
    // A lead a traveller sent to another organisation's hotel, still in its log when the traveller's account goes.
    const data = lead(ownHotel, { email: 'gone.traveller@example.com', name: 'Gone Traveller' });
    await sut.bus.publishEvent('lead.created', data, { key: data.leadId });
    await eventually(async () => (await sut.pool.query(`SELECT 1 FROM deliveries WHERE body LIKE '%gone.traveller@example.com%'`)).rowCount! > 0, 20_000, 'the lead in a log');

    const travellerId = randomUUID();
    await sut.bus.publishEvent('user.deletion-requested', { userId: travellerId, emails: ['gone.traveller@example.com'], isProvider: false, requestedAt: new Date().toISOString() }, { key: travellerId });
    await sut.bus.publishEvent('user.deletion-requested', { userId: founder.id, emails: ['founder.erased@example.com'], isProvider: true, requestedAt: new Date().toISOString() }, { key: founder.id });
    const reports = await eventually(async () => {
      const erased = (await sut.events('user.data-erased')).filter((e) => [travellerId, founder.id].includes(e.data.userId));
      return erased.length === 2 ? erased : null;
    }, 20_000, 'both erasure reports');
    expect(reports.filter((e) => [travellerId, founder.id].includes(e.data.userId)).map((e) => e.data.service)).toEqual(['webhooks', 'webhooks']);
    const left = await sut.pool.query(
      `SELECT (SELECT count(*) FROM endpoints WHERE owner_id = $1)::int AS endpoints,
              (SELECT count(*) FROM deliveries WHERE body LIKE '%gone.traveller@example.com%')::int AS messages,
              (SELECT count(*) FROM hotels WHERE provider_id = $1)::int AS hotels`,
      [founder.id],
    );
    expect(left.rows[0]).toEqual({ endpoints: 0, messages: 0, hotels: 0 });
  });
});
