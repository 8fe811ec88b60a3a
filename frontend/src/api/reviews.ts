import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminReviewPage, BulkModerationAnswer, BulkModerationRequest, PendingReview, ReviewAnswer, ReviewAuditAnswer, ReviewReplyRequest, ReviewRequest } from '@reproute/contracts';
import { apiRequest } from './request';

export const pendingReviewsKey = ['/api/reviews', 'pending'] as const;
export const adminReviewsKey = ['/api/admin/reviews'] as const;

/** Approved reviews of one hotel, newest first (anyone may read them). */
export function useApprovedReviews(hotelId: number | undefined) {
  return useQuery({
    queryKey: ['/api/hotels', hotelId, 'reviews'],
    queryFn: ({ signal }) => apiRequest<ReviewAnswer[]>('GET', `/api/hotels/${hotelId}/reviews`, undefined, { signal }),
    enabled: hotelId !== undefined,
  });
}

/** The admin moderation list: one call, hotel name and reviewer's name included (ruling 6). */
export function usePendingReviews(enabled = true) {
  return useQuery({
    queryKey: pendingReviewsKey,
    queryFn: ({ signal }) => apiRequest<PendingReview[]>('GET', '/api/reviews?status=pending', undefined, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** After a decision: the queue, its count, the audit log, and the hotel pages whose ratings move. */
async function refreshAfterDecision(queryClient: QueryClient, hotelIds: number[]) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingReviewsKey }),
    queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/reviews/audit'] }),
    ...[...new Set(hotelIds)].map((hotelId) => queryClient.invalidateQueries({ queryKey: ['/api/hotels', hotelId] })),
    queryClient.invalidateQueries({ queryKey: ['hotels'] }),
  ]);
}

/** One review's decision (the spec's PUT); a rejection carries the moderator's reason, which is emailed. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isApproved, reason }: { reviewId: string; isApproved: boolean; reason?: string }) =>
      apiRequest<ReviewAnswer>('PUT', `/api/reviews/${reviewId}/approve`, reason === undefined ? { isApproved } : { isApproved, reason }),
    onSuccess: async (review) => refreshAfterDecision(queryClient, review ? [review.hotelId] : []),
  });
}

/** One decision on many reviews at once, all or nothing. */
export function useBulkModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkModerationRequest) => apiRequest<BulkModerationAnswer>('POST', '/api/admin/reviews/bulk', body),
    onSuccess: async (answer) => refreshAfterDecision(queryClient, answer?.reviews.map((r) => r.hotelId) ?? []),
  });
}

/** One page of the moderation list, filtered, sorted and paged by engagement. */
export function useAdminReviews(query: string) {
  return useQuery({
    queryKey: [...adminReviewsKey, query],
    queryFn: ({ signal }) => apiRequest<AdminReviewPage>('GET', `/api/admin/reviews?${query}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Who approved or rejected which review, newest first. */
export function useReviewAudit(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: ['/api/admin/reviews/audit', page, pageSize],
    queryFn: ({ signal }) => apiRequest<ReviewAuditAnswer>('GET', `/api/admin/reviews/audit?page=${page}&pageSize=${pageSize}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useSubmitReview() {
  return useMutation({
    mutationFn: (body: ReviewRequest) => apiRequest<ReviewAnswer>('POST', '/api/reviews', body),
  });
}

/** The owning provider's reply: POST writes the first one, PUT edits it; the hotel's review list follows. */
export function useReplyToReview(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text, edit }: ReviewReplyRequest & { reviewId: string; edit: boolean }) =>
      apiRequest<ReviewAnswer>(edit ? 'PUT' : 'POST', `/api/reviews/${reviewId}/reply`, { text }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/hotels', hotelId, 'reviews'] });
    },
  });
}
