import { describe, expect, it } from 'vitest';
import { adminHotelFormSchema, emptyAdminHotelForm, formValuesFromHotel, toAdminHotelPayload, totalClicks } from './adminHotelForm';
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
