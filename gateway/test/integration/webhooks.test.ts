import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { KafkaBus } from '@reproute/platform';
import { api, apiFrom, envelope, eventually, publish, registerTraveller, serviceDb, testBus, testHotel, testHotelIds, uniqueClientAddress, waitForEmail } from '@reproute/platform/testing';

/**
 * Leads into the hotel's own systems through the running system: a lead posted through the gateway goes referral →
 * outbox → Kafka → the webhooks service's consumer → its dispatcher → a real receiver this test starts (signed, verified
 * with the standardwebhooks library), while the notifier emails the hotel as before, even with another of the
 * organisation's receivers hanging. A status change follows the same path; a CRM pulls the lead with an API key.
 */
const [hotelId] = testHotelIds(1) as [number];
const hotelInbox = `hotel-${hotelId}@example.com`;
let bus: KafkaBus;
let webhooksDb: ReturnType<typeof serviceDb>;
let owner: { token: string; user: { id: string } };

interface Got { id: string; timestamp: string; signature: string; body: string }
function receiver(hang = false) {
  const received: Got[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), timestamp: String(req.headers['webhook-timestamp']), signature: String(req.headers['webhook-signature']), body: Buffer.concat(chunks).toString('utf8') });
      if (hang) held.push(res);
      else res.writeHead(204).end();
    });
  });
  return {
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
const fast = receiver();
const stuck = receiver(true);
let fastEndpoint: { id: string; secret: string };

beforeAll(async () => {
  bus = testBus();
  webhooksDb = serviceDb('webhooks');
  const account = await registerTraveller({ firstName: 'Hook', lastName: 'Owner' });
  const setup = await api('POST', '/api/provider/setup', { token: account.token, body: { companyName: 'Hooked Hotels', phoneNumber: '+12125550123' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  owner = { token: setup.body.token, user: account.user };
  await publish(bus, envelope('hotel.created', testHotel(hotelId, { providerId: owner.user.id, contactEmail: hotelInbox })), hotelId);
  await eventually(async () => (await webhooksDb.query('SELECT 1 FROM hotels WHERE hotel_id = $1 AND provider_id = $2', [hotelId, owner.user.id])).rows.length === 1, 30_000, 'the hotel in the webhooks service');
  const [fastUrl, stuckUrl] = await Promise.all([fast.start(), stuck.start()]);
  const made = await api('POST', '/api/provider/webhooks', { token: owner.token, body: { url: fastUrl, hotelId } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  fastEndpoint = made.body;
  expect((await api('POST', '/api/provider/webhooks', { token: owner.token, body: { url: stuckUrl } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  // The test's endpoints go with it (the running system would otherwise keep trying the closed receivers).
  const left = await api('GET', '/api/provider/webhooks', { token: owner.token });
  for (const endpoint of left.body?.items ?? []) await api('DELETE', `/api/provider/webhooks/${endpoint.id}`, { token: owner.token });
  await publish(bus, envelope('hotel.deleted', { hotelId, providerId: owner.user.id }), hotelId);
  await Promise.all([fast.stop(), stuck.stop()]);
  await bus.close();
  await webhooksDb.end();
});

describe('webhooks through the running system', () => {
  it('a lead reaches the receiver signed and the hotel by email, with another receiver hanging; its status change follows', async () => {
    const traveller = await registerTraveller({ firstName: 'Rita', lastName: 'Rackpull' });
    const sent = await apiFrom(uniqueClientAddress(), 'POST', '/api/leads', { token: traveller.token, body: { hotelId, shareContact: true, guests: 2, message: 'Is the platform free at 7?' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const leadId = sent.body.id as string;

    const got = await eventually(async () => fast.received.find((r) => r.body.includes(leadId)), 60_000, 'the lead at the receiver');
    const payload = new Webhook(fastEndpoint.secret).verify(got.body, { 'webhook-id': got.id, 'webhook-timestamp': got.timestamp, 'webhook-signature': got.signature }) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'lead.created', data: { leadId, hotelId, email: traveller.email, message: 'Is the platform free at 7?', status: 'new' } });
    // The hanging receiver holds its copy; neither the email nor the other receiver waited for it.
    await eventually(async () => stuck.received.some((r) => r.body.includes(leadId)), 60_000, 'the lead at the hanging receiver');
    await waitForEmail((e) => e.to.some((t) => t.address === hotelInbox) && (e.text ?? '').includes('Is the platform free at 7?'), 60_000);

    const moved = await api('PATCH', `/api/provider/leads/${leadId}`, { token: owner.token, body: { status: 'contacted' } });
    expect(moved.status).toBe(200);
    const change = await eventually(async () => fast.received.find((r) => r.body.includes('lead.status_changed') && r.body.includes(leadId)), 60_000, 'the status change');
    expect(new Webhook(fastEndpoint.secret).verify(change.body, { 'webhook-id': change.id, 'webhook-timestamp': change.timestamp, 'webhook-signature': change.signature })).toMatchObject({
      type: 'lead.status_changed',
      data: { leadId, status: 'contacted', previousStatus: 'new' },
    });
    // Each message once at this receiver, by id.
    const ids = fast.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The log shows the tries.
    const log = await api('GET', `/api/provider/webhooks/${fastEndpoint.id}/deliveries`, { token: owner.token });
    expect(log.body.items.filter((d: { state: string }) => d.state === 'delivered').length).toBeGreaterThanOrEqual(2);

    // A CRM pulls the same lead with an API key through the gateway; the key is refused elsewhere.
    const key = await api('POST', '/api/organisation/api-keys', { token: owner.token, body: { name: 'CRM', scopes: ['leads:read'] } });
    expect(key.status).toBe(201);
    const pulled = await api('GET', '/api/partner/leads', { headers: { 'x-api-key': key.body.key } });
    expect(pulled.status).toBe(200);
    expect(pulled.body.items.map((l: { id: string }) => l.id)).toContain(leadId);
    expect((await api('PATCH', `/api/partner/leads/${leadId}`, { headers: { 'x-api-key': key.body.key }, body: { status: 'lost' } })).status).toBe(403);
    expect((await api('GET', '/api/provider/leads', { headers: { 'x-api-key': key.body.key } })).status).toBe(401);
  });

  it('the OpenAPI document names the API key scheme on the partner endpoints', async () => {
    const doc = await api('GET', '/api/docs');
    expect(doc.body.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.body.paths['/api/partner/leads'].get.security).toEqual([{ apiKeyAuth: [] }]);
  });
});
