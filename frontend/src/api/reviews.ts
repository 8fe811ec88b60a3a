import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, endpointReads, queryFromSearch, type ApiBody } from './client';
import { hotelReads } from './hotelReads';

/** Approved reviews of one hotel, newest first (anyone may read them). */
export function useApprovedReviews(hotelId: number | undefined) {
  return useQuery({
    ...apiQuery('GET /api/hotels/:hotelId/reviews', { params: { hotelId: hotelId ?? 0 } }),
    enabled: hotelId !== undefined,
  });
}

/** The cached review lists of one hotel (any query). */
export const hotelReviewsKey = (hotelId: number) => apiQueryKey('GET /api/hotels/:hotelId/reviews', { params: { hotelId } }).slice(0, 2);

/** The admin moderation list: one call, hotel name and reviewer's name included (ruling 6). */
export function usePendingReviews(enabled = true) {
  return useQuery({
    ...apiQuery('GET /api/reviews', { query: { status: 'pending' } }),
    staleTime: 0,
    enabled,
  });
}

/** After a decision: the queue, its count, the audit log, and the hotel pages and lists whose ratings move. */
async function refreshAfterDecision(queryClient: QueryClient, hotelIds: number[]) {
  await Promise.all([
    queryClient.invalidateQueries(endpointReads('GET /api/reviews', 'GET /api/admin/reviews', 'GET /api/admin/reviews/audit')),
    ...[...new Set(hotelIds)].map((hotelId) => queryClient.invalidateQueries({ queryKey: hotelReviewsKey(hotelId) })),
    queryClient.invalidateQueries(hotelReads),
  ]);
}

/** One review's decision (the spec's PUT); a rejection carries the moderator's reason, which is emailed. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isApproved, reason }: { reviewId: string; isApproved: boolean; reason?: string }) =>
      callApi('PUT /api/reviews/:id/approve', { params: { id: reviewId }, body: reason === undefined ? { isApproved } : { isApproved, reason } }),
    onSuccess: async (review) => refreshAfterDecision(queryClient, review ? [review.hotelId] : []),
  });
}

/** One decision on many reviews at once, all or nothing. */
export function useBulkModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/admin/reviews/bulk'>) => callApi('POST /api/admin/reviews/bulk', { body }),
    onSuccess: async (answer) => refreshAfterDecision(queryClient, answer?.reviews.map((r) => r.hotelId) ?? []),
  });
}

/** One page of the moderation list, filtered, sorted and paged by engagement (`query`: its URL query string). */
export function useAdminReviews(query: string) {
  return useQuery({
    ...apiQuery('GET /api/admin/reviews', { query: queryFromSearch(query) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Who approved or rejected which review, newest first. */
export function useReviewAudit(page: number, pageSize: number, enabled = true) {
  return useQuery({
    ...apiQuery('GET /api/admin/reviews/audit', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useSubmitReview() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/reviews'>) => callApi('POST /api/reviews', { body }),
  });
}

/** The owning provider's reply: POST writes the first one, PUT edits it; the hotel's review list follows. */
export function useReplyToReview(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text, edit }: ApiBody<'POST /api/reviews/:id/reply'> & { reviewId: string; edit: boolean }) =>
      edit
        ? callApi('PUT /api/reviews/:id/reply', { params: { id: reviewId }, body: { text } })
        : callApi('POST /api/reviews/:id/reply', { params: { id: reviewId }, body: { text } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hotelReviewsKey(hotelId) });
    },
  });
}
