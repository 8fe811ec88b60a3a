import { providerHotelFields, type Hotel, type ProviderHotelCreate, type ProviderHotelUpdate } from '@reproute/contracts';
import type { z } from 'zod';
import { gymDataChanged, gymDataFormSchema, isEmptyGymData, toGymPayload } from './gymDataForm';
import { commonFormValuesFromHotel, currencyChoicesWith, emptyCommonFormValues, formText, hotelPrice } from './hotelFormValues';
import { emptyPlace, placeFormSchema, placeFromHotel, toPlacePayload } from './placeForm';

/** Currencies a provider may price in: the union of both old add-hotel forms (document 2, section 5). */
export const providerCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'] as const;

/** The form's currency choices: a listing priced in another supported currency (AED, say) keeps it as a choice. */
export const listingCurrencyChoices = (current: string | undefined): string[] => currencyChoicesWith(providerCurrencies, current);

/** The provider listing form: the shared listing fields, with the place and the gym as the form edits them. */
export const listingFormSchema = providerHotelFields
  .omit({ rawEquipment: true, gymEquipment: true, gym: true, cityId: true, city: true, country: true, latitude: true, longitude: true })
  .extend({ place: placeFormSchema, gymData: gymDataFormSchema });
export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingFormOutput = z.output<typeof listingFormSchema>;

/** Document 2 defaults: price 0, currency USD, gym access on-site. */
export const emptyListingForm: ListingFormInput = {
  ...emptyCommonFormValues,
  place: emptyPlace,
  pricePerNight: '0',
  currency: 'USD',
  contactEmail: '',
};

export function listingFormFromHotel(hotel: Hotel): ListingFormInput {
  const price = hotelPrice(hotel);
  return {
    ...commonFormValuesFromHotel(hotel),
    place: placeFromHotel(hotel),
    pricePerNight: price === null ? '' : String(price),
    currency: hotel.currency,
    contactEmail: formText(hotel.contactEmail),
  };
}

/** Where the server's field paths show in the form. */
export function formPathOf(serverPath: string): string | undefined {
  if (serverPath === 'cityId' || serverPath === 'city' || serverPath === 'country' || serverPath === 'latitude' || serverPath === 'longitude') return `place.${serverPath}`;
  if (serverPath === 'rawEquipment' || serverPath.startsWith('rawEquipment.')) return 'gymData.extras';
  const gym = /^gym\.(opensAt|closesAt|sizeSqm|heaviestDumbbellKg|lightestDumbbellKg|heaviestKettlebellKg|platesTotalKg|name|description|address|distanceMetres|walkingMinutes|latitude|longitude|entry)$/.exec(serverPath);
  if (gym) return `gymData.${gym[1]}`;
  if (/^gym\.guestFee/.test(serverPath)) return 'gymData.feeAmount';
  const day = /^gym\.weeklyHours\.(mon|tue|wed|thu|fri|sat|sun)$/.exec(serverPath);
  if (day) return `gymData.days.${day[1]}`;
  return ['name', 'description', 'gymAccessType', 'address', 'pricePerNight', 'currency', 'imageUrl', 'bookingUrl', 'contactEmail'].includes(serverPath) ? serverPath : undefined;
}

/** POST /api/provider/hotels body; a gym nobody described is left out. */
export function toCreateListing(values: ListingFormOutput): ProviderHotelCreate {
  const { place, gymData, ...rest } = values;
  const { rawEquipment, gym } = toGymPayload(gymData);
  return { ...rest, ...toPlacePayload(place), rawEquipment, ...(isEmptyGymData(gymData) ? {} : { gym }) };
}

/**
 * PUT /api/provider/hotels/{id} body: cleared optional fields are sent as null so they really clear.
 * The equipment and gym are sent only when changed from `initial` (what the form showed), so saving
 * other fields of a live listing never puts an untouched gym up for review.
 */
export function toUpdateListing(values: ListingFormOutput, initial?: ListingFormInput): ProviderHotelUpdate {
  const { place, gymData, ...rest } = values;
  const body: ProviderHotelUpdate = {
    ...rest,
    ...toPlacePayload(place),
    description: rest.description ?? null,
    pricePerNight: rest.pricePerNight ?? null,
    imageUrl: rest.imageUrl ?? null,
    contactEmail: rest.contactEmail ?? null,
  };
  if (!initial || gymDataChanged(initial.gymData, gymData)) Object.assign(body, toGymPayload(gymData));
  return body;
}
