import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { organisationMessages } from '@reproute/contracts';
import { api, eventually, registerTraveller, stack, waitForEmail } from '@reproute/platform/testing';
import { expectEmailsExactly, seededToken, sentTo, waitForKnownHotel } from '../../../services/engagement/test/integration/support.ts';

/**
 * Organisations with a team through the real system (gateway, identity, catalog, referral, engagement, analytics, their
 * outboxes, Kafka, the notifier, BullMQ, MailDev): the owner invites members by email with a role per property or for
 * all; every provider endpoint judges the member's role for the property (a role x endpoint x property matrix, 0
 * violations); a lowered role and a removal end the member's tokens within a second at the gateway and every service;
 * the activity log names who changed which listing, lead status and reply.
 */
const mailTimeout = 60_000;
type Answer = { status: number; body: unknown };
const call = (method: string, path: string, token: string, body?: unknown): Promise<Answer> => api(method, path, { token, ...(body === undefined ? {} : { body }) });

async function provider(companyName: string) {
  const account = await registerTraveller({ firstName: 'Olive' });
  const setup = await api<{ token: string }>('POST', '/api/provider/setup', { token: account.token, body: { companyName, phoneNumber: '+12125550142' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  return { email: account.email, token: setup.body.token };
}

/** The invitation link's token, read from the email as the invitee would (through the notifier, BullMQ and SMTP). */
async function invitationFromEmail(email: string, organisationName: string): Promise<string> {
  const mail = await waitForEmail((e) => sentTo(email)(e) && e.subject === `You are invited to join ${organisationName} on RepRoute`, mailTimeout);
  const match = /\/provider\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

/** How late after `since` each place still let the token in (a request every 50 ms until it answers 401). */
async function lastLetInAfter(places: [string, () => Promise<Answer>][], since: number, giveUpMs = 10_000): Promise<Record<string, number>> {
  const figures = await Promise.all(
    places.map(async ([place, ask]) => {
      let lastLetIn = 0;
      for (;;) {
        const sentAt = Date.now() - since;
        if (sentAt > giveUpMs) return [place, Infinity] as const;
        const { status } = await ask();
        if (status === 401) return [place, lastLetIn] as const;
        lastLetIn = sentAt;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  return Object.fromEntries(figures);
}

describe('organisations with a team', () => {
  it('invitations by email, every provider endpoint judged by the member\'s role for the property, revocation within a second, the activity log', async () => {
    const admin = await seededToken('admin');
    const organisationName = `Station Hotels ${randomUUID().slice(0, 6)}`;
    const owner = await provider(organisationName);
    const outsider = await provider(`Other Group ${randomUUID().slice(0, 6)}`);

    // Three properties: A and B live (with a lead and an approved review each), C to delete at the end.
    const hotels: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
    for (const key of ['A', 'B', 'C'] as const) {
      const created = await call('POST', '/api/provider/hotels', owner.token, {
        name: `${organisationName} ${key}`,
        address: `${key} Rack Street`,
        cityId: 1,
        gymAccessType: 'on-site',
        bookingUrl: `https://station-${key.toLowerCase()}.example/book`,
        rawEquipment: ['Power rack'],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      hotels[key] = (created.body as { id: number }).id;
      expect((await call('PUT', `/api/hotels/${hotels[key]}/approval`, admin, { isApproved: true })).status).toBe(200);
    }
    const traveller = await registerTraveller({ firstName: 'Rhea' });
    const leads: Record<'A' | 'B', string> = { A: '', B: '' };
    const reviews: Record<'A' | 'B', string> = { A: '', B: '' };
    for (const key of ['A', 'B'] as const) {
      const lead = await eventually(async () => {
        const res = await call('POST', '/api/leads', traveller.token, { hotelId: hotels[key], shareContact: true, message: `Is the rack free at 6? (${key})` });
        return res.status === 201 ? (res.body as { id: string }) : undefined;
      }, 60_000, `a lead for hotel ${key}`);
      leads[key] = lead.id;
      await waitForKnownHotel(hotels[key]);
      const review = await call('POST', '/api/reviews', traveller.token, {
        hotelId: hotels[key], title: `Good racks ${key}`, content: 'Two racks, plates to 200 kg and a quiet gym at 6am. Would stay again.', rating: 5, gymRating: 5, travelType: 'fitness', stayDate: '2026-09',
      });
      expect(review.status, JSON.stringify(review.body)).toBe(201);
      reviews[key] = (review.body as { id: string }).id;
      expect((await call('PUT', `/api/reviews/${reviews[key]}/approve`, admin, { isApproved: true })).status).toBe(200);
    }

    // The team: invited by email, each accepting the emailed link.
    const roles = {
      manager: { '*': 'manager' },
      responder: { '*': 'responder' },
      viewer: { '*': 'viewer' },
      managerOfA: { '*': 'viewer', [String(hotels.A)]: 'manager' },
    } as const;
    const members: Record<keyof typeof roles, { email: string; token: string; userId: string }> = {} as never;
    for (const [name, grants] of Object.entries(roles) as [keyof typeof roles, Record<string, string>][]) {
      const account = await registerTraveller({ firstName: 'Milo' });
      const invited = await call('POST', '/api/organisation/invitations', owner.token, { email: account.email, grants });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(JSON.stringify(invited.body)).not.toMatch(/token/i);
      const token = await invitationFromEmail(account.email, organisationName);
      // The link is the invitee's: another account cannot use it.
      expect((await call('POST', '/api/organisation/invitations/accept', outsider.token, { token })).status).toBe(403);
      const accepted = await call('POST', '/api/organisation/invitations/accept', account.token, { token });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const body = accepted.body as { token: string; user: { id: string } };
      members[name] = { email: account.email, token: body.token, userId: body.user.id };
      // Used once.
      expect((await call('POST', '/api/organisation/invitations/accept', body.token, { token })).status).toBe(410);
    }
    const actors = { owner: owner.token, ...Object.fromEntries(Object.entries(members).map(([k, v]) => [k, v.token])), outsider: outsider.token } as Record<string, string>;

    // The matrix: [actor, endpoint, property] → allowed or not, from the roles' definition.
    const listings = new Set(['owner', 'manager']);
    const leadsRole = new Set(['owner', 'manager']);
    const mayListings = (actor: string, key: 'A' | 'B') => listings.has(actor) || (actor === 'managerOfA' && key === 'A');
    const mayLeads = (actor: string, key: 'A' | 'B') => leadsRole.has(actor) || (actor === 'managerOfA' && key === 'A');
    const violations: string[] = [];
    const expectOutcome = (what: string, allowed: boolean, res: Answer, allowedStatus: number[], deniedStatus: number[]) => {
      const ok = allowed ? allowedStatus.includes(res.status) : deniedStatus.includes(res.status);
      if (!ok) violations.push(`${what}: ${allowed ? 'allowed' : 'denied'} but ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    };
    let checks = 0;
    const addedByMembers: number[] = [];
    for (const [actor, token] of Object.entries(actors)) {
      const inOrganisation = actor !== 'outsider';
      // Which properties each sees in its list.
      const list = await call('GET', '/api/provider/hotels', token);
      const ids = (list.body as { id: number }[]).map((h) => h.id);
      for (const key of ['A', 'B'] as const) {
        checks += 1;
        if (ids.includes(hotels[key]) !== inOrganisation) violations.push(`GET /api/provider/hotels ${actor} ${key}: listed=${ids.includes(hotels[key])}`);
      }
      // Adding a property needs listings for every property.
      const create = await call('POST', '/api/provider/hotels', token, { name: `${organisationName} new ${actor}`, address: '9 New Street', cityId: 1, gymAccessType: 'on-site', bookingUrl: 'https://station-new.example/book' });
      checks += 1;
      if (inOrganisation) expectOutcome(`POST /api/provider/hotels ${actor}`, listings.has(actor), create, [201], [403]);
      if (create.status === 201 && inOrganisation) addedByMembers.push((create.body as { id: number }).id);
      for (const key of ['A', 'B'] as const) {
        const id = hotels[key];
        const tag = `${actor} ${key}`;
        const edits: [string, Promise<Answer>, boolean, number[], number[]][] = [
          ['PUT /api/provider/hotels/:id', call('PUT', `/api/provider/hotels/${id}`, token, { description: `Edited by ${actor}` }), mayListings(actor, key), [200], [403]],
          ['GET /api/provider/hotels/:id/photos', call('GET', `/api/provider/hotels/${id}/photos`, token), mayListings(actor, key), [200], [403]],
          ['PUT /api/provider/hotels/:id/photos', call('PUT', `/api/provider/hotels/${id}/photos`, token, { images: [], gymImages: [] }), mayListings(actor, key), [200], [403]],
          ['DELETE /api/provider/hotels/:id/photos/:photoId', call('DELETE', `/api/provider/hotels/${id}/photos/${'0'.repeat(32)}`, token), mayListings(actor, key), [404], [403]],
          ['DELETE /api/provider/hotels/:id/revision', call('DELETE', `/api/provider/hotels/${id}/revision`, token), mayListings(actor, key), [404], [403]],
          ['PATCH /api/provider/leads/:id', call('PATCH', `/api/provider/leads/${leads[key]}`, token, { status: 'contacted' }), mayLeads(actor, key), [200], [403, 404]],
          ['GET /api/provider/analytics?hotelId', call('GET', `/api/provider/analytics?hotelId=${id}`, token), inOrganisation, [200], [404]],
        ];
        for (const [what, pending, allowed, allowedStatus, deniedStatus] of edits) {
          checks += 1;
          const res = await pending;
          expectOutcome(`${what} ${tag}`, allowed, res, allowedStatus, deniedStatus);
          // A denied edit must say nothing more than "no" (never 404 for a listing the member knows is the organisation's, never 5xx).
          if (res.status >= 500) violations.push(`${what} ${tag}: ${res.status}`);
        }
        // The leads a member sees: only those of properties its role shows leads of.
        const inbox = await call('GET', '/api/provider/leads', token);
        checks += 1;
        const canSeeAnyLeads = leadsRole.has(actor) || actor === 'managerOfA' || actor === 'outsider';
        if (!canSeeAnyLeads) expectOutcome(`GET /api/provider/leads ${tag}`, false, inbox, [200], [403]);
        else {
          const seen = ((inbox.body as { items: { id: string }[] }).items ?? []).map((l) => l.id);
          if (seen.includes(leads[key]) !== mayLeads(actor, key)) violations.push(`GET /api/provider/leads ${tag}: sees=${seen.includes(leads[key])}`);
        }
        const csv = await call('GET', `/api/provider/leads.csv?hotelId=${id}`, token);
        checks += 1;
        if (!canSeeAnyLeads) expectOutcome(`GET /api/provider/leads.csv ${tag}`, false, csv, [200], [403]);
        else if (String(csv.body).includes(`${organisationName} ${key}`) !== mayLeads(actor, key)) violations.push(`GET /api/provider/leads.csv ${tag}: has the lead=${!mayLeads(actor, key)}`);
      }
      const insights = await call('GET', '/api/provider/insights', token);
      checks += 1;
      expectOutcome(`GET /api/provider/insights ${actor}`, true, insights, [200], []);
      // The team's own endpoints: owners only.
      for (const [method, path, body] of [
        ['GET', '/api/organisation/team', undefined],
        ['GET', '/api/organisation/activity', undefined],
        ['PATCH', '/api/organisation', { name: organisationName }],
      ] as const) {
        checks += 1;
        const res = await call(method, path, token, body);
        expectOutcome(`${method} ${path} ${actor}`, actor === 'owner' || actor === 'outsider', res, [200], [403]);
      }
    }
    // Replies: denied roles' first replies are refused; the owner replies to A, the responder to B and edits A's.
    for (const actor of ['manager', 'viewer', 'managerOfA', 'outsider']) {
      for (const key of ['A', 'B'] as const) {
        checks += 1;
        expectOutcome(`POST /api/reviews/:id/reply ${actor} ${key}`, false, await call('POST', `/api/reviews/${reviews[key]}/reply`, actors[actor]!, { text: `Reply from ${actor}` }), [201], [403, 404]);
      }
    }
    checks += 3;
    expectOutcome('POST /api/reviews/:id/reply owner A', true, await call('POST', `/api/reviews/${reviews.A}/reply`, owner.token, { text: 'Thank you from the owner' }), [201], []);
    expectOutcome('POST /api/reviews/:id/reply responder B', true, await call('POST', `/api/reviews/${reviews.B}/reply`, members.responder.token, { text: 'Thank you from the team' }), [201], []);
    expectOutcome('PUT /api/reviews/:id/reply responder A', true, await call('PUT', `/api/reviews/${reviews.A}/reply`, members.responder.token, { text: 'Edited by the responder' }), [200], []);
    for (const actor of ['manager', 'viewer', 'managerOfA', 'outsider']) {
      checks += 1;
      expectOutcome(`PUT /api/reviews/:id/reply ${actor} A`, false, await call('PUT', `/api/reviews/${reviews.A}/reply`, actors[actor]!, { text: `Edit from ${actor}` }), [200], [403, 404]);
    }
    // Deleting a property: owners and managers only.
    for (const actor of ['responder', 'viewer', 'managerOfA', 'outsider']) {
      checks += 1;
      expectOutcome(`DELETE /api/provider/hotels/:id ${actor} C`, false, await call('DELETE', `/api/provider/hotels/${hotels.C}`, actors[actor]!), [204], [403]);
    }
    checks += 1;
    expectOutcome('DELETE /api/provider/hotels/:id manager C', true, await call('DELETE', `/api/provider/hotels/${hotels.C}`, members.manager.token), [204], []);
    // A listing a member added is the organisation's.
    const ownerList = ((await call('GET', '/api/provider/hotels', owner.token)).body as { id: number }[]).map((h) => h.id);
    for (const id of addedByMembers) if (!ownerList.includes(id)) violations.push(`listing ${id} added by a member is not the organisation's`);
    expect(violations, violations.join('\n')).toEqual([]);
    expect(checks).toBeGreaterThan(150);

    // The activity log: who changed which listing, lead status or reply (from catalog, referral and engagement through Kafka).
    expect((await call('PATCH', `/api/provider/leads/${leads.A}`, members.managerOfA.token, { status: 'booked' })).status).toBe(200);
    const log = await eventually(async () => {
      const res = await call('GET', '/api/organisation/activity', owner.token);
      const items = (res.body as { items: { action: string; actorEmail: string; hotelId: number | null }[] }).items;
      const has = (action: string, email: string, hotelId: number) => items.some((e) => e.action === action && e.actorEmail === email && e.hotelId === hotelId);
      return has('listing.updated', members.manager.email, hotels.B) && has('lead.status', owner.email, hotels.B) && has('lead.status', members.managerOfA.email, hotels.A) && has('review.replied', members.responder.email, hotels.B) && has('review.reply-edited', members.responder.email, hotels.A) && has('listing.deleted', members.manager.email, hotels.C)
        ? items
        : undefined;
    }, 60_000, 'the activity log');
    expect(log.filter((e) => e.actorEmail === members.viewer.email && e.action.startsWith('listing'))).toEqual([]);

    // A review published of property A: the responder hears of it (the owner's notice is the listing's, as before); the manager and the viewer do not.
    const later = await registerTraveller({ firstName: 'Nina' });
    const fresh = await call('POST', '/api/reviews', later.token, {
      hotelId: hotels.A, title: 'Quiet at dawn', content: 'Empty at 6am, two racks free and clean plates. Would stay again.', rating: 4, gymRating: 4, travelType: 'fitness', stayDate: '2026-10',
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    expect((await call('PUT', `/api/reviews/${(fresh.body as { id: string }).id}/approve`, admin, { isApproved: true })).status).toBe(200);
    const subject = `New review of ${organisationName} A: 4 out of 5`;
    const notice = await waitForEmail((e) => sentTo(members.responder.email)(e) && e.subject === subject, mailTimeout);
    expect(notice.text).toContain('/provider/dashboard?tab=reviews');
    await waitForEmail((e) => sentTo(owner.email)(e) && e.subject === subject, mailTimeout);
    await expectEmailsExactly((e) => (sentTo(members.manager.email)(e) || sentTo(members.viewer.email)(e) || sentTo(members.managerOfA.email)(e)) && e.subject === subject, 0, { what: 'notices to roles without reviews' });

    // Lowering a role ends the member's tokens within a second at the gateway and at every service.
    const managerToken = members.manager.token;
    const places: [string, () => Promise<Answer>][] = [
      ['gateway', () => call('GET', '/api/provider/hotels', managerToken)],
      ['catalog', () => api('GET', '/api/provider/hotels', { token: managerToken, base: stack.serviceUrl('catalog') })],
      ['referral', () => api('GET', '/api/provider/leads', { token: managerToken, base: stack.serviceUrl('referral') })],
      ['engagement', () => api('PUT', `/api/reviews/${reviews.A}/reply`, { token: managerToken, body: { text: 'x' }, base: stack.serviceUrl('engagement') })],
      ['analytics', () => api('GET', '/api/provider/analytics', { token: managerToken, base: stack.serviceUrl('analytics') })],
      ['identity', () => api('GET', '/api/organisation', { token: managerToken, base: stack.serviceUrl('identity') })],
    ];
    const since = Date.now();
    const lowered = await call('PUT', `/api/organisation/members/${members.manager.userId}`, owner.token, { grants: { '*': 'viewer' } });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const times = await lastLetInAfter(places, since);
    expect(Math.max(...Object.values(times)), JSON.stringify(times)).toBeLessThan(1_000);

    // A removal likewise; the removed member's fresh sign-in carries no organisation.
    const responderToken = members.responder.token;
    const removedAt = Date.now();
    expect((await call('DELETE', `/api/organisation/members/${members.responder.userId}`, owner.token)).status).toBe(204);
    const removedTimes = await lastLetInAfter(places.map(([place, ask]) => [place, place === 'gateway' ? () => call('GET', '/api/provider/hotels', responderToken) : ask]), removedAt);
    expect(removedTimes.gateway, JSON.stringify(removedTimes)).toBeLessThan(1_000);
    const team = await call('GET', '/api/organisation/team', owner.token);
    expect((team.body as { members: { email: string }[] }).members.map((m) => m.email)).not.toContain(members.responder.email);
    expect((await call('DELETE', `/api/organisation/members/${members.responder.userId}`, owner.token)).body).toMatchObject({ message: organisationMessages.memberNotFound });
  }, 600_000);
});
