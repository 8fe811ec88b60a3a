import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favoritesApi, favoritesQueryOptions, favoriteToggleOptions, isToggling, type FavoritesApi } from '@/lib/favorites';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';
import { analytics } from '@/lib/analytics';

const NONE: number[] = [];

/** The signed-in user's favourite hotel ids and the optimistic toggle; visitors get the sign-in toast. */
/** The sign-in page, coming back to where the visitor was. */
function signInAction() {
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return { label: 'Sign in', href: `/login?redirect=${encodeURIComponent(here)}` };
}

export function useFavorites(api: FavoritesApi = favoritesApi) {
  const queryClient = useQueryClient();
  const { user, loading } = useSession();
  const userId = user?.id ?? null;
  const list = useQuery(favoritesQueryOptions(userId, api));
  const { mutate } = useMutation(favoriteToggleOptions(queryClient, toast, api));
  const ids = list.data?.ids ?? NONE;
  const status: 'idle' | 'loading' | 'ready' = loading ? 'idle' : !userId || list.data ? 'ready' : 'loading';

  const toggle = (hotelId: number) => {
    analytics().interaction('favorite_toggle', `hotel:${hotelId}`);
    if (!userId) {
      toast({ title: 'Sign in Required', description: 'Please sign in to save favorites', variant: 'destructive', action: signInAction() });
      return;
    }
    if (isToggling({ userId, hotelId })) return;
    mutate({ userId, hotelId, save: !ids.includes(hotelId) });
  };
  return { ids, status, fromBrowserCopy: list.data?.fromBrowserCopy ?? false, isFavorite: (hotelId: number) => ids.includes(hotelId), toggle };
}
