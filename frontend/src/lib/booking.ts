import { MIN_GUESTS, stayErrors, type StayErrors } from './searchParams';

/** Parameters added to an outgoing booking link (product ruling 11). */
export interface BookingLinkInput {
  bookingUrl: string;
  hotelId: number;
  checkIn?: string | null;
  checkOut?: string | null;
  adults?: number | null;
  signedIn: boolean;
  timestamp: number;
}

export function referralId(hotelId: number, timestamp: number): string {
  return `RR_${hotelId}_${timestamp}`;
}

/** The outgoing booking URL: checkIn, checkOut, adults, ref=RR_{hotelId}_{timestamp}, source=member when signed in. */
export function buildBookingUrl(input: BookingLinkInput): string {
  let url: URL;
  try {
    url = new URL(input.bookingUrl);
  } catch {
    url = new URL(input.bookingUrl, 'https://invalid.local');
  }
  if (input.checkIn) url.searchParams.set('checkIn', input.checkIn);
  if (input.checkOut) url.searchParams.set('checkOut', input.checkOut);
  if (input.adults && input.adults > 0) url.searchParams.set('adults', String(input.adults));
  url.searchParams.set('ref', referralId(input.hotelId, input.timestamp));
  if (input.signedIn) url.searchParams.set('source', 'member');
  return url.toString();
}

/** A date as YYYY-MM-DD in local time. */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** The stay as typed in the dialog: '' for what the traveller has not chosen (nothing is filled in for them). */
export interface StayInput {
  checkIn: string;
  checkOut: string;
  adults: string;
}

/** What of a stay is sent: the dates only as a valid pair, the guests only when given; null for the rest. */
export function chosenStay(stay: StayInput): { checkIn: string | null; checkOut: string | null; adults: number | null; errors: StayErrors } {
  const all = stayErrors({ ...stay, adults: stay.adults || String(MIN_GUESTS) });
  const errors: StayErrors = { ...(all.checkIn ? { checkIn: all.checkIn } : {}), ...(all.checkOut ? { checkOut: all.checkOut } : {}), ...(stay.adults && all.adults ? { adults: all.adults } : {}) };
  const datesChosen = Boolean(stay.checkIn && stay.checkOut) && !errors.checkIn && !errors.checkOut;
  const adults = stay.adults && !errors.adults ? Number(stay.adults) : null;
  return { checkIn: datesChosen ? stay.checkIn : null, checkOut: datesChosen ? stay.checkOut : null, adults, errors };
}
