import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, type ApiAnswer, type ApiBody } from './client';

/**
 * Gym facts that say how old they are (docs/decisions.md): a hotel's freshness (who confirmed its gym facts and when,
 * travellers' confirmations, reports not closed), confirming them, reporting a change, answering a report, and the
 * admin queue. Each change refreshes the hotel's freshness and the hotel itself (its gym score's confidence moves).
 */
export type GymFreshnessAnswer = ApiAnswer<'GET /api/hotels/:id/gym-facts'>;
export type GymReportItem = GymFreshnessAnswer['reports'][number];
export type AdminGymReportItem = ApiAnswer<'GET /api/admin/gym-reports'>['items'][number];

export const gymFreshnessKey = (hotelId: number) => apiQueryKey('GET /api/hotels/:id/gym-facts', { params: { id: String(hotelId) } });

export function useGymFreshness(hotelId: number, enabled = true) {
  return useQuery({ ...apiQuery('GET /api/hotels/:id/gym-facts', { params: { id: String(hotelId) } }), enabled, staleTime: 30_000 });
}

function useRefreshAfter(hotelId: number) {
  const queryClient = useQueryClient();
  return async (freshness?: GymFreshnessAnswer) => {
    if (freshness) queryClient.setQueryData(gymFreshnessKey(hotelId), freshness);
    else await queryClient.invalidateQueries({ queryKey: gymFreshnessKey(hotelId) });
    // The hotel's answers carry the gym score and its confidence, the admin queue the reports.
    await queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('/api/hotels') || JSON.stringify(q.queryKey).includes('/api/admin/gym-reports') || JSON.stringify(q.queryKey).includes('/api/provider/hotels') });
  };
}

export function useConfirmGymFacts(hotelId: number) {
  const refresh = useRefreshAfter(hotelId);
  return useMutation({
    mutationFn: () => callApi('POST /api/hotels/:id/gym-facts/confirmations', { params: { id: String(hotelId) } }),
    onSuccess: (answer) => refresh(answer),
  });
}

export function useReportGymChange(hotelId: number) {
  const refresh = useRefreshAfter(hotelId);
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/hotels/:id/gym-reports'>) => callApi('POST /api/hotels/:id/gym-reports', { params: { id: String(hotelId) }, body }),
    onSuccess: () => refresh(),
  });
}

export function useResolveGymReport(hotelId: number) {
  const refresh = useRefreshAfter(hotelId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApiBody<'PUT /api/gym-reports/:id/resolution'>) => callApi('PUT /api/gym-reports/:id/resolution', { params: { id }, body }),
    onSuccess: () => refresh(),
  });
}

export function useAdminGymReports() {
  return useQuery({ ...apiQuery('GET /api/admin/gym-reports'), staleTime: 15_000 });
}
