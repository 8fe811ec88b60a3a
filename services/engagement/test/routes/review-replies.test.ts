import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { api, engagement, registerTraveller, seededProviderId, seededToken } from './support.ts';

/** Who may reply to a review, and the reply's validation. The reply's way to the reviewer's inbox is in the integration tests. */
const hotelId = 502;
let owner: string;
let admin: string;
let otherProvider: string;
let reviewer: Awaited<ReturnType<typeof registerTraveller>>;
let reviewId: string;
let pendingReviewId: string;

async function submitReview(token: string, title: string): Promise<string> {
  const res = await api('POST', '/api/reviews', {
    token,
    body: { hotelId, title, content: 'Two racks, a deadlift platform and dumbbells to 40 kg.', rating: 4, gymRating: 5, travelType: 'fitness', stayDate: '2026-08' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  const sut = await engagement();
  [owner, admin] = await Promise.all([seededToken('provider'), seededToken('admin')]);
  await sut.bus.publishEvent('hotel.created', testHotel(hotelId, { providerId: seededProviderId }), { key: hotelId });
  await sut.settled();
  otherProvider = (await sut.asProvider()).token;
  reviewer = await registerTraveller({ firstName: 'Remy', lastName: 'Reviewer' });
  reviewId = await submitReview(reviewer.token, 'Solid racks');
  expect((await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  pendingReviewId = await submitReview((await registerTraveller()).token, 'Still pending');
});

describe('review replies: who may reply', () => {
  it('a visitor gets 401 and a traveller 403, before the body is judged', async () => {
    expect((await api('POST', `/api/reviews/${reviewId}/reply`, { body: { text: 'Thanks' } })).status).toBe(401);
    const traveller = await api('POST', `/api/reviews/${reviewId}/reply`, { token: reviewer.token, body: {} });
    expect(traveller.status).toBe(403);
    expect(traveller.body.message).toBe(messages.forbidden);
    expect((await api('PUT', `/api/reviews/${reviewId}/reply`, { token: reviewer.token, body: { text: 'Thanks' } })).status).toBe(403);
  });

  it('another provider gets 404, as for an unknown review, and so does a pending review', async () => {
    for (const [token, id] of [
      [otherProvider, reviewId],
      [owner, pendingReviewId],
      [owner, '00000000-0000-4000-8000-00000000abcd'],
      [owner, 'not-a-review'],
    ] as const) {
      const res = await api('POST', `/api/reviews/${id}/reply`, { token, body: { text: 'Thank you for staying with us.' } });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe(messages.reviewNotFound);
    }
  });

  it.each([
    { rule: 'missing', body: {}, message: messages.replyRequired },
    { rule: 'blank', body: { text: '   ' }, message: messages.replyRequired },
    { rule: 'not text', body: { text: 42 }, message: messages.replyRequired },
    { rule: 'too long', body: { text: 'x'.repeat(2001) }, message: messages.replyMax },
  ])('bad text ($rule) answers 400 with a clear message', async ({ body, message }) => {
    const res = await api('POST', `/api/reviews/${reviewId}/reply`, { token: owner, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});

