import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Hotel, LeadStatus, ProviderAnalytics, ProviderInsights, ProviderHotelCreate, ProviderHotelUpdate, ProviderLead, ProviderLeadsPage } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { ApiError, apiRequest } from './request';

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

/** The lead inbox's filters and page as they appear in the URL and the API's query string. */
export interface LeadInboxQuery {
  hotelId?: number | null;
  status?: LeadStatus | null;
  from?: string | null;
  to?: string | null;
  page?: number;
  limit?: number;
}

/** The API query string for the filters (and page, when given); empty values are left out. */
export function leadQueryString(query: LeadInboxQuery): string {
  const params = new URLSearchParams();
  if (query.hotelId) params.set('hotelId', String(query.hotelId));
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the leads of the provider's hotels under the filters, newest first, with the total. */
export function useProviderLeads(query: LeadInboxQuery = {}) {
  const search = leadQueryString(query);
  return useQuery({
    queryKey: [...providerLeadsKey, search],
    queryFn: ({ signal }) => apiRequest<ProviderLeadsPage>('GET', `/api/provider/leads${search}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Sets a lead's status at once in every cached page (optimistic), puts the old status back when
 * the server refuses, and refetches afterwards so status filters stay true.
 */
export function useSetLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) => apiRequest<ProviderLead>('PATCH', `/api/provider/leads/${id}`, { status }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: providerLeadsKey });
      const before = queryClient.getQueriesData<ProviderLeadsPage>({ queryKey: providerLeadsKey });
      queryClient.setQueriesData<ProviderLeadsPage>({ queryKey: providerLeadsKey }, (page) =>
        page ? { ...page, items: page.items.map((lead) => (lead.id === id ? { ...lead, status } : lead)) } : page,
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    // Not awaited: the caller hears of success or failure without waiting for the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: providerLeadsKey });
    },
  });
}

/**
 * Downloads the CSV export for the filters. The API needs the bearer token, so a plain link cannot
 * fetch it: the file is fetched with the token and saved from a blob under the server's file name.
 */
export async function downloadLeadsCsv(query: LeadInboxQuery): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api/provider/leads.csv${leadQueryString({ ...query, page: undefined, limit: undefined })}`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'reproute-leads.csv';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export type AnalyticsRange = 7 | 30 | 90;

/** The analytics call's query string: no parameters means every listing over 30 days. */
export function providerAnalyticsPath({ range, hotelId }: { range?: AnalyticsRange; hotelId?: number } = {}): string {
  const params = new URLSearchParams();
  if (range) params.set('range', String(range));
  if (hotelId) params.set('hotelId', String(hotelId));
  const query = params.toString();
  return query ? `/api/provider/analytics?${query}` : '/api/provider/analytics';
}

/** Per-listing and daily page views, referral clicks and leads from the analytics service (30 days unless `range` says otherwise; one listing with `hotelId`). */
export function useProviderAnalytics(query: { range?: AnalyticsRange; hotelId?: number } = {}) {
  return useQuery({
    queryKey: [...providerAnalyticsKey, query.range ?? 30, query.hotelId ?? null],
    queryFn: ({ signal }) => apiRequest<ProviderAnalytics>('GET', providerAnalyticsPath(query), undefined, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Demand data: what travellers searched for in the provider's cities over the last 30 days. */
export function useProviderInsights() {
  return useQuery({
    queryKey: ['/api/provider/insights'],
    queryFn: ({ signal }) => apiRequest<ProviderInsights>('GET', '/api/provider/insights', undefined, { signal }),
    staleTime: 60_000,
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
