import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, db, providersHotel, registerTraveller, seededToken, uniqueEmail } from './support.ts';

const hotelId = 1;
let reviewer: { token: string; email: string; user: { id: string } };
let admin: string;
let provider: string;
let traveller: string;

const validReview = (overrides: Record<string, unknown> = {}) => ({
  hotelId,
  title: 'Proper lifting gym',
  content: 'Two squat racks, dumbbells to 50 kg and a rower that works. Open at 5am.',
  rating: 5,
  gymRating: 4,
  travelType: 'fitness',
  roomType: 'King',
  stayDate: '2026-09',
  pros: ['squat racks', 'early opening'],
  cons: ['busy at 7am'],
  tags: ['free-weights'],
  ...overrides,
});

beforeAll(async () => {
  reviewer = await registerTraveller({ email: uniqueEmail('reviewer'), firstName: 'Rhea', lastName: 'lifter' });
  [admin, provider, traveller] = await Promise.all([seededToken('admin'), seededToken('provider'), seededToken('traveller')]);
});

describe('reviews: who may call', () => {
  it('a visitor cannot submit (401, before the body is judged)', async () => {
    expect((await api('POST', '/api/reviews', { body: validReview() })).status).toBe(401);
    expect((await api('POST', '/api/reviews', { body: {} })).status).toBe(401);
  });

  it('only admins list pending reviews, in one call or per hotel', async () => {
    expect((await api('GET', '/api/reviews?status=pending')).status).toBe(401);
    expect((await api('GET', '/api/reviews?status=pending', { token: traveller })).status).toBe(403);
    expect((await api('GET', '/api/reviews?status=pending', { token: provider })).status).toBe(403);
    expect((await api('GET', '/api/reviews?status=pending', { token: admin })).status).toBe(200);
    expect((await api('GET', `/api/hotels/${hotelId}/reviews?status=pending`)).status).toBe(401);
    expect((await api('GET', `/api/hotels/${hotelId}/reviews?status=pending`, { token: traveller })).status).toBe(403);
    expect((await api('GET', `/api/hotels/${hotelId}/reviews?status=pending`, { token: admin })).status).toBe(200);
  });

  it('approved reviews are for everyone', async () => {
    for (const token of [undefined, traveller, provider, admin]) expect((await api('GET', `/api/hotels/${hotelId}/reviews`, { token })).status).toBe(200);
  });

  it('only admins moderate', async () => {
    const path = '/api/reviews/00000000-0000-4000-8000-00000000abcd/approve';
    expect((await api('PUT', path, { body: { isApproved: true } })).status).toBe(401);
    expect((await api('PUT', path, { token: traveller, body: { isApproved: true } })).status).toBe(403);
    const denied = await api('PUT', path, { token: provider, body: { isApproved: true } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(messages.forbidden);
  });
});

describe('review validation (document 2, section 5)', () => {
  it.each([
    { rule: 'hotelId', change: { hotelId: undefined }, message: 'Hotel is required' },
    { rule: 'title too short', change: { title: 'Gym' }, message: 'Title must be at least 5 characters' },
    { rule: 'title too long', change: { title: 'x'.repeat(101) }, message: 'Title must be less than 100 characters' },
    { rule: 'content too short', change: { content: 'Nice gym, ok.' }, message: 'Review must be at least 20 characters' },
    { rule: 'content too long', change: { content: 'x'.repeat(1001) }, message: 'Review must be less than 1000 characters' },
    { rule: 'rating missing', change: { rating: undefined }, message: 'Please select a rating' },
    { rule: 'rating above 5', change: { rating: 6 }, message: 'Rating cannot exceed 5 stars' },
    { rule: 'gymRating missing', change: { gymRating: 0 }, message: 'Please select a gym rating' },
    { rule: 'gymRating above 5', change: { gymRating: 7 }, message: 'Gym rating cannot exceed 5 stars' },
    { rule: 'travelType', change: { travelType: 'cruise' }, message: 'Please select travel type' },
    { rule: 'stayDate', change: { stayDate: '' }, message: 'Stay date is required' },
  ])('$rule → 400 "$message"', async ({ change, message }) => {
    const res = await api('POST', '/api/reviews', { token: reviewer.token, body: validReview(change) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it('pros and cons must be lists', async () => {
    expect((await api('POST', '/api/reviews', { token: reviewer.token, body: validReview({ pros: 'a, b' }) })).status).toBe(400);
  });

  it('answers 404 for a hotel that does not exist', async () => {
    const res = await api('POST', '/api/reviews', { token: reviewer.token, body: validReview({ hotelId: 987654 }) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.hotelNotFound);
  });
});

describe('moderation answers', () => {
  it('answers 404 for an unknown or malformed review id and 400 for a bad decision', async () => {
    const unknown = await api('PUT', '/api/reviews/00000000-0000-4000-8000-00000000abcd/approve', { token: admin, body: { isApproved: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.reviewNotFound);
    expect((await api('PUT', '/api/reviews/not-a-uuid/approve', { token: admin, body: { isApproved: true } })).status).toBe(404);
    const review = await api('POST', '/api/reviews', { token: reviewer.token, body: validReview({ hotelId: 2 }) });
    expect(review.status).toBe(201);
    expect((await api('PUT', `/api/reviews/${review.body.id}/approve`, { token: admin, body: { isApproved: 'yes' } })).status).toBe(400);
    expect((await api('GET', '/api/reviews?status=everything', { token: admin })).status).toBe(400);
  });
});

const reviewOf = (hotel: number, overrides: Record<string, unknown> = {}) => validReview({ hotelId: hotel, ...overrides });

describe('one review per user and hotel, never of your own hotel', () => {
  /** A hotel the seeded provider does not own and the other tests leave alone. */
  const otherHotel = 24;

  it('a second review of the same hotel is refused with 409 and a clear message', async () => {
    const writer = await registerTraveller({ firstName: 'Dee', lastName: 'Duplicate' });
    expect((await api('POST', '/api/reviews', { token: writer.token, body: reviewOf(otherHotel) })).status).toBe(201);
    const again = await api('POST', '/api/reviews', { token: writer.token, body: reviewOf(otherHotel, { title: 'Second thoughts' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.reviewDuplicate);
  });

  it('after a rejection the user may write a new review', async () => {
    const writer = await registerTraveller({ firstName: 'Rey', lastName: 'Rewrite' });
    const first = await api('POST', '/api/reviews', { token: writer.token, body: reviewOf(otherHotel) });
    expect((await api('PUT', `/api/reviews/${first.body.id}/approve`, { token: admin, body: { isApproved: false } })).status).toBe(200);
    expect((await api('POST', '/api/reviews', { token: writer.token, body: reviewOf(otherHotel, { title: 'A fairer review' }) })).status).toBe(201);
  });

  it('the owning provider cannot review their own hotel (400), but may review another', async () => {
    const own = await api('POST', '/api/reviews', { token: provider, body: reviewOf(providersHotel) });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(messages.reviewOwnHotel);
    const pending = await api('GET', `/api/hotels/${providersHotel}/reviews?status=all`, { token: admin });
    expect(pending.body.filter((r: { title: string; hotelId: number }) => r.title === 'Proper lifting gym' && r.hotelId === providersHotel)).toHaveLength(0);
  });

  it('ten concurrent submissions of the same review: one 201, the rest 409, never a 5xx', async () => {
    const writer = await registerTraveller({ firstName: 'Cora', lastName: 'Concurrent' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/api/reviews', { token: writer.token, body: reviewOf(otherHotel) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const { rows } = await db.query('SELECT 1 FROM reviews WHERE user_id = $1 AND hotel_id = $2', [writer.user.id, otherHotel]);
    expect(rows).toHaveLength(1);
  });
});

