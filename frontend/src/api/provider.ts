import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Hotel, ProviderAnalytics, ProviderHotelCreate, ProviderHotelUpdate, ProviderLead } from '@reproute/contracts';
import { apiRequest } from './request';

export const providerHotelsKey = ['/api/provider/hotels'] as const;
export const providerLeadsKey = ['/api/provider/leads'] as const;
export const providerAnalyticsKey = ['/api/provider/analytics'] as const;

/** The signed-in provider's own listings, pending ones included. */
export function useProviderHotels() {
  return useQuery({
    queryKey: providerHotelsKey,
    queryFn: ({ signal }) => apiRequest<Hotel[]>('GET', '/api/provider/hotels', undefined, { signal }),
    staleTime: 0,
  });
}

/** Leads for the provider's hotels, newest first. */
export function useProviderLeads() {
  return useQuery({
    queryKey: providerLeadsKey,
    queryFn: ({ signal }) => apiRequest<ProviderLead[]>('GET', '/api/provider/leads', undefined, { signal }),
    staleTime: 0,
  });
}

/** Per-listing page views, referral clicks and leads from the analytics service (last 30 days). */
export function useProviderAnalytics() {
  return useQuery({
    queryKey: providerAnalyticsKey,
    queryFn: ({ signal }) => apiRequest<ProviderAnalytics>('GET', '/api/provider/analytics', undefined, { signal }),
    staleTime: 0,
  });
}

function useRefreshListings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: providerHotelsKey });
}

export function useCreateProviderHotel() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (body: ProviderHotelCreate) => apiRequest<Hotel>('POST', '/api/provider/hotels', body),
    onSuccess: refresh,
  });
}

export function useUpdateProviderHotel() {
  const refresh = useRefreshListings();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProviderHotelUpdate }) => apiRequest<Hotel>('PUT', `/api/provider/hotels/${id}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['hotels'] });
      await refresh();
    },
  });
}

export function useDeleteProviderHotel() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/provider/hotels/${id}`),
    onSuccess: refresh,
  });
}
