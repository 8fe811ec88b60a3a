import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingReview, ReviewAnswer, ReviewReplyRequest, ReviewRequest } from '@reproute/contracts';
import { apiRequest } from './request';

export const pendingReviewsKey = ['/api/reviews', 'pending'] as const;

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

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isApproved }: { reviewId: string; isApproved: boolean }) =>
      apiRequest<ReviewAnswer>('PUT', `/api/reviews/${reviewId}/approve`, { isApproved }),
    onSuccess: async (review) => {
      await queryClient.invalidateQueries({ queryKey: pendingReviewsKey });
      // The hotel's rating and review list change once a review is approved.
      await queryClient.invalidateQueries({ queryKey: ['/api/hotels', review?.hotelId] });
      await queryClient.invalidateQueries({ queryKey: ['hotels'] });
    },
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
