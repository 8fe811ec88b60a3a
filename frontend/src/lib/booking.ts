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

/** Default stay: tomorrow for two nights, two adults. */
export function defaultStay(now = new Date()): { checkIn: string; checkOut: string; adults: number } {
  return { checkIn: isoDate(addDays(now, 1)), checkOut: isoDate(addDays(now, 3)), adults: 2 };
}
