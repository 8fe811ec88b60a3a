import { z } from 'zod';
import { providerHotelCreate, splitCommaList, type Hotel, type ProviderHotelCreate, type ProviderHotelUpdate } from '@reproute/contracts';

/** Currencies a provider may price in: the union of both old add-hotel forms (document 2, section 5). */
export const providerCurrencies = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'] as const;

/** The provider listing form: the shared create schema, with the equipment typed as comma-separated text. */
export const listingFormSchema = providerHotelCreate.omit({ rawEquipment: true, gymEquipment: true }).extend({
  equipmentText: z.string().max(4000),
});
export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingFormOutput = z.output<typeof listingFormSchema>;

/** Document 2 defaults: price 0, currency USD, gym access on-site. */
export const emptyListingForm: ListingFormInput = {
  name: '',
  description: '',
  gymAccessType: 'on-site',
  equipmentText: '',
  address: '',
  cityId: '',
  pricePerNight: '0',
  currency: 'USD',
  imageUrl: '',
  bookingUrl: '',
  contactEmail: '',
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function listingFormFromHotel(hotel: Hotel): ListingFormInput {
  const price = hotel.pricePerNight ?? hotel.price;
  return {
    name: hotel.name,
    description: text(hotel.description),
    gymAccessType: hotel.gymAccessType,
    equipmentText: hotel.rawEquipment.join(', '),
    address: text(hotel.address),
    cityId: text(hotel.cityId),
    pricePerNight: price === null || price === undefined ? '' : String(price),
    currency: hotel.currency,
    imageUrl: text(hotel.imageUrl),
    bookingUrl: text(hotel.bookingUrl),
    contactEmail: text(hotel.contactEmail),
  };
}

/** POST /api/provider/hotels body. */
export function toCreateListing(values: ListingFormOutput): ProviderHotelCreate {
  const { equipmentText, ...rest } = values;
  return { ...rest, rawEquipment: splitCommaList(equipmentText) };
}

/** PUT /api/provider/hotels/{id} body: cleared optional fields are sent as null so they really clear. */
export function toUpdateListing(values: ListingFormOutput): ProviderHotelUpdate {
  const body = toCreateListing(values);
  return {
    ...body,
    description: body.description ?? null,
    cityId: body.cityId ?? null,
    pricePerNight: body.pricePerNight ?? null,
    imageUrl: body.imageUrl ?? null,
    contactEmail: body.contactEmail ?? null,
  };
}
