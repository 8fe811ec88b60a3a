import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpointReads, type ApiBody } from './client';
import { adminHotelReads } from './admin';
import { hotelReads } from './hotelReads';

/** An admin's fix of a city (name, country, coordinates); the cities, the admin lists and public hotel reads follow. */
export function useUpdateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApiBody<'PUT /api/admin/cities/:id'> }) => callApi('PUT /api/admin/cities/:id', { params: { id: String(id) }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries(endpointReads('GET /api/cities'));
      await queryClient.invalidateQueries(adminHotelReads);
      await queryClient.invalidateQueries(hotelReads);
    },
  });
}
