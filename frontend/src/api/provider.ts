import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, type LeadStatus } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { apiQuery, apiQueryKey, callApi, type ApiBody, type ApiQueryArg } from './client';
import { hotelReads } from './hotelReads';
import { ApiError } from './request';
import type { ProviderLeadsPage } from './types';

/** The signed-in provider's own listings (pending ones included), cached under this key. */
export const providerHotelsKey = apiQueryKey('GET /api/provider/hotels');
/** Every cached page of the lead inbox, whatever its filters. */
const providerLeadsKey = apiQueryKey('GET /api/provider/leads').slice(0, 1);

/** The signed-in provider's own listings, pending ones included. */
export function useProviderHotels() {
  return useQuery({ ...apiQuery('GET /api/provider/hotels'), staleTime: 0 });
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

/** The API query for the filters (and page, when given); empty values are left out. */
export function leadQuery(query: LeadInboxQuery): ApiQueryArg<'GET /api/provider/leads'> {
  return {
    hotelId: query.hotelId || undefined,
    status: query.status || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    page: query.page && query.page > 1 ? query.page : undefined,
    limit: query.limit || undefined,
  };
}

/** One page of the leads of the provider's hotels under the filters, newest first, with the total. */
export function useProviderLeads(query: LeadInboxQuery = {}) {
  return useQuery({
    ...apiQuery('GET /api/provider/leads', { query: leadQuery(query) }),
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
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) => callApi('PATCH /api/provider/leads/:id', { params: { id }, body: { status } }),
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
  const { page: _page, limit: _limit, ...filters } = leadQuery(query);
  const response = await fetch(apiUrl('GET /api/provider/leads.csv', { query: filters }), {
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

/** Per-listing and daily page views, referral clicks and leads from the analytics service (30 days unless `range` says otherwise; one listing with `hotelId`). */
export function useProviderAnalytics(query: { range?: AnalyticsRange; hotelId?: number } = {}) {
  return useQuery({
    // No parameters means every listing over 30 days.
    ...apiQuery('GET /api/provider/analytics', { query: { range: query.range, hotelId: query.hotelId || undefined } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Demand data: what travellers searched for in the provider's cities over the last 30 days. */
export function useProviderInsights() {
  return useQuery({
    ...apiQuery('GET /api/provider/insights'),
    staleTime: 60_000,
  });
}

/** After a change to an own listing: the listings; with `publicToo`, the public hotel reads that may show it. */
function useRefreshListings(publicToo: boolean) {
  const queryClient = useQueryClient();
  return async () => {
    if (publicToo) await queryClient.invalidateQueries(hotelReads);
    await queryClient.invalidateQueries({ queryKey: providerHotelsKey });
  };
}

export function useCreateProviderHotel() {
  // A new listing waits for review: no public read shows it yet.
  const refresh = useRefreshListings(false);
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/provider/hotels'>) => callApi('POST /api/provider/hotels', { body }),
    onSuccess: refresh,
  });
}

export function useUpdateProviderHotel() {
  const refresh = useRefreshListings(true);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApiBody<'PUT /api/provider/hotels/:id'> }) => callApi('PUT /api/provider/hotels/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** Drops a listing's rejected change: the live listing stays as it is. */
export function useDiscardRejectedChange() {
  const refresh = useRefreshListings(false);
  return useMutation({
    mutationFn: (id: number) => callApi('DELETE /api/provider/hotels/:id/revision', { params: { id } }),
    onSuccess: refresh,
  });
}

export function useDeleteProviderHotel() {
  const refresh = useRefreshListings(true);
  return useMutation({
    mutationFn: (id: number) => callApi('DELETE /api/provider/hotels/:id', { params: { id } }),
    onSuccess: refresh,
  });
}
