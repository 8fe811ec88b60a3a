import { describe, expect, it } from 'vitest';
import { adminHotelCreate, adminHotelUpdate, hotelApprovalRequest, messages, providerHotelCreate, providerHotelUpdate } from '@reproute/contracts';

const valid = { name: 'Harbour Lift Hotel', address: '1 Quay Street', bookingUrl: 'https://harbourlift.example/book', gymAccessType: 'on-site', cityId: 1 };

function firstMessage(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('provider listing payload', () => {
  it('accepts the four required fields and leaves the rest absent', () => {
    const parsed = providerHotelCreate.parse(valid);
    expect(parsed).toMatchObject(valid);
    expect(parsed.pricePerNight).toBeUndefined();
  });

  it.each([
    ['name missing', { ...valid, name: undefined }, messages.hotelNameRequired],
    ['name blank', { ...valid, name: '   ' }, messages.hotelNameRequired],
    ['name too long', { ...valid, name: 'x'.repeat(201) }, messages.hotelNameMax],
    ['address missing', { ...valid, address: undefined }, messages.addressRequired],
    ['address blank', { ...valid, address: '' }, messages.addressRequired],
    ['address too long', { ...valid, address: 'x'.repeat(301) }, messages.addressMax],
    ['bookingUrl missing', { ...valid, bookingUrl: undefined }, messages.bookingUrlRequired],
    ['bookingUrl blank', { ...valid, bookingUrl: ' ' }, messages.bookingUrlRequired],
    ['bookingUrl not a URL', { ...valid, bookingUrl: 'harbourlift' }, messages.bookingUrlInvalid],
    ['bookingUrl not http', { ...valid, bookingUrl: 'ftp://harbourlift.example' }, messages.bookingUrlInvalid],
    ['bookingUrl javascript', { ...valid, bookingUrl: 'javascript:alert(1)' }, messages.bookingUrlInvalid],
    ['gymAccessType missing', { ...valid, gymAccessType: undefined }, messages.gymAccessTypeRequired],
    ['gymAccessType unknown', { ...valid, gymAccessType: 'rooftop' }, messages.gymAccessTypeInvalid],
    ['description too long', { ...valid, description: 'x'.repeat(5001) }, messages.descriptionMax],
    ['negative price', { ...valid, pricePerNight: -1 }, messages.pricePerNightInvalid],
    ['price not a number', { ...valid, pricePerNight: 'cheap' }, messages.pricePerNightInvalid],
    ['price with three decimals', { ...valid, pricePerNight: '10.123' }, messages.pricePerNightInvalid],
    ['unknown currency', { ...valid, currency: 'XYZ' }, messages.currencyInvalid],
    ['image not a URL', { ...valid, imageUrl: 'photo.jpg' }, messages.imageUrlInvalid],
    ['gym image not a URL', { ...valid, gymImages: ['data:xyz'] }, messages.imageUrlInvalid],
    ['latitude out of range', { ...valid, latitude: 91 }, messages.latitudeInvalid],
    ['longitude out of range', { ...valid, longitude: '-181' }, messages.longitudeInvalid],
    ['cityId not a number', { ...valid, cityId: 'abc' }, messages.cityNotFound],
    ['contact email invalid', { ...valid, contactEmail: 'not-an-email' }, messages.contactEmailInvalid],
    ['empty equipment item', { ...valid, rawEquipment: ['Squat rack', ' '] }, messages.equipmentItemInvalid],
  ])('%s', (_case, body, message) => {
    expect(firstMessage(providerHotelCreate, body)).toBe(message);
  });

  it('drops provider and approval fields sent by the client', () => {
    const parsed = providerHotelCreate.parse({ ...valid, providerId: '00000000-0000-4000-8000-000000000009', isApproved: true, isPremium: true });
    expect(parsed).not.toHaveProperty('providerId');
    expect(parsed).not.toHaveProperty('isApproved');
    expect(parsed).not.toHaveProperty('isPremium');
  });

  it('normalises currency case, empty optional strings and string coordinates', () => {
    const parsed = providerHotelCreate.parse({ ...valid, currency: 'gbp', description: '  ', imageUrl: '', latitude: '51.5', cityId: '', city: 'Zürich', country: 'Switzerland' });
    expect(parsed.currency).toBe('GBP');
    expect(parsed.description).toBeUndefined();
    expect(parsed.imageUrl).toBeUndefined();
    expect(parsed.latitude).toBe(51.5);
    expect(parsed.cityId).toBeUndefined();
  });

  it('accepts /images/ paths and http(s) URLs for pictures', () => {
    expect(providerHotelCreate.safeParse({ ...valid, imageUrl: '/images/hotels/h01/hero.jpg', gymImages: ['https://cdn.example/gym.jpg'] }).success).toBe(true);
    expect(providerHotelCreate.safeParse({ ...valid, imageUrl: '/images/../secret' }).success).toBe(false);
  });

  it('lets an update send any subset, but not blank required fields', () => {
    expect(providerHotelUpdate.parse({ description: 'New text' })).toEqual({ description: 'New text' });
    expect(firstMessage(providerHotelUpdate, { name: '' })).toBe(messages.hotelNameRequired);
    expect(firstMessage(providerHotelUpdate, { bookingUrl: 'nope' })).toBe(messages.bookingUrlInvalid);
  });
});

describe('admin hotel payload', () => {
  const adminValid = { name: 'Admin Hotel', address: '2 Admin Road', gymAccessType: 'partnered', cityId: 2 };

  it('takes pricePerNight as the decimal string the admin form sends', () => {
    expect(adminHotelCreate.parse({ ...adminValid, pricePerNight: '450.00' }).pricePerNight).toBe(450);
    expect(adminHotelCreate.parse({ ...adminValid, pricePerNight: '199.9' }).pricePerNight).toBe(199.9);
    expect(adminHotelCreate.parse({ ...adminValid, pricePerNight: '' }).pricePerNight).toBeUndefined();
  });

  it('does not require a booking URL but checks one when given', () => {
    expect(adminHotelCreate.safeParse(adminValid).success).toBe(true);
    expect(firstMessage(adminHotelCreate, { ...adminValid, bookingUrl: 'www.example.com' })).toBe(messages.bookingUrlInvalid);
  });

  it('requires name, address and gymAccessType', () => {
    expect(firstMessage(adminHotelCreate, { ...adminValid, name: '' })).toBe(messages.hotelNameRequired);
    expect(firstMessage(adminHotelCreate, { ...adminValid, address: undefined })).toBe(messages.addressRequired);
    expect(firstMessage(adminHotelCreate, { ...adminValid, gymAccessType: '' })).toBe(messages.gymAccessTypeRequired);
  });

  it('keeps isPremium, optional coordinates and allows clearing the price on update', () => {
    const parsed = adminHotelCreate.parse({ ...adminValid, isPremium: true, latitude: '', longitude: '' });
    expect(parsed.isPremium).toBe(true);
    expect(parsed.latitude).toBeUndefined();
    expect(adminHotelUpdate.parse({ pricePerNight: null }).pricePerNight).toBeNull();
  });
});

describe('approval payload', () => {
  it('needs a boolean decision and bounds the reason', () => {
    expect(hotelApprovalRequest.parse({ isApproved: false, reason: 'Photos missing' })).toEqual({ isApproved: false, reason: 'Photos missing' });
    expect(firstMessage(hotelApprovalRequest, {})).toBe(messages.approvalDecisionRequired);
    expect(firstMessage(hotelApprovalRequest, { isApproved: 'yes' })).toBe(messages.approvalDecisionRequired);
    expect(firstMessage(hotelApprovalRequest, { isApproved: false, reason: 'x'.repeat(1001) })).toBe(messages.rejectionReasonMax);
  });
});
