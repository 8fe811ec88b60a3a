import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, db, engagement } from './support.ts';

/** Until an account's email address is verified, its reviews are not published: engagement refuses them (ruling 17). */
const review = (hotelId: number) => ({
  hotelId,
  title: 'Proper lifting gym',
  content: 'Two squat racks, dumbbells to 50 kg and a rower that works. Open at 5am.',
  rating: 5,
  gymRating: 4,
  travelType: 'fitness',
  stayDate: '2026-09',
});

describe('POST /api/reviews from an account whose email is not verified', () => {
  it('answers 403 with a message that says how to verify, and stores and announces nothing', async () => {
    const sut = await engagement();
    const unverified = await sut.asTraveller({ firstName: 'Una', lastName: 'Unverified', emailVerified: false });
    const res = await api('POST', '/api/reviews', { token: unverified.token, body: review(2) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.reviewNeedsVerifiedEmail);
    expect(res.body.message).toMatch(/verify your email address/);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM reviews WHERE user_id = $1', [unverified.id]);
    expect(rows[0].n).toBe(0);
    const submitted = (await sut.events('review.submitted')).filter((e) => e.data.userId === unverified.id);
    expect(submitted).toEqual([]);
  });

  it('takes the same review once the account holds a token that claims the verified address', async () => {
    const sut = await engagement();
    const before = await sut.asTraveller({ firstName: 'Vic', emailVerified: false });
    expect((await api('POST', '/api/reviews', { token: before.token, body: review(24) })).status).toBe(403);
    // The token issued after the link was opened: the same account, now claiming the address.
    const after = await sut.asTraveller({ id: before.id, email: before.email, firstName: 'Vic', emailVerified: true });
    const res = await api('POST', '/api/reviews', { token: after.token, body: review(24) });
    expect(res.status).toBe(201);
    expect(res.body.isApproved).toBeNull();
  });
});
