import { emptyGymData, gymWeightsIn } from './gymDataForm';
import { describe, expect, it } from 'vitest';
import type { Hotel } from '@reproute/contracts';
import { emptyListingForm, formPathOf, listingFormFromHotel, listingFormSchema, toCreateListing, toUpdateListing } from './listingForm';

describe('listingFormSchema', () => {
  it('requires name, address, booking URL and a city with the shared messages', () => {
    const result = listingFormSchema.safeParse(emptyListingForm);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Hotel name is required', 'Address is required', 'Booking URL is required', 'Choose a city, or choose "Another city" and enter its name and country']),
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
    place: { ...emptyListingForm.place, cityId: '2' },
    gymData: { ...emptyListingForm.gymData, equipment: ['squat rack', 'rower'], extras: 'Sled lane, ', sizeSqm: '450' },
  });
  it('converts text fields for the create call', () => {
    const body = toCreateListing(values);
    expect(body).toMatchObject({
      name: 'Iron Inn',
      pricePerNight: 199.5,
      cityId: 2,
      currency: 'USD',
      gymAccessType: 'on-site',
      rawEquipment: ['squat rack', 'rower', 'Sled lane'],
      gym: { sizeSqm: 450, weeklyHours: null, hasPool: false },
    });
    expect(body).not.toHaveProperty('place');
    expect(body).not.toHaveProperty('gymData');
  });
  it('leaves the gym out of a new listing when nothing about it was entered', () => {
    const bare = listingFormSchema.parse({ ...emptyListingForm, name: 'A', address: 'B', bookingUrl: 'https://a.example', place: { ...emptyListingForm.place, cityId: '1' } });
    expect(toCreateListing(bare)).not.toHaveProperty('gym');
    expect(toCreateListing(bare).rawEquipment).toEqual([]);
  });
  it('sends cleared optional fields as null on update', () => {
    expect(toUpdateListing(values)).toMatchObject({ description: null, imageUrl: null, contactEmail: null });
  });
  it('sends the equipment and gym on update only when they changed from what the form showed', () => {
    const shown = { ...emptyListingForm, gymData: { ...emptyListingForm.gymData, equipment: ['rower', 'squat rack'], extras: 'Sled lane', sizeSqm: '450' } };
    expect(toUpdateListing(values, shown)).not.toHaveProperty('gym');
    expect(toUpdateListing(values, shown)).not.toHaveProperty('rawEquipment');
    const changed = { ...shown, gymData: { ...shown.gymData, sizeSqm: '400' } };
    expect(toUpdateListing(values, changed)).toMatchObject({ gym: { sizeSqm: 450 }, rawEquipment: ['squat rack', 'rower', 'Sled lane'] });
  });
  it('sends "another city" as the typed city and country with its coordinates', () => {
    const typed = listingFormSchema.parse({ ...emptyListingForm, name: 'A', address: 'B', bookingUrl: 'https://a.example', place: { cityId: 'other', city: ' Zürich ', country: 'Switzerland', latitude: '47.37', longitude: '8.54' } });
    expect(toCreateListing(typed)).toMatchObject({ cityId: null, city: 'Zürich', country: 'Switzerland', latitude: 47.37, longitude: 8.54 });
  });
  it('asks for the name and country of another city', () => {
    const result = listingFormSchema.safeParse({ ...emptyListingForm, name: 'A', address: 'B', bookingUrl: 'https://a.example', place: { ...emptyListingForm.place, cityId: 'other' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['place.city', 'Enter the name of the city'],
        ['place.country', 'Enter the country of the city'],
      ]),
    );
  });
});

