import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadInboxMessages as m, messages, type ProviderLead } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { uniqueClientAddress, type TestUser } from '@reproute/platform/testing/service-under-test';
import { referralUnderTest } from './support.ts';

// A team's lead inbox (docs/decisions.md, "Lead routing and the inbox"): notes, who took a lead, and per property who is emailed.
const [station, harbour] = [31, 32];
const client = uniqueClientAddress();
let sut: Awaited<ReturnType<typeof referralUnderTest>>;
let owner: TestUser;
let stationManager: TestUser;
let responder: TestUser;
let traveller: TestUser;
const leads = { station: '', harbour: '' };

const details = (id: string, body: unknown, token: string) => sut.api<ProviderLead & { message?: string; errors?: { message: string }[] }>('PUT', `/api/provider/leads/${id}/details`, { body, token });
const inbox = (token: string) => sut.api<{ items: ProviderLead[] }>('GET', '/api/provider/leads', { token });
const routing = (hotelId: number, token: string, body?: unknown) => sut.api(body === undefined ? 'GET' : 'PUT', `/api/provider/lead-routing/${hotelId}`, { token, ...(body === undefined ? {} : { body }) });
const sendLead = async (hotelId: number, message: string, from?: TestUser) => {
  const res = await sut.api('POST', '/api/leads', { body: { shareContact: true, hotelId, message }, token: (from ?? traveller).token, remoteAddress: client });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

beforeAll(async () => {
  sut = await referralUnderTest();
  owner = await sut.asProvider();
  const org = (grants: Record<string, 'owner' | 'manager' | 'responder' | 'viewer'>) => ({ id: owner.id, email: owner.email, grants });
  [stationManager, responder, traveller] = await Promise.all([
    sut.asProvider({ org: org({ '*': 'viewer', [String(station)]: 'manager' }) }),
    sut.asProvider({ org: org({ '*': 'responder' }) }),
    sut.asTraveller({ firstName: 'Tess', lastName: 'Team' }),
  ]);
  for (const id of [station, harbour]) await sut.bus.publishEvent('hotel.created', testHotel(id, { providerId: owner.id, contactEmail: `leads-${id}@hotel.example` }), { key: id });
  await sut.settled();
  leads.station = await sendLead(station, 'Is the rack free at 6?');
  leads.harbour = await sendLead(harbour, 'Do you have a pool?');
});

afterAll(async () => {
  await sut?.close();
});

describe('PUT /api/provider/leads/:id/details', () => {
  it('keeps a note and who took the lead, shown in the inbox with the message', async () => {
    const noted = await details(leads.station, { note: '  Called back, wants a quiet room  ', assignee: 'me' }, owner.token);
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body).toMatchObject({ note: 'Called back, wants a quiet room', assignee: { id: owner.id, email: owner.email }, message: 'Is the rack free at 6?' });
    const listed = (await inbox(owner.token)).body.items.find((l) => l.id === leads.station)!;
    expect(listed).toMatchObject({ note: 'Called back, wants a quiet room', assignee: { id: owner.id, email: owner.email } });
    // Given back, and the note cleared, one at a time.
    expect((await details(leads.station, { assignee: null }, owner.token)).body).toMatchObject({ assignee: null, note: 'Called back, wants a quiet room' });
    expect((await details(leads.station, { note: null }, owner.token)).body).toMatchObject({ note: null });
  });

  it('a manager of one property takes its leads and sees no other property\'s; a responder has no lead inbox', async () => {
    const taken = await details(leads.station, { assignee: 'me' }, stationManager.token);
    expect(taken.status).toBe(200);
    expect(taken.body.assignee).toEqual({ id: stationManager.id, email: stationManager.email });
    const other = await details(leads.harbour, { assignee: 'me' }, stationManager.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(messages.leadNotFound);
    expect((await inbox(stationManager.token)).body.items.map((l) => l.id)).toEqual([leads.station]);
    expect((await inbox(responder.token)).status).toBe(403);
    expect((await details(leads.station, { note: 'x' }, responder.token)).status).toBe(403);
    const { rows } = await sut.pool.query('SELECT note, assignee_id FROM leads WHERE id = $1', [leads.harbour]);
    expect(rows[0]).toEqual({ note: null, assignee_id: null });
  });

  it('answers 400 with a clear message for bad input and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ note: 'x'.repeat(2001) }, m.noteMax],
      [{ assignee: 'bob@example.com' }, m.assigneeInvalid],
      [{}, m.detailsEmpty],
      [{ note: 'ok', status: 'booked' }, m.detailsUnknownField],
      [{ note: 12 }, m.noteInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await details(leads.harbour, body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect([res.body.message, ...((res.body as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message)]).toContain(message);
    }
    const { rows } = await sut.pool.query('SELECT note, assignee_id FROM leads WHERE id = $1', [leads.harbour]);
    expect(rows[0]).toEqual({ note: null, assignee_id: null });
  });
});

describe('lead routing', () => {
  it('sends each new lead of the property to every chosen address, the listing\'s lead address until one is chosen', async () => {
    const before = await routing(harbour, owner.token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ hotelId: harbour, recipients: [], delivery: 'instant', fallback: `leads-${harbour}@hotel.example`, updatedAt: null });
    const saved = await routing(harbour, owner.token, { recipients: ['Front.Desk@hotel.example', 'sales@hotel.example'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ recipients: ['front.desk@hotel.example', 'sales@hotel.example'], delivery: 'instant' });
    // Another traveller (a repeat of the same traveller's lead answers the first one).
    const id = await sendLead(harbour, 'Late check-in?', await sut.asTraveller({ firstName: 'Rory', lastName: 'Route' }));
    const [event] = (await sut.events('lead.created')).filter((e) => e.data.leadId === id);
    const { rows: outbox } = await sut.pool.query("SELECT payload FROM outbox WHERE event_type = 'lead.created' AND payload->'data'->>'leadId' = $1", [id]);
    expect(outbox[0]?.payload.data.recipients, JSON.stringify(outbox)).toEqual(['front.desk@hotel.example', 'sales@hotel.example']);
    expect(event?.data.recipients).toEqual(['front.desk@hotel.example', 'sales@hotel.example']);
    // A property without routing: the event names no recipients (the notifier writes to the lead address as before).
    const plain = await sendLead(station, 'Towels in the gym?', await sut.asTraveller({ firstName: 'Pia', lastName: 'Plain' }));
    const [plainEvent] = (await sut.events('lead.created')).filter((e) => e.data.leadId === plain);
    expect(plainEvent?.data.recipients).toBeUndefined();
  });

  it('a daily property\'s leads are marked for the digest in their event; instant again, they are not', async () => {
    const daily = await routing(harbour, owner.token, { recipients: ['sales@hotel.example'], delivery: 'daily' });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(daily.body).toMatchObject({ recipients: ['sales@hotel.example'], delivery: 'daily' });
    expect((await routing(harbour, owner.token)).body).toMatchObject({ delivery: 'daily' });
    const held = await sendLead(harbour, 'Any squat racks?', await sut.asTraveller({ firstName: 'Dana', lastName: 'Daily' }));
    const [heldEvent] = (await sut.events('lead.created')).filter((e) => e.data.leadId === held);
    expect(heldEvent?.data).toMatchObject({ recipients: ['sales@hotel.example'], delivery: 'daily' });
    // Left out, delivery goes back to instant, and the next lead's event says nothing of it (as events before digests).
    expect((await routing(harbour, owner.token, { recipients: ['sales@hotel.example'] })).body).toMatchObject({ delivery: 'instant' });
    const instant = await sendLead(harbour, 'Towels?', await sut.asTraveller({ firstName: 'Ines', lastName: 'Instant' }));
    const [instantEvent] = (await sut.events('lead.created')).filter((e) => e.data.leadId === instant);
    expect(instantEvent?.data.delivery).toBeUndefined();
  });

  it('only the property\'s owners and managers choose, with 400 for bad addresses and nothing stored', async () => {
    expect((await routing(station, stationManager.token, { recipients: ['desk@station.example'] })).status).toBe(200);
    expect((await routing(harbour, stationManager.token, { recipients: ['desk@station.example'] })).status).toBe(404);
    expect((await routing(station, responder.token)).status).toBe(404);
    expect((await routing(999, owner.token)).status).toBe(404);
    const cases: [unknown, string][] = [
      [{ recipients: ['not an address'] }, m.recipientInvalid],
      [{ recipients: Array.from({ length: 11 }, (_, i) => `a${i}@hotel.example`) }, m.recipientsMax],
      [{ recipients: ['a@hotel.example', 'A@hotel.example'] }, m.recipientsDuplicate],
      [{ recipients: [], delivery: 'weekly' }, m.deliveryInvalid],
      [{ recipients: [], cc: 'x' }, m.routingUnknownField],
    ];
    for (const [body, message] of cases) {
      const res = await routing(station, owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect([res.body.message, ...((res.body as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message)]).toContain(message);
    }
    expect((await routing(station, owner.token)).body).toMatchObject({ recipients: ['desk@station.example'] });
  });
});

describe('a member\'s deletion', () => {
  it('takes the member off the leads it took and its address out of lead routing; its export names what it took', async () => {
    const member = await sut.asProvider({ org: { id: owner.id, email: owner.email, grants: { '*': 'manager' } } });
    expect((await details(leads.harbour, { assignee: 'me' }, member.token)).status).toBe(200);
    expect((await routing(harbour, owner.token, { recipients: [member.email, 'sales@hotel.example'] })).status).toBe(200);
    const exported = await sut.api('GET', '/api/referral/me/export', { token: member.token });
    expect(exported.body.assignedLeads).toEqual([expect.objectContaining({ leadId: leads.harbour, hotelId: harbour })]);
    await sut.bus.publishEvent('user.deletion-requested', { userId: member.id, emails: [member.email], isProvider: true, requestedAt: new Date().toISOString() }, { key: member.id });
    await sut.settled();
    const { rows } = await sut.pool.query('SELECT assignee_id, assignee_email FROM leads WHERE id = $1', [leads.harbour]);
    expect(rows[0]).toEqual({ assignee_id: null, assignee_email: null });
    expect((await routing(harbour, owner.token)).body).toMatchObject({ recipients: ['sales@hotel.example'] });
  });
});
