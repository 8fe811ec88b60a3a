import { z } from 'zod';
import { gymAccessTypes, listingMessages, messages, supportedCurrencies, type AdminHotelCreate, type AdminHotelUpdate, type Hotel } from '@reproute/contracts';
import { gymDataFormSchema, isEmptyGymData, toGymPayload } from '@/components/provider/gymDataForm';
import { commonFormValuesFromHotel, currencyChoicesWith, emptyCommonFormValues, hotelPrice } from '@/components/provider/hotelFormValues';
import { anotherCity, emptyPlace, placeFromHotel } from '@/components/provider/placeForm';

/** The admin dialog's currencies (document 2, section 9). */
export const adminCurrencies = ['USD', 'GBP', 'EUR', 'JPY'] as const;

/** The dialog's currency choices: a hotel priced in another supported currency (AED, CAD...) keeps it as a choice. */
export function currencyChoices(current: string | undefined): string[] {
  return currencyChoicesWith(adminCurrencies, current);
}

/** What the dialog's inputs hold: text, as inputs give it; converted by toAdminHotelPayload. */
export const adminHotelFormSchema = z.object({
  name: z.string().trim().min(1, messages.hotelNameRequired).max(200, messages.hotelNameMax),
  /** A city id, or "other" with city and country (the form's "Another city"). */
  cityId: z.string().min(1, listingMessages.cityRequired),
  city: z.string().max(120, listingMessages.cityNameMax),
  country: z.string().max(120, listingMessages.countryMax),
  address: z.string().trim().min(1, messages.addressRequired).max(300, messages.addressMax),
  description: z.string().max(5000, messages.descriptionMax),
  pricePerNight: z.string().refine((v) => v.trim() === '' || /^\d+(\.\d{1,2})?$/.test(v.trim()), messages.pricePerNightInvalid),
  currency: z.enum(supportedCurrencies, { error: messages.currencyInvalid }),
  gymAccessType: z.enum(gymAccessTypes, { error: messages.gymAccessTypeRequired }),
  imageUrl: z.string(),
  bookingUrl: z.string(),
  isPremium: z.boolean(),
  latitude: z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 90), messages.latitudeInvalid),
  longitude: z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= 180), messages.longitudeInvalid),
  gymData: gymDataFormSchema,
}).superRefine((values, ctx) => {
  if (values.cityId !== anotherCity) return;
  if (values.city.trim() === '') ctx.addIssue({ code: 'custom', message: listingMessages.cityNameRequired, path: ['city'] });
  if (values.country.trim() === '') ctx.addIssue({ code: 'custom', message: listingMessages.countryRequired, path: ['country'] });
});
export type AdminHotelFormValues = z.infer<typeof adminHotelFormSchema>;

export const emptyAdminHotelForm: AdminHotelFormValues = {
  ...emptyCommonFormValues,
  ...emptyPlace,
  pricePerNight: '',
  currency: 'USD',
  isPremium: false,
};

/** The dialog pre-filled from a hotel (edit mode). */
export function formValuesFromHotel(hotel: Hotel): AdminHotelFormValues {
  const price = hotelPrice(hotel);
  // Kept as stored: the dialog offers it even when it is not one of its four (see currencyChoices).
  const currency = hotel.currency as AdminHotelFormValues['currency'];
  return {
    ...commonFormValuesFromHotel(hotel),
    ...placeFromHotel(hotel),
    pricePerNight: price === null ? '' : Number(price).toFixed(2),
    currency,
    isPremium: hotel.isPremium,
  };
}

/**
 * The create/update body (document 2, section 5): pricePerNight as a decimal string or left out
 * when empty; latitude and longitude left out when empty; blank optional texts sent as null.
 */
export function toAdminHotelPayload(values: AdminHotelFormValues, options: { omitEmptyGym?: boolean } = { omitEmptyGym: true }): AdminHotelCreate {
  const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());
  const typedCity = values.cityId === anotherCity;
  const body: AdminHotelCreate = {
    name: values.name.trim(),
    cityId: values.cityId && !typedCity ? Number(values.cityId) : null,
    ...(typedCity ? { city: values.city.trim(), country: values.country.trim() } : {}),
    address: values.address.trim(),
    description: blankToNull(values.description),
    currency: values.currency,
    gymAccessType: values.gymAccessType,
    imageUrl: blankToNull(values.imageUrl),
    bookingUrl: blankToNull(values.bookingUrl),
    isPremium: values.isPremium,
  };
  const price = values.pricePerNight.trim();
  // The contract accepts the decimal string the spec sends and converts it itself.
  if (price !== '') (body as Record<string, unknown>).pricePerNight = Number(price).toFixed(2);
  if (values.latitude.trim() !== '') body.latitude = Number(values.latitude);
  if (values.longitude.trim() !== '') body.longitude = Number(values.longitude);
  // Equipment and gym facts; a new hotel nobody described a gym for gets none.
  const gym = toGymPayload(values.gymData);
  body.rawEquipment = gym.rawEquipment;
  if (!options.omitEmptyGym || !isEmptyGymData(values.gymData)) body.gym = gym.gym;
  return body;
}

/**
 * The update body in edit mode: only the fields whose value the admin changed, so a field they did
 * not touch is never rewritten (a stored value the dialog cannot show exactly stays as it is).
 * A field emptied by the admin is sent as null, which clears it.
 */
export function toAdminHotelChanges(initial: AdminHotelFormValues, values: AdminHotelFormValues): AdminHotelUpdate {
  // The gym is always compared (never dropped): clearing its facts must not delete the gym's other details.
  const before = toAdminHotelPayload(initial, { omitEmptyGym: false }) as Record<string, unknown>;
  const after = toAdminHotelPayload(values, { omitEmptyGym: false }) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // A city chosen from the list brings its own name and country: the typed ones are not cleared separately.
    if ((key === 'city' || key === 'country') && after[key] === undefined && typeof after.cityId === 'number') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key] ?? null;
  }
  return changes as AdminHotelUpdate;
}

/** Total Clicks card: the sum of affiliateClicks, a missing count counting as 0. */
export function totalClicks(hotels: Array<{ affiliateClicks?: number | null }>): number {
  return hotels.reduce((sum, h) => sum + (Number(h.affiliateClicks) || 0), 0);
}

