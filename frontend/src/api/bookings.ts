import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { apiQuery, callApi } from './client';
import { ApiError } from './request';

/** Proof of value: the funnel, the month's statement, and reporting referred bookings (docs/decisions.md). */
export function useFunnel() {
  return useQuery({ ...apiQuery('GET /api/provider/funnel'), staleTime: 0 });
}

export function useStatement(month: string) {
  return useQuery({ ...apiQuery('GET /api/provider/statement', { query: { month } }), staleTime: 0 });
}

export function useBookingActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['GET /api/provider/funnel'] });
    void queryClient.invalidateQueries({ queryKey: ['GET /api/provider/statement'] });
  };
  return {
    report: useMutation({
      mutationFn: (body: { referralId: string; value: number; currency: string; checkInDate: string; checkOutDate: string }) =>
        callApi('POST /api/provider/bookings', { body: body as never }),
      onSuccess: refresh,
    }),
    upload: useMutation({
      mutationFn: (csv: string) => callApi('POST /api/provider/bookings.csv', { body: { csv } }),
      onSuccess: refresh,
    }),
  };
}

/** The statement's CSV, fetched with the token and saved under the server's file name (as the lead export). */
export async function downloadStatementCsv(month: string): Promise<void> {
  const token = readToken();
  const response = await fetch(apiUrl('GET /api/provider/statement.csv', { query: { month } }), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `reproute-statement-${month}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
