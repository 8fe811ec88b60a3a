import { useEffect } from 'react';
import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useStore } from '@/store/externalStore';
import { dismissToast, removeToast, TOAST_DURATION_MS, toastStore } from '@/store/toast';
import { cn } from '@/lib/cn';

/** A dismissed toast is dropped from the store after this long (spec section 9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Radix toasts: one at a time, 5 s, swipe right (50 px) to dismiss, F8 focuses the area. */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s);

  useEffect(() => {
    const timers = toasts.filter((t) => !t.open).map((t) => window.setTimeout(() => removeToast(t.id), TOAST_REMOVE_DELAY_MS));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [toasts]);

  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-xl',
            t.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-bold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className={cn('text-sm', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}>{t.description}</Toast.Description>
            ) : null}
            {t.action ? (
              <Toast.Action altText={t.action.label} asChild>
                <a
                  href={t.action.href}
                  className={cn(
                    'mt-1 inline-flex w-fit items-center rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none',
                    t.variant === 'destructive' ? 'bg-white text-red-700 hover:bg-red-50 focus-visible:ring-white focus-visible:ring-offset-red-600' : 'bg-ocean-600 text-white hover:bg-ocean-700 focus-visible:ring-ocean-500',
                  )}
                >
                  {t.action.label}
                </a>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100',
              t.variant === 'destructive' ? 'text-white hover:bg-red-700' : 'text-slate-500 hover:bg-slate-100',
            )}
          >
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
