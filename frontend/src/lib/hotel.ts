import { formatPrice, weightsInText, gymAccessLabels, primaryPhotoUrl, type GymAccessType, type WeightUnit } from '@reproute/contracts';
import type { Hotel } from '@/api/types';

export const HOTEL_PLACEHOLDER = '/media/hotel-placeholder.svg';

/** The nightly price, whichever of the two fields the answer carries; null when none is above zero. */
export function nightlyPrice(hotel: Pick<Hotel, 'price' | 'pricePerNight'>): number | null {
  const value = hotel.pricePerNight ?? hotel.price;
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

/** Price per night via the one formatter (ruling 12), or null when the hotel has none. */
export function hotelPriceLabel(hotel: Pick<Hotel, 'price' | 'pricePerNight' | 'currency'>): string | null {
  const value = nightlyPrice(hotel);
  return value === null ? null : formatPrice(value, hotel.currency);
}

/** Rating to one decimal, or null when the hotel has none yet. */
export function ratingLabel(rating: Hotel['rating']): string | null {
  return Number.isFinite(rating) && rating > 0 ? rating.toFixed(1) : null;
}

export function gymAccessLabel(type: Hotel['gymAccessType']): string {
  return gymAccessLabels[(type ?? 'on-site') as GymAccessType] ?? 'On-site Gym';
}

export function primaryImage(hotel: Pick<Hotel, 'imageUrl' | 'images' | 'gymImages'>): string {
  return primaryPhotoUrl(hotel) ?? HOTEL_PLACEHOLDER;
}

/** Where Book Now leads: the hotel's booking URL, else its affiliate URL. */
export function bookingTarget(hotel: Pick<Hotel, 'bookingUrl' | 'affiliateUrl'>): string | null {
  return hotel.bookingUrl || hotel.affiliateUrl || null;
}

export function hotelPath(hotel: Pick<Hotel, 'slug' | 'id'>): string {
  return hotel.slug ? `/hotels/${hotel.slug}` : `/hotel/${hotel.id}`;
}

/** An equipment label as shown: first letter capitalised, TRX in capitals. */
export function equipmentLabelText(label: string): string {
  if (label === 'trx') return 'TRX';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** An equipment label as shown, a weight in it in the traveller's unit ("Dumbbells ≥88 lb"). */
export function equipmentLabelInUnit(label: string, unit: WeightUnit): string {
  return weightsInText(equipmentLabelText(label), unit);
}

export function locationLabel(hotel: Pick<Hotel, 'city' | 'country'>): string {
  return [hotel.city, hotel.country].filter(Boolean).join(', ');
}

/** "1 night", "4 nights". */
export function nightsText(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** The price of a whole stay ("€1,240 for 4 nights"), or null without a nightly price or usable dates. */
export function stayTotalLabel(hotel: Pick<Hotel, 'price' | 'pricePerNight' | 'currency'>, nights: number | null): string | null {
  const nightly = nightlyPrice(hotel);
  if (nightly === null || nights === null || nights < 1) return null;
  return `${formatPrice(nightly * nights, hotel.currency ?? 'USD')} for ${nightsText(nights)}`;
}

/** "Fri 12 Dec – Tue 16 Dec 2026 · 2 guests" for a chosen stay (dates as YYYY-MM-DD, read as calendar days). */
export function stayDatesText(checkIn: string, checkOut: string, adults: number | null): string {
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const day = (iso: string, withYear: boolean) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return `${weekdays[date.getUTCDay()]} ${d} ${months[m - 1]}${withYear ? ` ${y}` : ''}`;
  };
  const dates = `${day(checkIn, false)} – ${day(checkOut, true)}`;
  return adults ? `${dates} · ${adults} ${adults === 1 ? 'guest' : 'guests'}` : dates;
}
