import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { testHotel } from '@reproute/platform/testing/events';
import { api, engagement, registerTraveller, seededProviderId, seededToken, uniqueTag } from './support.ts';

/** Admin moderation's list: who may see it, the moderator's facts, filters, sorting and paging. Bulk decisions and their emails are in the integration tests. */
const tag = uniqueTag('mod');
const hotelName = `Moderation Gym Hotel ${tag}`;
const hotelId = 501;
let admin: string;
type Reviewer = Awaited<ReturnType<typeof registerTraveller>>;
const reviewers: Reviewer[] = [];
const reviewIds: string[] = [];

const listed = (query: string) => api('GET', `/api/admin/reviews?q=${encodeURIComponent(tag)}&${query}`, { token: admin });

beforeAll(async () => {
  const sut = await engagement();
  admin = await seededToken('admin');
  await sut.bus.publishEvent('hotel.created', { ...testHotel(hotelId, { providerId: seededProviderId }), name: hotelName }, { key: hotelId });
  // Five reviewers, ratings 1..5, written one after another (so oldest-first is this order).
  for (let i = 0; i < 5; i += 1) {
    const reviewer = await registerTraveller({ firstName: `Mod${i}`, lastName: 'Reviewer' });
    reviewers.push(reviewer);
    // Identity's announcement of the account, as engagement's consumer receives it.
    await sut.bus.publishEvent('user.registered', { userId: reviewer.user.id, email: reviewer.email, firstName: `Mod${i}`, lastName: 'Reviewer' }, { key: reviewer.user.id });
    await sut.settled();
    const res = await api('POST', '/api/reviews', {
      token: reviewer.token,
      body: {
        hotelId, title: `Review ${i} ${tag}`, content: 'Racks, a platform and dumbbells to 40 kg; the sauna was cold.', rating: i + 1, gymRating: 4,
        travelType: i % 2 ? 'business' : 'fitness', roomType: 'Twin', stayDate: '2026-09', pros: ['racks', 'platform'], cons: ['cold sauna'],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    reviewIds.push(res.body.id);
  }
});

describe('moderation: who may', () => {
  it('a visitor gets 401 and a traveller 403 on the list, bulk decisions and the audit log', async () => {
    const traveller = reviewers[0]!.token;
    for (const [method, path] of [['GET', '/api/admin/reviews'], ['POST', '/api/admin/reviews/bulk'], ['GET', '/api/admin/reviews/audit']] as const) {
      expect((await api(method, path, { body: method === 'POST' ? {} : undefined })).status, path).toBe(401);
      const res = await api(method, path, { token: traveller, body: method === 'POST' ? { reviewIds: [reviewIds[0]], decision: 'approve' } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
  });
});

describe('moderation list', () => {
  it('shows every fact a moderator needs', async () => {
    const res = await listed('status=pending');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    const first = res.body.items[0];
    expect(first).toMatchObject({
      id: reviewIds[0], hotelId, hotelName, rating: 1, travelType: 'fitness', stayDate: '2026-09', roomType: 'Twin',
      pros: ['racks', 'platform'], cons: ['cold sauna'], isApproved: null, rejectionReason: null,
      user: { firstName: 'Mod0', lastName: 'Reviewer', email: reviewers[0]!.email, reviewCount: 1 },
    });
    // The account's registration reached engagement as identity's user.registered event (fed in beforeAll).
    expect(first.user.registeredAt).toEqual(expect.any(String));
  });

  it('filters by status, rating, hotel, text and day, and sorts and pages on the server', async () => {
    expect((await listed('status=approved')).body.total).toBe(0);
    expect((await listed('status=all')).body.total).toBe(5);
    const fours = await listed('rating=4');
    expect(fours.body.items.map((r: { id: string }) => r.id)).toEqual([reviewIds[3]]);
    expect((await listed(`hotelId=${hotelId}`)).body.total).toBe(5);
    expect((await listed(`hotelId=${hotelId + 1_000_000}`)).body.total).toBe(0);
    // Text matches the reviewer's name and email and the hotel's name too.
    expect((await api('GET', `/api/admin/reviews?q=${encodeURIComponent(reviewers[2]!.email)}`, { token: admin })).body.items.map((r: { id: string }) => r.id)).toEqual([reviewIds[2]]);
    expect((await api('GET', `/api/admin/reviews?q=${encodeURIComponent(hotelName)}`, { token: admin })).body.total).toBe(5);
    // % and _ are matched literally.
    expect((await api('GET', `/api/admin/reviews?q=${encodeURIComponent(`${tag}%`)}`, { token: admin })).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await listed(`from=${today}&to=${today}`)).body.total).toBe(5);
    expect((await listed(`from=${tomorrow}`)).body.total).toBe(0);

    const page2 = await listed('pageSize=2&page=2');
    expect(page2.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.body.items.map((r: { id: string }) => r.id)).toEqual([reviewIds[2], reviewIds[3]]);
    expect((await listed('sort=newest&pageSize=1')).body.items[0].id).toBe(reviewIds[4]);
    expect((await listed('sort=rating-high')).body.items.map((r: { rating: number }) => r.rating)).toEqual([5, 4, 3, 2, 1]);
    expect((await listed('sort=rating-low&pageSize=1')).body.items[0].rating).toBe(1);
  });

  it.each([
    { query: 'status=maybe', message: messages.adminReviewStatusInvalid },
    { query: 'rating=6', message: messages.adminReviewRatingInvalid },
    { query: 'rating=two', message: messages.adminReviewRatingInvalid },
    { query: 'from=2026-02-30x', message: messages.adminReviewDateInvalid },
    { query: 'from=2026-05-02&to=2026-05-01', message: messages.adminReviewDateRangeInvalid },
    { query: 'sort=random', message: messages.adminReviewSortInvalid },
    { query: 'page=0', message: messages.adminHotelPageInvalid },
    { query: 'pageSize=101', message: messages.adminHotelPageSizeInvalid },
    { query: `q=${'x'.repeat(201)}`, message: messages.adminReviewQueryMax },
  ])('bad filter ($query) answers 400 with a clear message', async ({ query, message }) => {
    const res = await api('GET', `/api/admin/reviews?${query}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

