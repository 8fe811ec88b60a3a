import { lazy, Suspense, useState } from 'react';
import { useStore } from '@/store/externalStore';
import { toastStore } from '@/store/toast';

// Radix's toast code loads with the first toast, not with every page.
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/** The toaster, mounted from the first toast on (and kept, so later toasts show at once). */
export function LazyToaster() {
  const hasToasts = useStore(toastStore, (toasts) => toasts.length > 0);
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
