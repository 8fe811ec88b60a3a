import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@/api/types';

export interface SessionState {
  user: User | null;
  /** True until the stored token has been checked on load. */
  loading: boolean;
}

const initialState: SessionState = { user: null, loading: true };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionLoaded(state, action: PayloadAction<User | null>) {
      state.user = action.payload;
      state.loading = false;
    },
    signedIn(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.loading = false;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
      state.loading = false;
    },
  },
});

export const { sessionLoaded, signedIn, userUpdated, signedOut } = sessionSlice.actions;
