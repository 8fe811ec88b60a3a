import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi } from './client';

export interface ReviewsInboxFilters {
  unanswered: boolean;
  rating: number | null;
  hotelId: number | null;
  page: number;
}

/** The organisation's reviews inbox under the filters. */
export function useProviderReviews(filters: ReviewsInboxFilters) {
  return useQuery({
    ...apiQuery('GET /api/provider/reviews', {
      query: {
        unanswered: filters.unanswered ? 'true' : undefined,
        rating: filters.rating ?? undefined,
        hotelId: filters.hotelId ?? undefined,
        page: filters.page > 1 ? filters.page : undefined,
      },
    }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A reply from the inbox (the first one; the reviewer is emailed); the inbox refetches after. */
export function useReplyFromInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => callApi('POST /api/reviews/:id/reply', { params: { id }, body: { text } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/provider/reviews').slice(0, 1) }),
  });
}
