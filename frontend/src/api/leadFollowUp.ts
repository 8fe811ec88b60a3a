import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, type ApiBody } from './client';

/** Every cached page of the lead inbox, whatever its filters. */
const inboxKey = apiQueryKey('GET /api/provider/leads').slice(0, 1);

/** A lead's note and assignee ("me" takes it, null gives it back); the inbox refetches after. */
export function useLeadDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApiBody<'PUT /api/provider/leads/:id/details'> }) => callApi('PUT /api/provider/leads/:id/details', { params: { id }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}

/** Who is emailed for a property's leads. */
export function useLeadRouting(hotelId: number | null) {
  return useQuery({ ...apiQuery('GET /api/provider/lead-routing/:hotelId', { params: { hotelId: String(hotelId ?? 0) } }), enabled: hotelId !== null, staleTime: 0 });
}

export function useSaveLeadRouting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hotelId, body }: { hotelId: number; body: ApiBody<'PUT /api/provider/lead-routing/:hotelId'> }) =>
      callApi('PUT /api/provider/lead-routing/:hotelId', { params: { hotelId: String(hotelId) }, body }),
    onSuccess: (answer) => queryClient.setQueryData(apiQueryKey('GET /api/provider/lead-routing/:hotelId', { params: { hotelId: String(answer.hotelId) } }), answer),
  });
}
