import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHotelCreate, AdminHotelUpdate, Hotel, HotelApprovalRequest, HotelRevision } from '@reproute/contracts';
import { apiRequest } from './request';

export const adminHotelsKey = ['/api/hotels', 'all'] as const;
export const pendingHotelsKey = ['/api/admin/hotels/pending'] as const;
export const hotelRevisionsKey = ['/api/admin/hotels/revisions'] as const;

/** Every hotel, pending and rejected ones included (admins only). */
export function useAdminHotels(enabled = true) {
  return useQuery({
    queryKey: adminHotelsKey,
    queryFn: ({ signal }) => apiRequest<Hotel[]>('GET', '/api/hotels?all=true', undefined, { signal }),
    staleTime: 0,
    enabled,
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
