import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, eventually, registerTraveller, sleep, uniqueEmail } from '@reproute/platform/testing';
// Reviews on their way out of engagement: the reviewer's emails and the catalog's figures. What engagement
// alone answers (who may call, validation, one review per user and hotel) is in test/routes.
import { engagementDb, expectEmailsExactly, seededToken, sentTo, uniqueTag, waitForKnownHotel } from './support.ts';

const hotelId = 1;
/** Approving moves this hotel's rating in the catalog; a seeded hotel near the end of the list keeps hotel 1 tidy. */
const ratedHotelId = 25;
const db = engagementDb();
let reviewer: { token: string; email: string; user: { id: string } };
let admin: string;
let hotelName: string;
let ratedHotelName: string;

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

async function projectedName(id: number): Promise<string> {
  return (await db.query<{ name: string }>('SELECT name FROM hotels WHERE id = $1', [id])).rows[0]!.name;
}

beforeAll(async () => {
  await waitForKnownHotel(hotelId);
  await waitForKnownHotel(ratedHotelId);
  [hotelName, ratedHotelName] = [await projectedName(hotelId), await projectedName(ratedHotelId)];
  reviewer = await registerTraveller({ email: uniqueEmail('reviewer'), firstName: 'Rhea', lastName: 'lifter' });
  admin = await seededToken('admin');
});
afterAll(() => db.end());

describe('a review from submission to moderation', () => {
  const tag = uniqueTag('review');
  const title = `Racks <b>&</b> rowers ${tag}`;
  const content = `<script>alert("not markup")</script> The gym has two racks and heavy dumbbells. ${tag}`;
  let reviewId: string;

  it('stores a submitted review as pending, text exactly as given', async () => {
    const res = await api('POST', '/api/reviews', { token: reviewer.token, body: validReview({ hotelId: ratedHotelId, title, content }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      hotelId: ratedHotelId, title, content, rating: 5, gymRating: 4, travelType: 'fitness', roomType: 'King', stayDate: '2026-09',
      pros: ['squat racks', 'early opening'], cons: ['busy at 7am'], tags: ['free-weights'], isApproved: null,
      reviewer: { firstName: 'Rhea', lastInitial: 'L' },
    });
    expect(JSON.stringify(res.body)).not.toContain(reviewer.email);
    reviewId = res.body.id;
  });

  it('keeps a pending review out of public view', async () => {
    const visitor = await api('GET', `/api/hotels/${ratedHotelId}/reviews`);
    expect(visitor.body.map((r: { id: string }) => r.id)).not.toContain(reviewId);
    const forAdmin = await api('GET', `/api/hotels/${ratedHotelId}/reviews?status=pending`, { token: admin });
    expect(forAdmin.body.find((r: { id: string }) => r.id === reviewId)).toMatchObject({ isApproved: null, title });
  });

  it('lists it for the admin in one call with the hotel name and the reviewer names (ruling 6)', async () => {
    const res = await api('GET', '/api/reviews?status=pending', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.every((r: { isApproved: boolean | null; hotelName: unknown }) => r.isApproved === null)).toBe(true);
    const mine = res.body.find((r: { id: string }) => r.id === reviewId);
    expect(mine).toMatchObject({ id: reviewId, hotelId: ratedHotelId, hotelName: ratedHotelName, user: { firstName: 'Rhea', lastName: 'lifter' }, rating: 5, gymRating: 4, title, content, tags: ['free-weights'] });
    expect(mine).not.toHaveProperty('reviewer');
    expect(JSON.stringify(mine)).not.toContain(reviewer.email);
  });

  it('approves it: public, reviewer emailed once, and the catalog rating moves', async () => {
    const before = await api('GET', `/api/hotels/${ratedHotelId}`);
    const res = await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reviewId, isApproved: true });

    const visible = await api('GET', `/api/hotels/${ratedHotelId}/reviews`);
    expect(visible.body.find((r: { id: string }) => r.id === reviewId)).toMatchObject({ title, content, isApproved: true, reviewer: { firstName: 'Rhea', lastInitial: 'L' } });
    const pending = await api('GET', '/api/reviews?status=pending', { token: admin });
    expect(pending.body.map((r: { id: string }) => r.id)).not.toContain(reviewId);

    const [email] = await expectEmailsExactly((e) => sentTo(reviewer.email)(e) && e.subject.startsWith('Your review of'), 1, { what: 'approval email' });
    expect(email!.subject).toBe(`Your review of ${ratedHotelName} is live`);
    expect(email!.text).toContain('Hi Rhea,');
    expect(email!.text).toContain(title);
    expect(email!.html).toContain('Racks &lt;b&gt;&amp;&lt;/b&gt; rowers');
    expect(email!.html).not.toContain('<b>&</b>');

    // Catalog (another service) folds review.approved into the hotel's rating; only checked when the catalog answers.
    if (before.status === 200) {
      const after = await eventually(async () => {
        const hotel = await api('GET', `/api/hotels/${ratedHotelId}`);
        return hotel.status === 200 && hotel.body.totalReviews === before.body.totalReviews + 1 ? hotel.body : undefined;
      }, 30_000, 'catalog review count');
      // A running average that now includes this 5-star review (the catalog may round to one decimal).
      const expected = (Number(before.body.rating) * before.body.totalReviews + 5) / (before.body.totalReviews + 1);
      expect(Math.abs(Number(after.rating) - expected)).toBeLessThanOrEqual(0.051);
      expect(Number(after.rating)).toBeGreaterThanOrEqual(Number(before.body.rating));
    }
  });

  it('repeating the decision changes nothing and sends nothing; reversing it is refused', async () => {
    const again = await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: true } });
    expect(again.status).toBe(200);
    expect(again.body.isApproved).toBe(true);
    const reverse = await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: false } });
    expect(reverse.status).toBe(409);
    expect(reverse.body.message).toBe(messages.reviewAlreadyModerated);
    await expectEmailsExactly((e) => sentTo(reviewer.email)(e) && e.subject.startsWith('Your review of'), 1, { settleMs: 3_000 });
    const events = await db.query(`SELECT 1 FROM outbox WHERE event_type IN ('review.approved', 'review.rejected') AND payload->'data'->>'reviewId' = $1`, [reviewId]);
    expect(events.rowCount).toBe(1);
  });

  it('rejects another review: never public, reviewer told politely', async () => {
    const submitted = await api('POST', '/api/reviews', { token: reviewer.token, body: validReview({ title: `Not for publishing ${tag}` }) });
    expect(submitted.status).toBe(201);
    const res = await api('PUT', `/api/reviews/${submitted.body.id}/approve`, { token: admin, body: { isApproved: false } });
    expect(res.status).toBe(200);
    expect(res.body.isApproved).toBe(false);
    expect((await api('GET', `/api/hotels/${hotelId}/reviews`)).body.map((r: { id: string }) => r.id)).not.toContain(submitted.body.id);
    expect((await api('GET', '/api/reviews?status=rejected', { token: admin })).body.map((r: { id: string }) => r.id)).toContain(submitted.body.id);
    const [email] = await expectEmailsExactly((e) => sentTo(reviewer.email)(e) && e.subject.startsWith('About your review'), 1, { what: 'rejection email' });
    expect(email!.subject).toBe(`About your review of ${hotelName}`);
    expect(email!.text).toContain('Thank you for taking the time');
  });
});

