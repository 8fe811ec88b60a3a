import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'destructive';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

/** One toast at a time (spec section 9): a new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

interface ToastState {
  toasts: ToastMessage[];
  nextId: number;
}

const initialState: ToastState = { toasts: [], nextId: 1 };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded(state, action: PayloadAction<{ title: string; description?: string; variant?: ToastVariant }>) {
      const toast: ToastMessage = { id: state.nextId, variant: 'default', open: true, ...action.payload };
      state.nextId += 1;
      state.toasts = [toast, ...state.toasts].slice(0, TOAST_LIMIT);
    },
    toastDismissed(state, action: PayloadAction<number>) {
      const toast = state.toasts.find((t) => t.id === action.payload);
      if (toast) toast.open = false;
    },
    toastRemoved(state, action: PayloadAction<number>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastAdded, toastDismissed, toastRemoved } = toastSlice.actions;
