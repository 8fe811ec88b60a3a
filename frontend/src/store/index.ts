import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { sessionSlice } from './sessionSlice';
import { toastSlice } from './toastSlice';
import { favoritesSlice } from './favoritesSlice';

export function createStore() {
  return configureStore({
    reducer: {
      session: sessionSlice.reducer,
      toasts: toastSlice.reducer,
      favorites: favoritesSlice.reducer,
    },
  });
}

export const store = createStore();

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
