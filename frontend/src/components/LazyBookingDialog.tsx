import { lazy, Suspense, useState } from 'react';
import type { Hotel } from '@/api/types';

const load = () => import('./BookingDialog');
const BookingDialog = lazy(() => load().then((module) => ({ default: module.BookingDialog })));

/** Starts loading the booking dialog's code before it opens. */
export function preloadBookingDialog(): void {
  load().catch(() => undefined);
}

/**
 * What a booking button spreads onto itself: the pointer resting on it, a finger touching it or the
 * keyboard focusing it loads the dialog's code, so it is there by the time the press ends.
 */
export const bookingIntent = { onPointerEnter: preloadBookingDialog, onTouchStart: preloadBookingDialog, onFocus: preloadBookingDialog } as const;

/**
 * The booking dialog, whose code (Radix Dialog with its focus trap and scroll lock, the booking form)
 * loads when it first opens or on the intent to open it, not with every hotel card of a page: mounted
 * from its first opening on, and kept, so it closes with its own transition.
 */
export function LazyBookingDialog({ hotel, open, onOpenChange }: { hotel: Hotel; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <BookingDialog hotel={hotel} open={open} onOpenChange={onOpenChange} />
    </Suspense>
  ) : null;
}
