import { apiRequest } from '@/api/request';
import { withWriteRetry } from '@/api/retry';
import type { FavoriteItem } from '@/api/types';
import type { AppDispatch, RootState } from '@/store';
import {
  favoriteRolledBack,
  favoritesLoaded,
  favoritesLoading,
  favoritesSynced,
  favoriteToggled,
} from '@/store/favoritesSlice';
import type { ToastVariant } from '@/store/toastSlice';

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
  list: () => apiRequest<FavoriteItem[]>('GET', '/api/favorites'),
  add: (hotelId) => withWriteRetry(() => apiRequest('POST', '/api/favorites', { hotelId })),
  remove: (hotelId) => withWriteRetry(() => apiRequest('DELETE', `/api/favorites/${hotelId}`)),
};

type Notify = (input: { title: string; description?: string; variant?: ToastVariant }) => void;

/** Loads a user's favourites from the server, falling back to the browser copy when that fails. */
export async function loadFavorites(dispatch: AppDispatch, userId: string | null, api: FavoritesApi = favoritesApi): Promise<void> {
  dispatch(favoritesLoading(userId));
  if (!userId) return;
  try {
    const items = await api.list();
    const ids = items.map((item) => item.hotelId);
    writeBrowserFavorites(userId, ids);
    dispatch(favoritesLoaded({ userId, ids, fromBrowserCopy: false }));
  } catch {
    dispatch(favoritesLoaded({ userId, ids: readBrowserFavorites(userId), fromBrowserCopy: true }));
  }
}

const inFlight = new Set<number>();

/**
 * Optimistic toggle: the list flips at once, the server is told, and on failure the list is put
 * back as it was with the spec's error toast. Visitors get the "Sign in Required" toast instead.
 */
export async function toggleFavorite(
  hotelId: number,
  deps: { dispatch: AppDispatch; getState: () => RootState; notify: Notify; api?: FavoritesApi },
): Promise<void> {
  const { dispatch, getState, notify, api = favoritesApi } = deps;
  const user = getState().session.user;
  if (!user) {
    notify({ title: 'Sign in Required', description: 'Please sign in to save favorites', variant: 'destructive' });
    return;
  }
  if (inFlight.has(hotelId)) return;
  inFlight.add(hotelId);
  const before = getState().favorites.ids;
  const adding = !before.includes(hotelId);
  dispatch(favoriteToggled(hotelId));
  try {
    if (adding) await api.add(hotelId);
    else await api.remove(hotelId);
    writeBrowserFavorites(user.id, getState().favorites.ids);
    notify({ title: adding ? 'Added to favorites' : 'Removed from favorites' });
  } catch {
    dispatch(favoriteRolledBack(before));
    notify({ title: 'Error', description: 'Failed to update favorites. Please try again.', variant: 'destructive' });
  } finally {
    inFlight.delete(hotelId);
  }
}

/** Follows changes another tab makes to the browser copy. Returns the unsubscribe function. */
export function followOtherTabs(dispatch: AppDispatch, userId: string): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== favoritesStorageKey(userId)) return;
    dispatch(favoritesSynced({ userId, ids: readBrowserFavorites(userId) }));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