describe('listingFormFromHotel', () => {
  it('fills the place and the gym from a listing', () => {
    const hotel = {
      name: 'A', description: null, gymAccessType: 'on-site', address: 'x', cityId: null, city: 'Typed Town', country: 'Typeland', latitude: 1, longitude: 2,
      pricePerNight: 10, price: 10, currency: 'USD', imageUrl: null, bookingUrl: null, contactEmail: null,
      rawEquipment: ['Power rack', 'Treadmill', 'Sauna'],
      gym: { open24Hours: false, opensAt: '06:00', closesAt: '22:00', sizeSqm: 300, heaviestDumbbellKg: 40, hasPool: true, hasSauna: false, hasPersonalTrainer: true, hasFitnessClasses: false },
    } as unknown as Hotel;
    const form = listingFormFromHotel(hotel);
    expect(form.place).toEqual({ cityId: 'other', city: 'Typed Town', country: 'Typeland', latitude: '1', longitude: '2' });
    expect(form.gymData).toEqual({
      ...emptyGymData,
      equipment: ['squat rack', 'treadmill', 'pool', 'sauna'],
      extras: 'Power rack',
      open24Hours: false,
      opensAt: '06:00',
      closesAt: '22:00',
      sizeSqm: '300',
      heaviestDumbbellKg: '40',
      storedKg: { ...emptyGymData.storedKg, heaviestDumbbellKg: 40 },
      hasPersonalTrainer: true,
      hasFitnessClasses: false,
    });
  });
});

describe('a listing edited in pounds', () => {
  const hotel = {
    name: 'Iron Inn', description: null, gymAccessType: 'on-site', address: '1 Main St', cityId: 2, city: 'London', country: 'United Kingdom', latitude: null, longitude: null,
    pricePerNight: 100, price: 100, currency: 'USD', imageUrl: null, bookingUrl: 'https://iron.example/book', contactEmail: null, rawEquipment: [],
    gym: { sizeSqm: 300, heaviestDumbbellKg: 40, lightestDumbbellKg: 2, heaviestKettlebellKg: 32, platesTotalKg: 500, hasPool: false, hasSauna: false },
  } as unknown as Hotel;
  const shown = listingFormFromHotel(hotel);
  const inPounds = { ...shown, gymData: { ...shown.gymData, ...gymWeightsIn(shown.gymData, 'lb') } };

  it('shows the stored kilograms in pounds and, saved as they are, sends no gym (nothing drifts)', () => {
    expect(inPounds.gymData).toMatchObject({ weightUnit: 'lb', heaviestDumbbellKg: '88', lightestDumbbellKg: '4.5', heaviestKettlebellKg: '70.5', platesTotalKg: '1102' });
    const values = listingFormSchema.parse(inPounds);
    expect(toUpdateListing(values, shown)).not.toHaveProperty('gym');
  });
  it('sends a weight typed in pounds in kilograms, the others as stored', () => {
    const values = listingFormSchema.parse({ ...inPounds, gymData: { ...inPounds.gymData, heaviestDumbbellKg: '100' } });
    expect(toUpdateListing(values, shown).gym).toMatchObject({ heaviestDumbbellKg: 45.4, lightestDumbbellKg: 2, heaviestKettlebellKg: 32, platesTotalKg: 500 });
    const created = listingFormSchema.parse({ ...emptyListingForm, name: 'A', address: 'B', bookingUrl: 'https://a.example', place: { ...emptyListingForm.place, cityId: '1' }, gymData: { ...emptyGymData, weightUnit: 'lb', heaviestDumbbellKg: '50', lightestDumbbellKg: '2.5' } });
    expect(toCreateListing(created).gym).toMatchObject({ heaviestDumbbellKg: 22.7, lightestDumbbellKg: 1.1 });
  });
  it('names pounds in the messages of weights typed in pounds', () => {
    const result = listingFormSchema.safeParse({ ...inPounds, gymData: { ...inPounds.gymData, heaviestDumbbellKg: '450' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['gymData.heaviestDumbbellKg', 'Heaviest dumbbell must be a number of pounds from 2.5 to 440.5']]);
  });
});

describe('formPathOf', () => {
  it('puts the server field messages next to the form fields', () => {
    expect(formPathOf('cityId')).toBe('place.cityId');
    expect(formPathOf('country')).toBe('place.country');
    expect(formPathOf('rawEquipment')).toBe('gymData.extras');
    expect(formPathOf('gym.opensAt')).toBe('gymData.opensAt');
    expect(formPathOf('name')).toBe('name');
    expect(formPathOf('providerId')).toBeUndefined();
  });
});