const reviewOf = (hotel: number, overrides: Record<string, unknown> = {}) => validReview({ hotelId: hotel, ...overrides });

describe('approving the same review ten times at once', () => {
  let hotel: { id: number; name: string };

  beforeAll(async () => {
    const created = await api('POST', '/api/hotels', {
      token: admin,
      body: { name: `Race Gym Hotel ${uniqueTag()}`, address: '1 Race Street', city: 'Testville', country: 'Testland', gymAccessType: 'on-site', bookingUrl: 'https://race-gym.example/book' },
    });
    expect(created.status).toBe(201);
    hotel = created.body;
    await waitForKnownHotel(hotel.id);
  });
  afterAll(async () => {
    await api('DELETE', `/api/hotels/${hotel.id}`, { token: admin });
  });

  it('every answer is 200 (approved), one review.approved event, and the catalog counts it once', async () => {
    const writer = await registerTraveller({ firstName: 'Ava', lastName: 'Approved' });
    const review = await api('POST', '/api/reviews', { token: writer.token, body: reviewOf(hotel.id, { rating: 4 }) });
    expect(review.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('PUT', `/api/reviews/${review.body.id}/approve`, { token: admin, body: { isApproved: true } })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.isApproved).toBe(true);
    }
    const events = await db.query(`SELECT 1 FROM outbox WHERE event_type = 'review.approved' AND payload->'data'->>'reviewId' = $1`, [review.body.id]);
    expect(events.rowCount).toBe(1);
    await eventually(async () => (await api('GET', `/api/hotels/${hotel.id}`)).body.totalReviews === 1, 30_000, 'catalog counted the review');
    await sleep(2_000);
    const counted = await api('GET', `/api/hotels/${hotel.id}`);
    expect(counted.body).toMatchObject({ totalReviews: 1, rating: 4 });
    // A reversal racing the approvals is refused, never a 5xx.
    const reverse = await Promise.all(Array.from({ length: 5 }, () => api('PUT', `/api/reviews/${review.body.id}/approve`, { token: admin, body: { isApproved: false } })));
    expect(reverse.every((r) => r.status === 409)).toBe(true);
  });
});
