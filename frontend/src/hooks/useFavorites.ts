import { useCallback } from 'react';
import { store, useAppDispatch, useAppSelector } from '@/store';
import { toggleFavorite } from '@/lib/favorites';
import { toast } from '@/store/toast';
import { analytics } from '@/lib/analytics';

export function useFavorites() {
  const dispatch = useAppDispatch();
  const ids = useAppSelector((s) => s.favorites.ids);
  const status = useAppSelector((s) => s.favorites.status);
  const toggle = useCallback(
    (hotelId: number) => {
      analytics().interaction('favorite_toggle', `hotel:${hotelId}`);
      void toggleFavorite(hotelId, { dispatch, getState: store.getState, notify: toast });
    },
    [dispatch],
  );
  return { ids, status, isFavorite: (hotelId: number) => ids.includes(hotelId), toggle };
}
