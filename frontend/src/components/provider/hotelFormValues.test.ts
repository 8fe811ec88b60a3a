import { describe, expect, it } from 'vitest';
import { hotelFixture } from '@/test/fixtures';
import { emptyAdminHotelForm, formValuesFromHotel } from '@/components/admin/adminHotelForm';
import { commonFormValuesFromHotel, currencyChoicesWith, emptyCommonFormValues, formText, hotelPrice } from './hotelFormValues';
import { emptyListingForm, listingFormFromHotel } from './listingForm';

describe('what the admin dialog and the listing form share', () => {
  it('offers a hotel’s own currency beside the form’s', () => {
    expect(currencyChoicesWith(['USD', 'EUR'], 'AED')).toEqual(['USD', 'EUR', 'AED']);
    expect(currencyChoicesWith(['USD', 'EUR'], 'EUR')).toEqual(['USD', 'EUR']);
    expect(currencyChoicesWith(['USD', 'EUR'], undefined)).toEqual(['USD', 'EUR']);
  });

  it('reads text, the price and the common fields of a hotel', () => {
    expect([formText(null), formText(undefined), formText(12.5)]).toEqual(['', '', '12.5']);
    expect(hotelPrice({ pricePerNight: null, price: 80 })).toBe(80);
    expect(hotelPrice({ pricePerNight: null, price: null })).toBeNull();
    const hotel = hotelFixture({ description: null, imageUrl: null });
    const common = commonFormValuesFromHotel(hotel);
    expect(common).toMatchObject({ name: hotel.name, description: '', imageUrl: '', gymAccessType: hotel.gymAccessType });
    // Both forms start from the same values for the fields they share.
    expect(formValuesFromHotel(hotel)).toMatchObject(common);
    expect(listingFormFromHotel(hotel)).toMatchObject(common);
  });

  it('starts a new hotel from the same values in both forms', () => {
    expect(emptyCommonFormValues).toMatchObject({ name: '', gymAccessType: 'on-site', bookingUrl: '' });
    expect(emptyAdminHotelForm).toMatchObject({ ...emptyCommonFormValues, cityId: '', latitude: '', pricePerNight: '', currency: 'USD', isPremium: false });
    expect(emptyListingForm).toMatchObject({ ...emptyCommonFormValues, pricePerNight: '0', currency: 'USD', contactEmail: '' });
  });
});
