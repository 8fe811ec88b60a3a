import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, emailsTo, eventually, registerTraveller, uniqueEmail } from '@reproute/platform/testing';
import { engagementDb, expectEmailsExactly, seededToken, sentTo, uniqueTag } from './support.ts';

/**
 * The owning provider answers an approved review of their hotel once (POST), may edit it (PUT), the
 * reply shows with the review for everyone, and the reviewer gets one email with it. Who may reply and
 * the reply's validation are in test/routes.
 */
const db = engagementDb();
const tag = uniqueTag('reply');
const hotelName = `Reply Gym Hotel ${tag}`;
let hotelId: number;
let owner: string;
let admin: string;
let otherProvider: string;
let reviewer: Awaited<ReturnType<typeof registerTraveller>>;
let reviewId: string;

const projected = async (id: number) => (await db.query<{ is_approved: boolean }>('SELECT is_approved FROM hotels WHERE id = $1', [id])).rows[0];

async function submitReview(token: string, title: string): Promise<string> {
  const res = await api('POST', '/api/reviews', {
    token,
    body: { hotelId, title, content: 'Two racks, a deadlift platform and dumbbells to 40 kg.', rating: 4, gymRating: 5, travelType: 'fitness', stayDate: '2026-08' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  [owner, admin] = await Promise.all([seededToken('provider'), seededToken('admin')]);
  const created = await api('POST', '/api/provider/hotels', {
    token: owner,
    body: { name: hotelName, address: '9 Reply Street', city: 'Testville', country: 'Testland', description: 'A listing made by the review reply tests.', gymAccessType: 'on-site', bookingUrl: 'https://booking.example/reply', pricePerNight: 120, currency: 'USD' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  hotelId = created.body.id;
  expect((await api('PUT', `/api/hotels/${hotelId}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  await eventually(async () => (await projected(hotelId))?.is_approved === true, 30_000, 'approved listing in the projection');

  const other = await registerTraveller({ email: uniqueEmail('otherprovider') });
  const setup = await api('POST', '/api/provider/setup', { token: other.token, body: { companyName: 'Other Hotels Ltd', phoneNumber: '+442079460958' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  otherProvider = setup.body.token;

  reviewer = await registerTraveller({ email: uniqueEmail('replied'), firstName: 'Remy', lastName: 'Reviewer' });
  reviewId = await submitReview(reviewer.token, `Solid racks ${tag}`);
  expect((await api('PUT', `/api/reviews/${reviewId}/approve`, { token: admin, body: { isApproved: true } })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (hotelId) await api('DELETE', `/api/provider/hotels/${hotelId}`, { token: owner });
  await db.end();
});

describe('review replies: the owner answers', () => {
  const first = `  Thank you, Remy! The new platform arrives in May. ${tag}  `;

  it('editing before any reply answers 404', async () => {
    const res = await api('PUT', `/api/reviews/${reviewId}/reply`, { token: owner, body: { text: 'Edited' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.replyNotFound);
  });

  it('replies once (trimmed), shows the reply to everyone, and refuses a second POST with 409', async () => {
    const res = await api('POST', `/api/reviews/${reviewId}/reply`, { token: owner, body: { text: first } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reply).toMatchObject({ text: first.trim() });
    expect(res.body.reply.createdAt).toBe(res.body.reply.updatedAt);

    const list = await api('GET', `/api/hotels/${hotelId}/reviews`);
    expect(list.body.find((r: { id: string }) => r.id === reviewId).reply.text).toBe(first.trim());

    const again = await api('POST', `/api/reviews/${reviewId}/reply`, { token: owner, body: { text: 'Second thoughts' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.replyExists);
  });

  it('emails the reviewer once, with a link to the reply on the hotel page (the hotel\'s text itself stays on RepRoute)', async () => {
    const [email] = await expectEmailsExactly((e) => sentTo(reviewer.email)(e) && e.subject === `${hotelName} replied to your review`, 1, { what: 'reply email' });
    expect(email!.text).not.toContain(first.trim());
    expect(email!.text).toContain('You can read the response under your review');
    expect(email!.text).toContain(`/hotel/${hotelId}`);
    expect((await emailsTo(reviewer.email)).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('the owner edits the reply (PUT): the new text shows, the first date stays, and no second email is sent', async () => {
    const edited = await api('PUT', `/api/reviews/${reviewId}/reply`, { token: owner, body: { text: `Edited: see you in May. ${tag}` } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.reply.text).toBe(`Edited: see you in May. ${tag}`);
    expect(Date.parse(edited.body.reply.updatedAt)).toBeGreaterThan(Date.parse(edited.body.reply.createdAt));
    const list = await api('GET', `/api/hotels/${hotelId}/reviews`);
    expect(list.body.find((r: { id: string }) => r.id === reviewId).reply.text).toBe(`Edited: see you in May. ${tag}`);
    expect((await api('PUT', `/api/reviews/${reviewId}/reply`, { token: otherProvider, body: { text: 'Not mine' } })).status).toBe(404);
    await expectEmailsExactly((e) => sentTo(reviewer.email)(e) && e.subject === `${hotelName} replied to your review`, 1, { what: 'still one reply email' });
  }, 60_000);
});
