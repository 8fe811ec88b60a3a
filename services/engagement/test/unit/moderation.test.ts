import { describe, expect, it } from 'vitest';
import { adminReviewListQuery, bulkModerationRequest, messages, moderationRequest } from '@reproute/contracts';
import { newReview, reviewerName, toAdminReview } from '../../src/domain/reviews.ts';

const id = '4a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f';
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error!.issues[0]!.message);

describe('moderation rules', () => {
  it('the list query takes blank values as absent and keeps the defaults', () => {
    expect(adminReviewListQuery.parse({ status: '', rating: '', q: '  ', from: '', sort: '' })).toEqual({ status: 'pending', sort: 'oldest', page: 1, pageSize: 25 });
    expect(adminReviewListQuery.parse({ status: 'all', rating: '5', q: ' rack ', from: '2026-11-01', to: '2026-11-01', hotelId: '7', sort: 'rating-high', page: '2', pageSize: '50' })).toEqual({
      status: 'all', rating: 5, q: 'rack', from: '2026-11-01', to: '2026-11-01', hotelId: 7, sort: 'rating-high', page: 2, pageSize: 50,
    });
  });

  it.each([
    [{ rating: '0' }, messages.adminReviewRatingInvalid],
    [{ rating: '4.5' }, messages.adminReviewRatingInvalid],
    [{ from: '2026-1-01' }, messages.adminReviewDateInvalid],
    [{ to: '2026-13-01' }, messages.adminReviewDateInvalid],
    [{ from: '2026-11-02', to: '2026-11-01' }, messages.adminReviewDateRangeInvalid],
    [{ status: 'maybe' }, messages.adminReviewStatusInvalid],
    [{ sort: 'rating' }, messages.adminReviewSortInvalid],
  ])('the list query refuses %o', (query, message) => {
    expect(firstIssue(adminReviewListQuery.safeParse(query))).toBe(message);
  });

  it('a bulk rejection needs a reason, an approval does not; reasons are trimmed', () => {
    expect(bulkModerationRequest.parse({ reviewIds: [id], decision: 'approve' })).toEqual({ reviewIds: [id], decision: 'approve' });
    expect(firstIssue(bulkModerationRequest.safeParse({ reviewIds: [id], decision: 'reject' }))).toBe(messages.rejectReasonRequired);
    expect(bulkModerationRequest.parse({ reviewIds: [id], decision: 'reject', reason: '  Spam. ' }).reason).toBe('Spam.');
    expect(firstIssue(bulkModerationRequest.safeParse({ reviewIds: [id, id.toUpperCase()], decision: 'approve' }))).toBe(messages.bulkReviewIdsDuplicate);
    // The spec's single decision keeps working without a reason.
    expect(moderationRequest.parse({ isApproved: false })).toEqual({ isApproved: false });
    expect(firstIssue(moderationRequest.safeParse({ isApproved: false, reason: ' ' }))).toBe(messages.rejectReasonRequired);
  });

  it("the moderator's view carries the stay's facts, the decision and the reviewer's account", () => {
    const review = newReview(
      id,
      { hotelId: 3, title: 'Great racks', content: 'Two racks and heavy bells in a quiet room.', rating: 4, gymRating: 5, travelType: 'business', roomType: 'King', stayDate: '2026-09', pros: ['racks'], cons: ['busy'], tags: [] },
      { id: '9a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f', email: 'rhea@example.com', firstName: 'Rhea', lastName: 'Tester' },
      new Date('2026-11-20T10:00:00Z'),
    );
    const decided = { ...review, isApproved: false, rejectionReason: 'Spam.', moderatedAt: '2026-11-21T10:00:00.000Z', moderatorEmail: 'admin@reproute.example' };
    expect(toAdminReview(decided, 'Iron Palace', { registeredAt: '2026-01-01T00:00:00.000Z', reviewCount: 2 })).toMatchObject({
      id, hotelName: 'Iron Palace', travelType: 'business', roomType: 'King', stayDate: '2026-09', pros: ['racks'], cons: ['busy'],
      user: { id: '9a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f', firstName: 'Rhea', lastName: 'Tester', email: 'rhea@example.com', registeredAt: '2026-01-01T00:00:00.000Z', reviewCount: 2 },
      isApproved: false, rejectionReason: 'Spam.', moderatedAt: '2026-11-21T10:00:00.000Z', moderatedBy: 'admin@reproute.example',
    });
    expect(reviewerName(review)).toBe('Rhea Tester');
    expect(reviewerName({ reviewerFirstName: null, reviewerLastName: null })).toBeNull();
  });
});
