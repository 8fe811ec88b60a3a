import { beforeAll, describe, expect, it } from 'vitest';
import { organisationMessages, providerReviewMessages as m } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, engagement, registerTraveller, seededToken } from './support.ts';

/** The organisation's reviews inbox across its properties (docs/decisions.md, "The reviews inbox"), and replying from it. */
const [lodge, annex, other] = [611, 612, 613];
let owner: TestUser;
let responderOfLodge: TestUser;
let manager: TestUser;
const reviews: Record<string, string> = {};

const inbox = (token: string, query = '') => api('GET', `/api/provider/reviews${query}`, { token });

beforeAll(async () => {
  const sut = await engagement();
  const admin = await seededToken('admin');
  owner = await sut.asProvider();
  const stranger = await sut.asProvider();
  const org = (grants: Record<string, 'owner' | 'manager' | 'responder' | 'viewer'>) => ({ id: owner.id, email: owner.email, grants });
  responderOfLodge = await sut.asProvider({ org: org({ '*': 'viewer', [String(lodge)]: 'responder' }) });
  manager = await sut.asProvider({ org: org({ '*': 'manager' }) });
  for (const [id, providerId] of [[lodge, owner.id], [annex, owner.id], [other, stranger.id]] as const) {
    await sut.bus.publishEvent('hotel.created', testHotel(id, { providerId }), { key: id });
  }
  await sut.settled();
  for (const [key, hotelId, rating] of [['lodge5', lodge, 5], ['lodge2', lodge, 2], ['annex4', annex, 4], ['other3', other, 3], ['pending', lodge, 1]] as const) {
    const reviewer = await registerTraveller({ firstName: 'Remy' });
    const res = await api('POST', '/api/reviews', {
      token: reviewer.token,
      body: { hotelId, title: `Review ${key}`, content: 'Two racks, a deadlift platform and dumbbells to 40 kg.', rating, gymRating: 4, travelType: 'fitness', stayDate: '2026-08' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reviews[key] = res.body.id;
    if (key !== 'pending') expect((await api('PUT', `/api/reviews/${res.body.id}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  }
});

describe('GET /api/provider/reviews', () => {
  it('lists the published reviews of every property of the organisation, newest first, each with its property', async () => {
    const res = await inbox(owner.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((r: { id: string }) => r.id)).toEqual([reviews.annex4, reviews.lodge2, reviews.lodge5]);
    expect(res.body.items[0].hotel).toEqual({ id: annex, name: expect.any(String) });
    expect(res.body).toMatchObject({ total: 3, unanswered: 3, page: 1, pageSize: 20 });
  });

  it('filters by rating and by unanswered, and a reply from the inbox takes a review out of "unanswered"', async () => {
    expect((await inbox(owner.token, '?rating=2')).body.items.map((r: { id: string }) => r.id)).toEqual([reviews.lodge2]);
    expect((await api('POST', `/api/reviews/${reviews.lodge2}/reply`, { token: responderOfLodge.token, body: { text: 'Thank you, we fixed the cable station.' } })).status).toBe(201);
    const unanswered = await inbox(owner.token, '?unanswered=true');
    expect(unanswered.body.items.map((r: { id: string }) => r.id)).toEqual([reviews.annex4, reviews.lodge5]);
    expect(unanswered.body).toMatchObject({ total: 2, unanswered: 2 });
    const all = await inbox(owner.token);
    expect(all.body).toMatchObject({ total: 3, unanswered: 2 });
    expect(all.body.items.find((r: { id: string }) => r.id === reviews.lodge2).reply).toMatchObject({ text: 'Thank you, we fixed the cable station.' });
  });

  it('a responder of one property sees that property\'s reviews only; a manager has no reviews inbox', async () => {
    expect((await inbox(responderOfLodge.token)).body.items.map((r: { id: string }) => r.id)).toEqual([reviews.lodge2, reviews.lodge5]);
    const refused = await inbox(manager.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(organisationMessages.roleForbidden);
    expect((await api('POST', `/api/reviews/${reviews.annex4}/reply`, { token: responderOfLodge.token, body: { text: 'Not mine' } })).status).toBe(404);
  });

  it('answers 400 with a clear message for a bad filter', async () => {
    for (const [query, message] of [['?rating=6', m.ratingInvalid], ['?rating=x', m.ratingInvalid], ['?unanswered=maybe', m.unansweredInvalid], ['?hotelId=0', m.hotelInvalid], ['?page=0', m.pageInvalid]] as const) {
      const res = await inbox(owner.token, query);
      expect(res.status, query).toBe(400);
      expect([res.body.message, ...(res.body.errors ?? []).map((e: { message: string }) => e.message)]).toContain(message);
    }
  });
});
