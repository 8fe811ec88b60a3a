import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, eventually, registerTraveller } from '@reproute/platform/testing';
import { engagementDb, expectEmailsExactly, seededToken, sentTo, uniqueTag } from './support.ts';

/** A name for the i-th account of a test: names are letters only (the registration rule). */
const letterName = (i: number) => String.fromCharCode(65 + (i % 26)).repeat(1 + Math.floor(i / 26));

/**
 * Admin moderation at scale, through the gateway with the real Kafka, BullMQ and MailDev: bulk decisions
 * (all or nothing, one event and one email per review), rejection reasons that reach the reviewer, and the
 * review audit log. Who may moderate and the list's filters are in test/routes.
 */
const db = engagementDb();
const tag = uniqueTag('mod');
const hotelName = `Moderation Gym Hotel ${tag}`;
let hotelId: number;
let owner: string;
let admin: string;
type Reviewer = Awaited<ReturnType<typeof registerTraveller>>;
const reviewers: Reviewer[] = [];
const reviewIds: string[] = [];
const unknownId = '00000000-0000-4000-8000-00000000abcd';
const rejectReason = `The review is not about the hotel or its gym <${tag}>.`;

const listed = (query: string) => api('GET', `/api/admin/reviews?q=${encodeURIComponent(tag)}&${query}`, { token: admin });
const statusOf = async (id: string) => (await db.query<{ is_approved: boolean | null }>('SELECT is_approved FROM reviews WHERE id = $1', [id])).rows[0]?.is_approved;
const eventsFor = async (id: string) =>
  (await db.query<{ event_type: string; payload: { data: { reason?: string | null } } }>("SELECT event_type, payload FROM outbox WHERE payload->'data'->>'reviewId' = $1 ORDER BY seq", [id])).rows;

