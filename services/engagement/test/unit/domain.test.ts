import { describe, expect, it } from 'vitest';
import { messages, reviewAnswer, pendingReview, reviewReplyRequest, reviewRequest } from '@reproute/contracts';
import { canEngageWith, type KnownHotel } from '../../src/domain/hotels.ts';
import { canReply, lastInitial, moderationOutcome, newReview, reviewEventData, toPendingReview, toReviewAnswer } from '../../src/domain/reviews.ts';

const traveller = { id: '00000000-0000-4000-8000-000000000003', roles: ['traveller' as const] };
const provider = { id: '00000000-0000-4000-8000-000000000002', roles: ['traveller' as const, 'provider' as const] };
const admin = { id: '00000000-0000-4000-8000-000000000001', roles: ['admin' as const] };
const approved: KnownHotel = { id: 1, name: 'One', providerId: provider.id, isApproved: true, deleted: false };
const pending: KnownHotel = { ...approved, id: 2, isApproved: false };

describe('canEngageWith', () => {
  it('allows approved hotels to everyone signed in', () => {
    expect(canEngageWith(approved, traveller)).toBe(true);
  });

  it('refuses unknown and deleted hotels to everyone', () => {
    expect(canEngageWith(undefined, admin)).toBe(false);
    expect(canEngageWith({ ...approved, deleted: true }, admin)).toBe(false);
  });

  it('shows a pending listing only to its provider and to admins, as the catalog does', () => {
    expect(canEngageWith(pending, traveller)).toBe(false);
    expect(canEngageWith(pending, provider)).toBe(true);
    expect(canEngageWith(pending, admin)).toBe(true);
    expect(canEngageWith({ ...pending, providerId: null }, traveller)).toBe(false);
  });
});

describe('reviews', () => {
  const input = reviewRequest.parse({
    hotelId: 1,
    title: '  Strong gym ',
    content: 'A proper squat rack and dumbbells to 50 kg.',
    rating: 4,
    gymRating: 5,
    travelType: 'business',
    stayDate: '2026-09',
    pros: ['rack'],
    cons: ['small'],
  });
  const user = { id: traveller.id, email: 'rhea@example.com', firstName: 'Rhea', lastName: 'van Stone' };
  const review = newReview('77777777-7777-4777-8777-777777777777', input, user, new Date('2026-10-01T10:00:00Z'));

  it('takes the last initial as one upper-case character', () => {
    expect(lastInitial('van Stone')).toBe('V');
    expect(lastInitial('  ')).toBeNull();
    expect(lastInitial(null)).toBeNull();
    expect(lastInitial('Øster')).toBe('Ø');
  });

  it('starts pending with the reviewer copied from the token', () => {
    expect(review).toMatchObject({ isApproved: null, userId: traveller.id, reviewerEmail: 'rhea@example.com', reviewerFirstName: 'Rhea', reviewerLastName: 'van Stone', title: 'Strong gym', roomType: null });
  });

  it('shows the public only the first name and last initial', () => {
    const answer = toReviewAnswer(review);
    expect(reviewAnswer.parse(answer)).toEqual(answer);
    expect(answer.reviewer).toEqual({ firstName: 'Rhea', lastInitial: 'V' });
    const json = JSON.stringify(answer);
    expect(json).not.toContain('rhea@example.com');
    expect(json).not.toContain('van Stone');
    expect(json).not.toContain(traveller.id);
  });

  it('shows admins the hotel name and the full name', () => {
    const row = toPendingReview(review, 'Hotel One');
    expect(pendingReview.parse(row)).toEqual(row);
    expect(row).toMatchObject({ hotelName: 'Hotel One', user: { firstName: 'Rhea', lastName: 'van Stone' }, rating: 4, gymRating: 5, title: 'Strong gym' });
    expect(row).not.toHaveProperty('reviewer');
  });

  it('applies a decision once, repeats harmlessly, and refuses a reversal', () => {
    expect(moderationOutcome(null, true)).toBe('apply');
    expect(moderationOutcome(null, false)).toBe('apply');
    expect(moderationOutcome(true, true)).toBe('unchanged');
    expect(moderationOutcome(false, false)).toBe('unchanged');
    expect(moderationOutcome(true, false)).toBe('conflict');
    expect(moderationOutcome(false, true)).toBe('conflict');
  });

  it('carries what the catalog and the notifier need in its events', () => {
    expect(reviewEventData(review, 'Hotel One')).toEqual({
      reviewId: review.id,
      hotelId: 1,
      hotelName: 'Hotel One',
      userId: traveller.id,
      reviewerEmail: 'rhea@example.com',
      reviewerFirstName: 'Rhea',
      rating: 4,
      gymRating: 5,
      title: 'Strong gym',
    });
  });
});

describe('review replies', () => {
  const live = { providerId: provider.id, deleted: false };
  it('only a member whose role allows reviews replies, and only to an approved review of a live hotel', () => {
    const owner = { organisationId: provider.id, grants: { '*': 'owner' as const } };
    expect(canReply({ isApproved: true, hotelId: 1 }, live, owner)).toBe(true);
    expect(canReply({ isApproved: true, hotelId: 1 }, live, { organisationId: traveller.id, grants: { '*': 'owner' } })).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, live, { organisationId: provider.id, grants: { '*': 'responder' } })).toBe(true);
    expect(canReply({ isApproved: true, hotelId: 1 }, live, { organisationId: provider.id, grants: { '*': 'manager' } })).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, live, { organisationId: provider.id, grants: { '*': 'viewer', '1': 'responder' } })).toBe(true);
    expect(canReply({ isApproved: true, hotelId: 2 }, live, { organisationId: provider.id, grants: { '*': 'viewer', '1': 'responder' } })).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, live, { organisationId: provider.id, grants: { '*': 'responder', '1': 'viewer' } })).toBe(false);
    expect(canReply({ isApproved: null, hotelId: 1 }, live, owner)).toBe(false);
    expect(canReply({ isApproved: false, hotelId: 1 }, live, owner)).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, { ...live, deleted: true }, owner)).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, { providerId: null, deleted: false }, owner)).toBe(false);
    expect(canReply({ isApproved: true, hotelId: 1 }, undefined, owner)).toBe(false);
  });

  it('a reply is 1 to 2000 characters once trimmed', () => {
    expect(reviewReplyRequest.parse({ text: '  Thank you!  ' })).toEqual({ text: 'Thank you!' });
    expect(reviewReplyRequest.safeParse({ text: 'x'.repeat(2000) }).success).toBe(true);
    const issue = (body: unknown) => reviewReplyRequest.safeParse(body).error?.issues[0]?.message;
    expect(issue({ text: '   ' })).toBe(messages.replyRequired);
    expect(issue({})).toBe(messages.replyRequired);
    expect(issue({ text: 'x'.repeat(2001) })).toBe(messages.replyMax);
  });
});
