import { describe, expect, it } from 'vitest';
import { adminHotelFormSchema, currencyChoices, emptyAdminHotelForm, formValuesFromHotel, toAdminHotelChanges, toAdminHotelPayload, totalClicks } from './adminHotelForm';
import type { Hotel } from '@reproute/contracts';

describe('toAdminHotelPayload', () => {
  it('sends the price as a decimal string and leaves out empty price and coordinates', () => {
    const base = { ...emptyAdminHotelForm, name: ' Iron Inn ', address: '1 Main St' };
    const withoutPrice = toAdminHotelPayload(base);
    expect(withoutPrice).not.toHaveProperty('pricePerNight');
    expect(withoutPrice).not.toHaveProperty('latitude');
    expect(withoutPrice).not.toHaveProperty('longitude');
    expect(withoutPrice).toMatchObject({ name: 'Iron Inn', currency: 'USD', gymAccessType: 'on-site', isPremium: false, cityId: null });
    const withPrice = toAdminHotelPayload({ ...base, pricePerNight: '450', cityId: '2', latitude: '51.5', longitude: '-0.12' });
    expect(withPrice).toMatchObject({ pricePerNight: '450.00', cityId: 2, latitude: 51.5, longitude: -0.12 });
  });
});

describe('adminHotelFormSchema', () => {
  it('requires name and address', () => {
    const result = adminHotelFormSchema.safeParse(emptyAdminHotelForm);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('Hotel name is required');
    expect(messages).toContain('Address is required');
  });
});

describe('formValuesFromHotel', () => {
  it('pre-fills every field', () => {
    const hotel = { name: 'A', cityId: 3, address: 'x', description: null, pricePerNight: 98000, price: 98000, currency: 'JPY', gymAccessType: 'nearby', imageUrl: null, bookingUrl: 'https://a.example', isPremium: true, latitude: 35.6, longitude: null } as unknown as Hotel;
    expect(formValuesFromHotel(hotel)).toMatchObject({ cityId: '3', pricePerNight: '98000.00', currency: 'JPY', gymAccessType: 'nearby', isPremium: true, latitude: '35.6', longitude: '', description: '' });
  });
});

describe('totalClicks', () => {
  it('sums affiliateClicks, missing ones as 0', () => expect(totalClicks([{ affiliateClicks: 3 }, { affiliateClicks: null }, {}, { affiliateClicks: 4 }])).toBe(7));
});

describe('toAdminHotelChanges (edit mode)', () => {
  const hotel = { name: ' Spaced Name ', cityId: null, city: 'Typed Town', country: 'Typeland', address: '9 Side St', description: 'Line one\n', pricePerNight: 2600, price: 2600, currency: 'AED', gymAccessType: 'partnered', imageUrl: '/images/hotels/h19/hero.jpg', bookingUrl: null, isPremium: true, latitude: 25.11, longitude: 55.139 } as unknown as Hotel;

  it('sends nothing when nothing was touched, whatever the stored values', () => {
    const initial = formValuesFromHotel(hotel);
    expect(adminHotelFormSchema.safeParse(initial).success).toBe(true);
    expect(toAdminHotelChanges(initial, { ...initial })).toEqual({});
  });

  it('sends each touched field alone, and null for an emptied one', () => {
    const initial = formValuesFromHotel(hotel);
    expect(toAdminHotelChanges(initial, { ...initial, isPremium: false })).toEqual({ isPremium: false });
    expect(toAdminHotelChanges(initial, { ...initial, cityId: '2' })).toEqual({ cityId: 2 });
    expect(toAdminHotelChanges(initial, { ...initial, latitude: '' })).toEqual({ latitude: null });
    expect(toAdminHotelChanges(initial, { ...initial, imageUrl: '' })).toEqual({ imageUrl: null });
    expect(toAdminHotelChanges(initial, { ...initial, pricePerNight: '2700' })).toEqual({ pricePerNight: '2700.00' });
  });

  it('keeps a currency outside the dialog list as a choice', () => {
    expect(formValuesFromHotel(hotel).currency).toBe('AED');
    expect(currencyChoices('AED')).toEqual(['USD', 'GBP', 'EUR', 'JPY', 'AED']);
    expect(currencyChoices('GBP')).toEqual(['USD', 'GBP', 'EUR', 'JPY']);
  });
});