beforeAll(async () => {
  [owner, admin] = await Promise.all([seededToken('provider'), seededToken('admin')]);
  const created = await api('POST', '/api/provider/hotels', {
    token: owner,
    body: { name: hotelName, address: '4 Moderation Row', city: 'Testville', country: 'Testland', description: 'A listing made by the moderation tests.', gymAccessType: 'on-site', bookingUrl: 'https://booking.example/moderation', pricePerNight: 140, currency: 'USD' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  hotelId = created.body.id;
  expect((await api('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  await eventually(async () => (await db.query('SELECT 1 FROM hotels WHERE id = $1 AND is_approved', [hotelId])).rows.length === 1, 30_000, 'approved listing in the projection');
  // Five reviewers, ratings 1..5, written one after another (so oldest-first is this order).
  for (let i = 0; i < 5; i += 1) {
    const reviewer = await registerTraveller({ firstName: `Mod ${letterName(i)}`, lastName: 'Reviewer' });
    reviewers.push(reviewer);
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
}, 120_000);

afterAll(async () => {
  if (hotelId) await api('DELETE', `/api/provider/hotels/${hotelId}`, { token: owner });
  await db.end();
});

describe('bulk decisions', () => {
  it.each([
    { rule: 'no ids', body: { reviewIds: [], decision: 'approve' }, message: messages.bulkReviewIdsRequired },
    { rule: 'not ids', body: { reviewIds: ['review-1'], decision: 'approve' }, message: messages.bulkReviewIdsInvalid },
    { rule: 'too many', body: { reviewIds: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), decision: 'approve' }, message: messages.bulkReviewIdsMax },
    { rule: 'twice', body: { reviewIds: [unknownId, unknownId.toUpperCase()], decision: 'approve' }, message: messages.bulkReviewIdsDuplicate },
    { rule: 'unknown decision', body: { reviewIds: [unknownId], decision: 'maybe' }, message: messages.bulkDecisionInvalid },
    { rule: 'reject without reason', body: { reviewIds: [unknownId], decision: 'reject' }, message: messages.rejectReasonRequired },
    { rule: 'blank reason', body: { reviewIds: [unknownId], decision: 'reject', reason: '   ' }, message: messages.rejectReasonRequired },
    { rule: 'long reason', body: { reviewIds: [unknownId], decision: 'reject', reason: 'x'.repeat(501) }, message: messages.rejectReasonMax },
  ])('bad input ($rule) answers 400 with a clear message', async ({ body, message }) => {
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('an unknown review among them writes nothing (404 naming it)', async () => {
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: [reviewIds[0], unknownId], decision: 'reject', reason: rejectReason } });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([{ path: 'reviewIds.1', message: messages.reviewNotFound }]);
    expect(await statusOf(reviewIds[0]!)).toBeNull();
    expect(await eventsFor(reviewIds[0]!)).toHaveLength(1); // review.submitted only
  });

  it('approves several at once: one event each, the catalog counts each once, each reviewer emailed once', async () => {
    const ids = [reviewIds[3]!, reviewIds[4]!];
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: ids, decision: 'approve' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ decided: 2, unchanged: 0 });
    expect(res.body.reviews.map((r: { id: string; isApproved: boolean }) => [r.id, r.isApproved])).toEqual(ids.map((id) => [id, true]));
    for (const id of ids) expect((await eventsFor(id)).map((e) => e.event_type)).toEqual(['review.submitted', 'review.approved']);
    await eventually(async () => {
      const hotel = await api('GET', `/api/hotels/${hotelId}`);
      return hotel.status === 200 && hotel.body.totalReviews === 2 && Number(hotel.body.rating) === 4.5;
    }, 30_000, 'catalog rating from two approvals');
    for (const i of [3, 4]) {
      await expectEmailsExactly((e) => sentTo(reviewers[i]!.email)(e) && e.subject === `Your review of ${hotelName} is live`, 1, { what: `approval email ${i}`, settleMs: 1000 });
    }
  });

  it('a review already decided the other way refuses the whole batch (409), nothing written', async () => {
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: [reviewIds[0], reviewIds[1], reviewIds[3]], decision: 'reject', reason: rejectReason } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.reviewAlreadyModerated);
    expect(await statusOf(reviewIds[0]!)).toBeNull();
    expect(await statusOf(reviewIds[1]!)).toBeNull();
  });

  it('rejects several with a reason: stored, shown to admins, in each event, and emailed once to each reviewer', async () => {
    const ids = [reviewIds[0]!, reviewIds[1]!];
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: ids, decision: 'reject', reason: `  ${rejectReason}  ` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ decided: 2, unchanged: 0 });
    for (const review of res.body.reviews) expect(review).toMatchObject({ isApproved: false, rejectionReason: rejectReason, moderatedBy: 'admin@reproute.example' });
    const rejected = await listed('status=rejected');
    expect(rejected.body.items.map((r: { id: string; rejectionReason: string }) => [r.id, r.rejectionReason])).toEqual(ids.map((id) => [id, rejectReason]));
    for (const id of ids) {
      const events = await eventsFor(id);
      expect(events.map((e) => e.event_type)).toEqual(['review.submitted', 'review.rejected']);
      expect(events[1]!.payload.data.reason).toBe(rejectReason);
    }
    for (const i of [0, 1]) {
      const [email] = await expectEmailsExactly((e) => sentTo(reviewers[i]!.email)(e) && e.subject === `About your review of ${hotelName}`, 1, { what: `rejection email ${i}` });
      expect(email!.text).toContain(`The reason our moderator gave: ${rejectReason}`);
      // The reason is the admin's text: escaped in the HTML part.
      expect(email!.html).toContain(`&lt;${tag}&gt;`);
    }
  });

  it('repeating a batch changes nothing and sends nothing again', async () => {
    const res = await api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: [reviewIds[0], reviewIds[1]], decision: 'reject', reason: 'Another reason' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decided: 0, unchanged: 2 });
    expect(res.body.reviews[0].rejectionReason).toBe(rejectReason);
    expect((await eventsFor(reviewIds[0]!)).length).toBe(2);
    await expectEmailsExactly((e) => sentTo(reviewers[0]!.email)(e) && e.subject === `About your review of ${hotelName}`, 1, { what: 'no second rejection email', settleMs: 2000 });
  });

  it("a single rejection takes a reason too (the spec's PUT), and the audit log names who decided what, when and why", async () => {
    const res = await api('PUT', `/api/reviews/${reviewIds[2]}/approve`, { token: admin, body: { isApproved: false, reason: 'The review is advertising or spam.' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectEmailsExactly((e) => sentTo(reviewers[2]!.email)(e) && (e.text ?? '').includes('The reason our moderator gave: The review is advertising or spam.'), 1, { what: 'single rejection email', settleMs: 1000 });

    const audit = await api('GET', '/api/admin/reviews/audit?pageSize=100', { token: admin });
    expect(audit.status).toBe(200);
    const mine = audit.body.items.filter((entry: { hotelId: number }) => entry.hotelId === hotelId);
    expect(mine.map((e: { reviewId: string; action: string; detail: string | null }) => [e.reviewId, e.action, e.detail]).sort()).toEqual(
      [
        [reviewIds[0], 'rejected', rejectReason],
        [reviewIds[1], 'rejected', rejectReason],
        [reviewIds[2], 'rejected', 'The review is advertising or spam.'],
        [reviewIds[3], 'approved', null],
        [reviewIds[4], 'approved', null],
      ].sort(),
    );
    expect(mine[0]).toMatchObject({ actorEmail: 'admin@reproute.example', hotelName, reviewerName: 'Mod C Reviewer', reviewTitle: `Review 2 ${tag}` });
    expect(Date.parse(mine[0].createdAt)).toBeGreaterThan(Date.now() - 300_000);
    expect((await api('GET', '/api/admin/reviews/audit?page=0', { token: admin })).status).toBe(400);
  });
});

describe('bulk decisions at once', () => {
  it('two overlapping batches at once: both answer 200, each review is decided and announced once, no deadlock', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reviewer = await registerTraveller({ firstName: `Race ${letterName(i)}` });
      const res = await api('POST', '/api/reviews', {
        token: reviewer.token,
        body: { hotelId, title: `Race ${i} ${tag}`, content: 'Racks, a platform and dumbbells to 40 kg; busy at six.', rating: 4, gymRating: 4, travelType: 'fitness', stayDate: '2026-10' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    // Opposite orders, so a lock taken in request order would deadlock.
    const [a, b] = await Promise.all([
      api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: ids, decision: 'approve' } }),
      api('POST', '/api/admin/reviews/bulk', { token: admin, body: { reviewIds: [...ids].reverse(), decision: 'approve' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.decided + b.body.decided).toBe(4);
    expect(a.body.unchanged + b.body.unchanged).toBe(4);
    for (const id of ids) expect((await eventsFor(id)).map((e) => e.event_type)).toEqual(['review.submitted', 'review.approved']);
    const audit = await db.query<{ n: string }>('SELECT count(*) AS n FROM review_audit WHERE review_id = ANY($1::uuid[])', [ids]);
    expect(Number(audit.rows[0]!.n)).toBe(4);
  });
});
