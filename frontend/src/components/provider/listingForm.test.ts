import { describe, expect, it } from 'vitest';
import { emptyListingForm, listingFormSchema, toCreateListing, toUpdateListing } from './listingForm';

describe('listingFormSchema', () => {
  it('requires name, address and booking URL with the shared messages', () => {
    const result = listingFormSchema.safeParse(emptyListingForm);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Hotel name is required', 'Address is required', 'Booking URL is required']),
    );
  });
  it('rejects a booking URL that is not http(s)', () => {
    const result = listingFormSchema.safeParse({ ...emptyListingForm, name: 'A', address: 'B', bookingUrl: 'javascript:alert(1)' });
    expect(result.error?.issues.map((i) => i.message)).toContain('Booking URL must be a valid http(s) URL');
  });
});

describe('listing bodies', () => {
  const values = listingFormSchema.parse({
    ...emptyListingForm,
    name: ' Iron Inn ',
    address: '1 Main St',
    bookingUrl: 'https://iron.example/book',
    pricePerNight: '199.50',
    cityId: '2',
    equipmentText: 'Squat rack, Dumbbells to 40kg, ',
  });
  it('converts text fields for the create call', () => {
    expect(toCreateListing(values)).toMatchObject({
      name: 'Iron Inn',
      pricePerNight: 199.5,
      cityId: 2,
      currency: 'USD',
      gymAccessType: 'on-site',
      rawEquipment: ['Squat rack', 'Dumbbells to 40kg'],
    });
    expect(toCreateListing(values)).not.toHaveProperty('equipmentText');
  });
  it('sends cleared optional fields as null on update', () => {
    expect(toUpdateListing(values)).toMatchObject({ description: null, imageUrl: null, contactEmail: null });
  });
});
