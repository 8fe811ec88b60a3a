import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, endpointReads, nextPageOf, queryFromSearch, type ApiBody } from './client';
import { hotelReads } from './hotelReads';

/** Every cached admin read of hotels: the table, its cards, the audit log, and the listings and changes awaiting review. */
export const adminHotelReads = endpointReads(
  'GET /api/admin/hotels',
  'GET /api/admin/hotels/stats',
  'GET /api/admin/hotels/audit',
  'GET /api/admin/hotels/pending',
  'GET /api/admin/hotels/revisions',
);

/** One page of every hotel (any status), filtered and sorted by the catalog (admins only; `query`: its URL query string). */
export function useAdminHotelPage(query: string) {
  return useQuery({
    ...apiQuery('GET /api/admin/hotels', { query: queryFromSearch(query) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The dashboard cards: every hotel, the premium ones and their clicks. */
export function useAdminHotelStats() {
  return useQuery({ ...apiQuery('GET /api/admin/hotels/stats'), staleTime: 0 });
}

/** Listings the review queue shows at a time ("Show more listings" asks for the next ones). */
export const PENDING_PAGE_SIZE = 20;

/** A page of the review queue: pending listings, oldest first, `q` matching the name, city or country. */
function pendingQuery(q: string, page: number) {
  const search = new URLSearchParams({ status: 'pending', sort: 'created', pageSize: String(PENDING_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (page > 1) search.set('page', String(page));
  return queryFromSearch(search);
}

/**
 * Provider listings awaiting review (ruling 5), oldest first, a page at a time from the admin hotel
 * table's endpoint (an index walk, and the count from the per-status totals). The whole queue is never
 * read: at a million hotels it held 49,793 listings, 109 MB of answer and 9 s.
 */
export function usePendingHotelPages(q: string) {
  return useInfiniteQuery({
    queryKey: [...apiQueryKey('GET /api/admin/hotels', { query: pendingQuery(q, 1) }), 'pages'],
    queryFn: ({ signal, pageParam }) => callApi('GET /api/admin/hotels', { query: pendingQuery(q, pageParam) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many listings await review (the tab's count), from the per-status totals: one listing is read. */
export function usePendingHotelCount() {
  return useQuery({
    ...apiQuery('GET /api/admin/hotels', { query: { status: 'pending', pageSize: '1' } }),
    select: (answer) => answer.total,
    staleTime: 0,
  });
}

/** Providers' changes to approved listings awaiting review, oldest first. */
export function useHotelRevisions(enabled = true) {
  return useQuery({ ...apiQuery('GET /api/admin/hotels/revisions'), staleTime: 0, enabled });
}

/** After an admin's change to a hotel: the admin lists, the cities' live hotel counts, and the public lists and searches. */
function useRefreshHotels() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries(adminHotelReads);
    await queryClient.invalidateQueries(endpointReads('GET /api/cities'));
    await queryClient.invalidateQueries(hotelReads);
  };
}

export function useCreateHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/hotels'>) => callApi('POST /api/hotels', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApiBody<'PUT /api/hotels/:id'> }) => callApi('PUT /api/hotels/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: (id: number) => callApi('DELETE /api/hotels/:id', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useHotelApproval() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ApiBody<'PUT /api/hotels/:id/approval'> }) =>
      callApi('PUT /api/hotels/:id/approval', { params: { id }, body: decision }),
    onSuccess: refresh,
  });
}

/** Approve (apply) or reject, with the reason the provider is emailed, a listing's changes awaiting review. */
export function useRevisionDecision() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, isApproved, reason }: { id: number; isApproved: boolean; reason?: string }) =>
      callApi('PUT /api/admin/hotels/:id/revision', { params: { id }, body: { isApproved, reason } }),
    onSuccess: refresh,
  });
}

/** Merges a duplicate city into the one kept; the cities, the admin lists and public hotel reads follow. */
export function useMergeCities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/cities/merge'>) => callApi('POST /api/cities/merge', { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries(endpointReads('GET /api/cities'));
      await queryClient.invalidateQueries(adminHotelReads);
      await queryClient.invalidateQueries(hotelReads);
    },
  });
}

/** One page of the admin audit log, newest first. */
export function useAdminAudit(page: number, pageSize: number) {
  return useQuery({
    ...apiQuery('GET /api/admin/hotels/audit', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
