import type { City, ReviewedListingField } from '@reproute/contracts';

/** How each reviewed field is named to people. */
export const revisionFieldLabels: Record<ReviewedListingField, string> = {
  name: 'Name',
  address: 'Address',
  cityId: 'City',
  city: 'City',
  country: 'Country',
  bookingUrl: 'Booking URL',
  contactEmail: 'Email for leads',
  imageUrl: 'Main image',
  images: 'Photos',
  gymImages: 'Gym photos',
};

/** A revision value as text: lists joined, a city id as "name, country", nothing as "(none)". */
export function revisionValueText(field: ReviewedListingField, value: unknown, cities: Pick<City, 'id' | 'name' | 'country'>[] = []): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (field === 'cityId') {
    const city = cities.find((c) => c.id === Number(value));
    return city ? `${city.name}, ${city.country}` : `City ${String(value)}`;
  }
  return String(value);
}
