import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, type ApiAnswer, type ApiBody } from './client';

/**
 * The signed-in traveller's saved searches (the catalog's; docs/decisions.md, "Saved searches"): the search page
 * saves its query, the profile lists them to rename, pause or delete. Every change updates the cached list.
 */
export type SavedSearchList = ApiAnswer<'GET /api/saved-searches'>;
export type SavedSearchItem = SavedSearchList['items'][number];

export const savedSearchesKey = apiQueryKey('GET /api/saved-searches');

export function useSavedSearches(enabled = true) {
  return useQuery({ ...apiQuery('GET /api/saved-searches'), enabled, staleTime: 30_000 });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/saved-searches'>) => callApi('POST /api/saved-searches', { body }),
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearchList>(savedSearchesKey, (list) => (list ? { ...list, items: [saved, ...list.items.filter((s) => s.id !== saved.id)] } : list)),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApiBody<'PATCH /api/saved-searches/:id'>) => callApi('PATCH /api/saved-searches/:id', { params: { id }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearchList>(savedSearchesKey, (list) => (list ? { ...list, items: list.items.map((s) => (s.id === saved.id ? saved : s)) } : list)),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE /api/saved-searches/:id', { params: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedSearchList>(savedSearchesKey, (list) => (list ? { ...list, items: list.items.filter((s) => s.id !== id) } : list)),
  });
}
