import { lazy } from 'react';
import type { BookingDialogProps } from './BookingDialog';
import { WhenOpened } from './ui/WhenOpened';

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
/** What the hotel page's two booking buttons each do, said beside them. */
export const bookingButtonsHelp =
  "Book Now takes you to the hotel's own booking site. Check Rates starts with your dates, so that site can show the price of your stay.";

export const bookingIntent = { onPointerEnter: preloadBookingDialog, onTouchStart: preloadBookingDialog, onFocus: preloadBookingDialog } as const;

/**
 * The booking dialog, whose code (Radix Dialog with its focus trap and scroll lock, the booking form)
 * loads when it first opens or on the intent to open it, not with every hotel card of a page.
 */
export function LazyBookingDialog(props: BookingDialogProps) {
  return (
    <WhenOpened open={props.open}>
      <BookingDialog {...props} />
    </WhenOpened>
  );
}
