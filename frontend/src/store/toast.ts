import { createExternalStore } from './externalStore';

export type ToastVariant = 'default' | 'destructive';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  /** A way to do what the toast asks for (a link: the toaster sits outside the router). */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  href: string;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

/** One toast at a time (spec section 9): a new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const toastStore = createExternalStore<ToastMessage[]>([]);
let nextId = 1;

/** Shows a toast from anywhere (components, hooks, request callbacks). */
export function toast(input: ToastInput): void {
  const message: ToastMessage = { id: nextId, variant: 'default', open: true, ...input };
  nextId += 1;
  toastStore.set((toasts) => [message, ...toasts].slice(0, TOAST_LIMIT));
}

/** Closes a toast (its exit animation still plays); it is removed later. */
export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((t) => t.id !== id));
}
