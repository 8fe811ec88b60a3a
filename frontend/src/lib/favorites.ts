import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client';
import { withWriteRetry } from '@/api/retry';
import type { FavoriteItem } from '@/api/types';
import type { ToastInput } from '@/store/toast';

/** The browser copy of a signed-in user's favourites (ruling 7): one key per user. */
export const favoritesStorageKey = (userId: string) => `rr_favorites:${userId}`;

export function readBrowserFavorites(userId: string): number[] {
  try {
    const raw = localStorage.getItem(favoritesStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeBrowserFavorites(userId: string, ids: readonly number[]): void {
  try {
    localStorage.setItem(favoritesStorageKey(userId), JSON.stringify(ids));
  } catch {
    // The browser copy is a convenience; the server stays the truth.
  }
}

export interface FavoritesApi {
  list: () => Promise<FavoriteItem[]>;
  add: (hotelId: number) => Promise<unknown>;
  remove: (hotelId: number) => Promise<unknown>;
}

export const favoritesApi: FavoritesApi = {
  list: () => callApi('GET /api/favorites'),
  add: (hotelId) => withWriteRetry(() => callApi('POST /api/favorites', { body: { hotelId } })),
  remove: (hotelId) => withWriteRetry(() => callApi('DELETE /api/favorites/:hotelId', { params: { hotelId } })),
};

/** First element of every favourites query key: removing it clears every user's list. */
export const FAVORITES_KEY = '/api/favorites';
export const favoritesQueryKey = (userId: string | null) => [FAVORITES_KEY, userId] as const;

export interface FavoritesData {
  ids: number[];
  /** True when the list came from the browser copy because the server could not be reached. */
  fromBrowserCopy: boolean;
}

/** Puts a hotel in (newest first) or takes it out of a list of ids. */
export function withFavorite(ids: readonly number[], hotelId: number, saved: boolean): number[] {
  const rest = ids.filter((id) => id !== hotelId);
  return saved ? [hotelId, ...rest] : rest;
}

/** Loads a user's favourites from the server, falling back to the browser copy when that fails. */
export async function loadFavorites(userId: string, api: FavoritesApi = favoritesApi): Promise<FavoritesData> {
  try {
    const ids = (await api.list()).map((item) => item.hotelId);
    writeBrowserFavorites(userId, ids);
    return { ids, fromBrowserCopy: false };
  } catch {
    return { ids: readBrowserFavorites(userId), fromBrowserCopy: true };
  }
}

/**
 * The signed-in user's list, loaded once per user; with no observer left (sign-out, another user)
 * it is dropped at once, so the next sign-in loads it again.
 */
export function favoritesQueryOptions(userId: string | null, api: FavoritesApi = favoritesApi) {
  return {
    queryKey: favoritesQueryKey(userId),
    queryFn: () => loadFavorites(userId as string, api),
    enabled: userId !== null,
    gcTime: 0,
    retry: false,
  };
}

export interface FavoriteToggle {
  userId: string;
  hotelId: number;
  /** True to save the hotel, false to remove it. */
  save: boolean;
}

interface ToggleContext {
  /** Where the hotel stood in the list before, to put it back there on failure. */
  previousIndex: number;
  /** The list was still loading and that load was cancelled: load it again afterwards. */
  reload: boolean;
}

const inFlight = new Set<string>();
const inFlightKey = ({ userId, hotelId }: { userId: string; hotelId: number }) => `${userId}:${hotelId}`;

/** True while a toggle of this hotel is waiting for the server: a second click is ignored. */
export function isToggling(toggle: { userId: string; hotelId: number }): boolean {
  return inFlight.has(inFlightKey(toggle));
}

/**
 * The favourite toggle as a mutation: the list flips at once (optimistic), the server is told, and
 * on failure the hotel is put back where it was with the spec's error toast. Success updates the
 * browser copy.
 */
export function favoriteToggleOptions(queryClient: QueryClient, notify: (input: ToastInput) => void, api: FavoritesApi = favoritesApi) {
  return {
    mutationKey: [FAVORITES_KEY, 'toggle'],
    // The calls retry on their own (withWriteRetry); the mutation must not retry them again.
    retry: false,
    mutationFn: ({ hotelId, save }: FavoriteToggle) => (save ? api.add(hotelId) : api.remove(hotelId)),
    onMutate: async (toggle: FavoriteToggle): Promise<ToggleContext> => {
      inFlight.add(inFlightKey(toggle));
      const queryKey = favoritesQueryKey(toggle.userId);
      const reload = queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching';
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<FavoritesData>(queryKey);
      queryClient.setQueryData<FavoritesData>(queryKey, {
        ids: withFavorite(before?.ids ?? [], toggle.hotelId, toggle.save),
        fromBrowserCopy: before?.fromBrowserCopy ?? false,
      });
      return { previousIndex: before?.ids.indexOf(toggle.hotelId) ?? -1, reload };
    },
    onSuccess: (_answer: unknown, toggle: FavoriteToggle) => {
      const ids = queryClient.getQueryData<FavoritesData>(favoritesQueryKey(toggle.userId))?.ids ?? [];
      writeBrowserFavorites(toggle.userId, ids);
      notify({ title: toggle.save ? 'Added to favorites' : 'Removed from favorites' });
    },
    onError: (_error: unknown, toggle: FavoriteToggle, context: ToggleContext | undefined) => {
      queryClient.setQueryData<FavoritesData>(favoritesQueryKey(toggle.userId), (current) => {
        if (!current) return current;
        const ids = current.ids.filter((id) => id !== toggle.hotelId);
        const index = context?.previousIndex ?? -1;
        if (index >= 0) ids.splice(Math.min(index, ids.length), 0, toggle.hotelId);
        return { ...current, ids };
      });
      notify({ title: 'Error', description: 'Failed to update favorites. Please try again.', variant: 'destructive' });
    },
    onSettled: (_answer: unknown, _error: unknown, toggle: FavoriteToggle, context: ToggleContext | undefined) => {
      inFlight.delete(inFlightKey(toggle));
      if (context?.reload) void queryClient.invalidateQueries({ queryKey: favoritesQueryKey(toggle.userId) });
    },
  };
}

/** Follows changes another tab makes to the browser copy. Returns the unsubscribe function. */
export function followOtherTabs(queryClient: QueryClient, userId: string): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== favoritesStorageKey(userId)) return;
    queryClient.setQueryData<FavoritesData>(favoritesQueryKey(userId), (current) => ({
      ids: readBrowserFavorites(userId),
      fromBrowserCopy: current?.fromBrowserCopy ?? false,
    }));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
