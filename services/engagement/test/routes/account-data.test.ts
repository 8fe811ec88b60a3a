import { beforeAll, describe, expect, it } from 'vitest';
import { engagementExport, myReview } from '@reproute/contracts';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import { formerAccountId } from '@reproute/platform';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, db, engagement, seededToken, uniqueEmail } from './support.ts';
import { formerAdmin, formerMember } from '../../src/store/account-data.ts';

/**
 * An account's part in engagement: the owner's reviews with their state, the export of everything kept, and
 * the erasure when the account is deleted (idempotent: a replay or a second request changes nothing more).
 */
const [approvedHotel, pendingHotel, rejectedHotel] = [611, 612, 613];
let traveller: TestUser;
let provider: TestUser;
let admin: TestUser;
const reviewIds: Record<'approved' | 'pending' | 'rejected', string> = { approved: '', pending: '', rejected: '' };

async function review(token: string, hotelId: number, title: string): Promise<string> {
  const res = await api('POST', '/api/reviews', {
    token,
    body: { hotelId, title, content: 'Two racks, a deadlift platform and dumbbells to 40 kg.', rating: 4, gymRating: 5, travelType: 'fitness', stayDate: '2026-08' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  const sut = await engagement();
  provider = await sut.asProvider({ email: uniqueEmail('owner') });
  admin = await sut.asAdmin({ email: uniqueEmail('moderator') });
  traveller = await sut.asTraveller({ email: uniqueEmail('leaving'), firstName: 'Lena', lastName: 'Leaving' });
  for (const hotelId of [approvedHotel, pendingHotel, rejectedHotel]) {
    await sut.bus.publishEvent('hotel.created', testHotel(hotelId, { providerId: provider.id, providerEmail: provider.email }), { key: hotelId });
  }
  await sut.bus.publishEvent('user.registered', { userId: traveller.id, email: traveller.email, firstName: 'Lena', lastName: 'Leaving' }, { key: traveller.id });
  await sut.settled();
  expect((await api('POST', '/api/favorites', { token: traveller.token, body: { hotelId: approvedHotel } })).status).toBe(201);
  reviewIds.approved = await review(traveller.token, approvedHotel, 'Great racks');
  reviewIds.pending = await review(traveller.token, pendingHotel, 'Still waiting');
  reviewIds.rejected = await review(traveller.token, rejectedHotel, 'Turned down');
  expect((await api('PUT', `/api/reviews/${reviewIds.approved}/approve`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
  expect((await api('PUT', `/api/reviews/${reviewIds.rejected}/approve`, { token: admin.token, body: { isApproved: false, reason: 'Not about the gym.' } })).status).toBe(200);
  expect((await api('POST', `/api/reviews/${reviewIds.approved}/reply`, { token: provider.token, body: { text: 'Thank you, Lena!' } })).status).toBe(201);
  const contact = await api('POST', '/api/contact', { token: traveller.token, body: { name: 'Lena Leaving', email: traveller.email, subject: 'Hello', message: 'A question about racks.' } });
  expect(contact.status).toBe(201);
  await sut.events();
});

describe('GET /api/reviews/mine', () => {
  it('answers the caller\'s reviews, newest first, each with its state and the moderator\'s reason', async () => {
    const res = await api('GET', '/api/reviews/mine', { token: traveller.token });
    expect(res.status).toBe(200);
    const mine = res.body.map((r: unknown) => myReview.parse(r));
    expect(mine.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [reviewIds.rejected, 'rejected'],
      [reviewIds.pending, 'pending'],
      [reviewIds.approved, 'approved'],
    ]);
    expect(mine[0]).toMatchObject({ rejectionReason: 'Not about the gym.', hotelName: `Test Hotel ${rejectedHotel}` });
    expect(mine[2].reply).toMatchObject({ text: 'Thank you, Lena!' });
    expect((await api('GET', '/api/reviews/mine', { token: (await engagement().then((s) => s.asTraveller())).token })).body).toEqual([]);
    expect((await api('GET', '/api/reviews/mine')).status).toBe(401);
  });
});

describe('GET /api/engagement/me/export', () => {
  it('answers every kind of thing engagement keeps about the caller', async () => {
    const res = await api('GET', '/api/engagement/me/export', { token: traveller.token });
    expect(res.status).toBe(200);
    const part = engagementExport.parse(res.body);
    expect(part.favorites).toEqual([expect.objectContaining({ hotelId: approvedHotel, hotelName: `Test Hotel ${approvedHotel}` })]);
    expect(part.reviews.map((r) => r.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    expect(part.contactMessages).toEqual([expect.objectContaining({ email: traveller.email, message: 'A question about racks.' })]);
    expect(part.registeredAt).not.toBeNull();
    const providerPart = engagementExport.parse((await api('GET', '/api/engagement/me/export', { token: provider.token })).body);
    expect(providerPart.repliesWritten).toEqual([expect.objectContaining({ reviewId: reviewIds.approved, text: 'Thank you, Lena!' })]);
    const adminPart = engagementExport.parse((await api('GET', '/api/engagement/me/export', { token: admin.token })).body);
    expect(adminPart.reviewDecisions.map((d) => d.action).sort()).toEqual(['approved', 'rejected']);
  });
});

/** Every row of engagement's tables that still holds one of `needles`, as table: row text. */
async function mentions(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of ['favorites', 'reviews', 'contact_messages', 'reviewer_accounts', 'review_audit', 'hotels', 'outbox']) {
    const { rows } = await db.query(`SELECT t::text AS row FROM ${table} t`);
    for (const { row } of rows) if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase()))) found.push(`${table}: ${row}`);
  }
  return found;
}

describe('erasing a deleted account', () => {
  it('removes or anonymises the traveller\'s part, reports once, and a replay or a second request changes nothing more', async () => {
    const sut = await engagement();
    const request = envelope('user.deletion-requested', { userId: traveller.id, emails: [traveller.email], isProvider: false, requestedAt: new Date().toISOString() });
    await sut.bus.publishEnvelope(request, traveller.id);
    const reports = await reportsFor(traveller.id);
    expect(reports.map((e) => e.data)).toEqual([{ userId: traveller.id, service: 'engagement' }]);

    // Nothing names the account but its report, which is sent and forgotten with the other sent rows.
    expect((await mentions([traveller.id, traveller.email, 'Leaving'])).filter((m) => !m.includes('user.data-erased'))).toEqual([]);
    const { rows: left } = await db.query('SELECT id, is_approved, reviewer_first_name, reviewer_email, user_id, reply_text FROM reviews WHERE id = ANY($1)', [Object.values(reviewIds)]);
    expect(left).toEqual([{ id: reviewIds.approved, is_approved: true, reviewer_first_name: formerMember, reviewer_email: null, user_id: expect.any(String), reply_text: 'Thank you, Lena!' }]);
    const shown = (await api('GET', `/api/hotels/${approvedHotel}/reviews`)).body;
    expect(shown).toEqual([expect.objectContaining({ id: reviewIds.approved, reviewer: { firstName: formerMember, lastInitial: null } })]);
    const { rows: audit } = await db.query('SELECT reviewer_name FROM review_audit WHERE review_id = ANY($1)', [Object.values(reviewIds)]);
    expect(audit.map((a: { reviewer_name: string }) => a.reviewer_name)).toEqual([formerMember, formerMember]);

    const before = await snapshot();
    await sut.bus.publishEnvelope(request, traveller.id); // Kafka delivering it again
    expect(await reportsFor(traveller.id)).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
    // identity asking again (a new event): nothing left to erase, a report again.
    await sut.bus.publishEvent('user.deletion-requested', request.data, { key: traveller.id });
    expect(await reportsFor(traveller.id)).toHaveLength(2);
    expect(await snapshot()).toEqual(before);
    // The user.registered of the account, if Kafka delivers it again, comes before its deletion on the same partition: the order holds.
    expect((await db.query('SELECT 1 FROM reviewer_accounts WHERE user_id = $1', [traveller.id])).rows).toEqual([]);
  });

  it('keeps a provider\'s replies as the hotel\'s answer and an admin\'s decisions as "Former admin"', async () => {
    const sut = await engagement();
    for (const who of [provider, admin]) {
      await sut.bus.publishEvent('user.deletion-requested', { userId: who.id, emails: [who.email], isProvider: who === provider, requestedAt: new Date().toISOString() }, { key: who.id });
    }
    expect(await reportsFor(provider.id)).toHaveLength(1);
    expect(await reportsFor(admin.id)).toHaveLength(1);
    expect((await mentions([provider.id, provider.email, admin.id, admin.email])).filter((m) => !m.includes('user.data-erased'))).toEqual([]);
    const { rows } = await db.query('SELECT reply_text, reply_by, moderated_by, moderator_email FROM reviews WHERE id = $1', [reviewIds.approved]);
    expect(rows[0]).toEqual({ reply_text: 'Thank you, Lena!', reply_by: null, moderated_by: null, moderator_email: null });
    const { rows: audit } = await db.query('SELECT DISTINCT actor_id, actor_email FROM review_audit WHERE review_id = ANY($1)', [Object.values(reviewIds)]);
    expect(audit).toEqual([{ actor_id: formerAccountId, actor_email: formerAdmin }]);
    // The seeded provider's hotels keep their owner.
    await seededToken('provider');
    expect((await db.query('SELECT provider_id FROM hotels WHERE id = 3')).rows[0].provider_id).not.toBeNull();
  });
});

/** The erasure reports engagement published for an account, once its consumers and relay are done. */
async function reportsFor(userId: string) {
  const sut = await engagement();
  await sut.settled();
  return (await sut.events('user.data-erased')).filter((e) => e.data.userId === userId);
}

async function snapshot() {
  const tables = ['favorites', 'reviews', 'contact_messages', 'reviewer_accounts', 'review_audit', 'hotels'];
  return Promise.all(tables.map(async (t) => (await db.query(`SELECT t::text AS row FROM ${t} t ORDER BY 1`)).rows));
}
