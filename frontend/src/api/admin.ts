import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuditAnswer, AdminHotelCreate, AdminHotelListAnswer, AdminHotelStats, AdminHotelUpdate, Hotel, HotelApprovalRequest, HotelRevision } from '@reproute/contracts';
import { apiRequest } from './request';

export const adminHotelsKey = ['/api/admin/hotels'] as const;
export const adminHotelStatsKey = ['/api/admin/hotels/stats'] as const;
export const pendingHotelsKey = ['/api/admin/hotels/pending'] as const;
export const hotelRevisionsKey = ['/api/admin/hotels/revisions'] as const;

/** One page of every hotel (any status), filtered and sorted by the catalog (admins only). */
export function useAdminHotelPage(query: string) {
  return useQuery({
    queryKey: [...adminHotelsKey, query],
    queryFn: ({ signal }) => apiRequest<AdminHotelListAnswer>('GET', `/api/admin/hotels?${query}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The dashboard cards: every hotel, the premium ones and their clicks. */
export function useAdminHotelStats() {
  return useQuery({
    queryKey: adminHotelStatsKey,
    queryFn: ({ signal }) => apiRequest<AdminHotelStats>('GET', '/api/admin/hotels/stats', undefined, { signal }),
    staleTime: 0,
  });
}

/** Provider listings awaiting review (ruling 5). */
export function usePendingHotels(enabled = true) {
  return useQuery({
    queryKey: pendingHotelsKey,
    queryFn: ({ signal }) => apiRequest<Hotel[]>('GET', '/api/admin/hotels/pending', undefined, { signal }),
    staleTime: 0,
    enabled,
  });
}

/** Providers' changes to approved listings awaiting review, oldest first. */
export function useHotelRevisions(enabled = true) {
  return useQuery({
    queryKey: hotelRevisionsKey,
    queryFn: ({ signal }) => apiRequest<HotelRevision[]>('GET', '/api/admin/hotels/revisions', undefined, { signal }),
    staleTime: 0,
    enabled,
  });
}

function useRefreshHotels() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: adminHotelsKey });
    await queryClient.invalidateQueries({ queryKey: adminHotelStatsKey });
    await queryClient.invalidateQueries({ queryKey: ['/api/admin/hotels/audit'] });
    await queryClient.invalidateQueries({ queryKey: pendingHotelsKey });
    await queryClient.invalidateQueries({ queryKey: hotelRevisionsKey });
    // Public lists and searches change with any admin edit.
    await queryClient.invalidateQueries({ queryKey: ['hotels'] });
    await queryClient.invalidateQueries({ queryKey: ['/api/hotels'], exact: true });
  };
}

export function useCreateHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: (body: AdminHotelCreate) => apiRequest<Hotel>('POST', '/api/hotels', body),
    onSuccess: refresh,
  });
}

export function useUpdateHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminHotelUpdate }) => apiRequest<Hotel>('PUT', `/api/hotels/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteHotel() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/hotels/${id}`),
    onSuccess: refresh,
  });
}

export function useHotelApproval() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: HotelApprovalRequest }) => apiRequest<Hotel>('PUT', `/api/hotels/${id}/approval`, decision),
    onSuccess: refresh,
  });
}

/** Approve (apply) or reject a listing's changes awaiting review. */
export function useRevisionDecision() {
  const refresh = useRefreshHotels();
  return useMutation({
    mutationFn: ({ id, isApproved }: { id: number; isApproved: boolean }) => apiRequest<Hotel>('PUT', `/api/admin/hotels/${id}/revision`, { isApproved }),
    onSuccess: refresh,
  });
}

export const adminAuditKey = ['/api/admin/hotels/audit'] as const;

/** One page of the admin audit log, newest first. */
export function useAdminAudit(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...adminAuditKey, page, pageSize],
    queryFn: ({ signal }) => apiRequest<AdminAuditAnswer>('GET', `/api/admin/hotels/audit?page=${page}&pageSize=${pageSize}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
