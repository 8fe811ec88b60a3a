import type { Hotel } from '@reproute/contracts';
import { emptyGymData, gymDataFromHotel, type GymDataFormValues } from './gymDataForm';

// What the admin's hotel dialog (admin/adminHotelForm.ts) and the provider's listing form (listingForm.ts)
// both read from a hotel, as their inputs hold it.

/** A stored value as an input holds it: text, '' for none. */
export const formText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The nightly price (the spec's `price` when pricePerNight is missing), null when neither is there. */
export const hotelPrice = (hotel: Pick<Hotel, 'pricePerNight' | 'price'>): number | null => hotel.pricePerNight ?? hotel.price ?? null;

/** The fields both forms show the same way: name, description, gym access, address, picture, booking link and the gym. */
export interface CommonFormValues {
  name: string;
  description: string;
  gymAccessType: Hotel['gymAccessType'];
  address: string;
  imageUrl: string;
  bookingUrl: string;
  gymData: GymDataFormValues;
}

/** Those fields of a new hotel (document 2's defaults: gym access on-site, the rest empty). */
export const emptyCommonFormValues: CommonFormValues = { name: '', description: '', gymAccessType: 'on-site', address: '', imageUrl: '', bookingUrl: '', gymData: emptyGymData };

export function commonFormValuesFromHotel(hotel: Hotel): CommonFormValues {
  return {
    name: hotel.name,
    description: formText(hotel.description),
    gymAccessType: hotel.gymAccessType,
    address: formText(hotel.address),
    imageUrl: formText(hotel.imageUrl),
    bookingUrl: formText(hotel.bookingUrl),
    gymData: gymDataFromHotel(hotel),
  };
}

/** A form's currency choices: its own, and a hotel priced in another supported currency (AED, CAD...) keeps that one too. */
export function currencyChoicesWith(offered: readonly string[], current: string | undefined): string[] {
  return current && !offered.includes(current) ? [...offered, current] : [...offered];
}
