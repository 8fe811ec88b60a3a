import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FavoritesState {
  /** Whose favourites these are; null for a visitor. */
  userId: string | null;
  ids: number[];
  status: 'idle' | 'loading' | 'ready';
  /** True when the list came from the browser copy because the server could not be reached. */
  fromBrowserCopy: boolean;
}

const initialState: FavoritesState = { userId: null, ids: [], status: 'idle', fromBrowserCopy: false };

/** Flips membership of a hotel id, newest first. */
export function toggleId(ids: readonly number[], hotelId: number): number[] {
  return ids.includes(hotelId) ? ids.filter((id) => id !== hotelId) : [hotelId, ...ids];
}

export const favoritesSlice = createSlice({
  name: 'favorites',
  initialState,
  reducers: {
    favoritesLoading(state, action: PayloadAction<string | null>) {
      state.userId = action.payload;
      state.status = action.payload ? 'loading' : 'ready';
      state.ids = [];
      state.fromBrowserCopy = false;
    },
    favoritesLoaded(state, action: PayloadAction<{ userId: string; ids: number[]; fromBrowserCopy: boolean }>) {
      if (state.userId !== action.payload.userId) return;
      state.ids = action.payload.ids;
      state.status = 'ready';
      state.fromBrowserCopy = action.payload.fromBrowserCopy;
    },
    /** Optimistic flip, applied before the server answers. */
    favoriteToggled(state, action: PayloadAction<number>) {
      state.ids = toggleId(state.ids, action.payload);
    },
    /** Puts back the list as it was before a failed toggle. */
    favoriteRolledBack(state, action: PayloadAction<number[]>) {
      state.ids = action.payload;
    },
    /** Another tab changed the browser copy. */
    favoritesSynced(state, action: PayloadAction<{ userId: string; ids: number[] }>) {
      if (state.userId === action.payload.userId) state.ids = action.payload.ids;
    },
    favoritesCleared() {
      return { ...initialState, status: 'ready' as const };
    },
  },
});

export const { favoritesLoading, favoritesLoaded, favoriteToggled, favoriteRolledBack, favoritesSynced, favoritesCleared } =
  favoritesSlice.actions;
