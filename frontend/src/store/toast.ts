import { store } from './index';
import { toastAdded, type ToastVariant } from './toastSlice';

/** Shows a toast from anywhere (components, hooks, request callbacks). */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  store.dispatch(toastAdded(input));
}
