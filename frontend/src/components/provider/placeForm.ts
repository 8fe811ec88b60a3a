import { z } from 'zod';
import { listingMessages, messages, type Hotel } from '@reproute/contracts';

/** The city select's value for a place not in the list. */
export const anotherCity = 'other';

/** Where the listing is: a city from the list, or "another city" with its country and optional coordinates. */
export interface PlaceFormValues {
  cityId: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
}

export const emptyPlace: PlaceFormValues = { cityId: '', city: '', country: '', latitude: '', longitude: '' };

const coordinate = (min: number, max: number, message: string) =>
  z.string().refine((v) => v.trim() === '' || (/^\s*-?\d+(\.\d+)?\s*$/.test(v) && Number(v) >= min && Number(v) <= max), message);

export const placeFormSchema = z
  .object({
    cityId: z.string(),
    city: z.string().max(120, listingMessages.cityNameMax),
    country: z.string().max(120, listingMessages.countryMax),
    latitude: coordinate(-90, 90, messages.latitudeInvalid),
    longitude: coordinate(-180, 180, messages.longitudeInvalid),
  })
  .superRefine((place, ctx) => {
    if (place.cityId === '') ctx.addIssue({ code: 'custom', message: listingMessages.cityRequired, path: ['cityId'] });
    if (place.cityId !== anotherCity) return;
    if (place.city.trim() === '') ctx.addIssue({ code: 'custom', message: listingMessages.cityNameRequired, path: ['city'] });
    if (place.country.trim() === '') ctx.addIssue({ code: 'custom', message: listingMessages.countryRequired, path: ['country'] });
  });

/** The form's place from a hotel: its city, or "another city" filled in when only a typed place is stored. */
export function placeFromHotel(hotel: Pick<Hotel, 'cityId' | 'city' | 'country' | 'latitude' | 'longitude'>): PlaceFormValues {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const typed = hotel.cityId === null && Boolean(hotel.city);
  return {
    cityId: hotel.cityId !== null ? String(hotel.cityId) : typed ? anotherCity : '',
    city: typed ? text(hotel.city) : '',
    country: typed ? text(hotel.country) : '',
    latitude: text(hotel.latitude),
    longitude: text(hotel.longitude),
  };
}

export interface PlacePayload {
  cityId: number | null;
  city?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
}

/** The API's place: a city id, or no id with the typed city and country (coordinates when given). */
export function toPlacePayload(place: PlaceFormValues): PlacePayload {
  const coordinates: Pick<PlacePayload, 'latitude' | 'longitude'> = {};
  if (place.latitude.trim() !== '') coordinates.latitude = Number(place.latitude);
  if (place.longitude.trim() !== '') coordinates.longitude = Number(place.longitude);
  if (place.cityId === anotherCity) return { cityId: null, city: place.city.trim(), country: place.country.trim(), ...coordinates };
  return { cityId: place.cityId ? Number(place.cityId) : null, ...coordinates };
}
