import { describe, expect, it } from 'vitest';
import { formatPrice, previewText } from '@reproute/contracts';
import { bookingTarget, gymAccessLabel, hotelPriceLabel, primaryImage, ratingLabel, HOTEL_PLACEHOLDER } from './hotel';

describe('hotel display helpers', () => {
  it('formats prices with the one formatter (ruling 12)', () => {
    expect(hotelPriceLabel({ price: null, pricePerNight: 450, currency: 'USD' })).toBe('$450');
    expect(hotelPriceLabel({ price: null, pricePerNight: 1234.6, currency: 'GBP' })).toBe('£1,235');
    expect(hotelPriceLabel({ price: 45000, pricePerNight: null, currency: 'JPY' })).toBe('¥45,000');
    expect(hotelPriceLabel({ price: null, pricePerNight: 300, currency: 'EUR' })).toBe('€300');
    expect(hotelPriceLabel({ price: null, pricePerNight: 900, currency: 'AED' })).toBe('AED 900');
    expect(hotelPriceLabel({ price: null, pricePerNight: null, currency: 'USD' })).toBeNull();
    expect(formatPrice(1000, 'USD')).toBe('$1,000');
  });

  it('writes whole amounts exactly as en-US Intl does, without it', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const amount of [0, 1, 12, 999, 1000, 1234.5, 99_999.49, 100_000, 1_234_567, 987_654_321_012, -5, -1234, 0.4, '2500', '1e6']) {
      expect(formatPrice(amount, 'USD'), String(amount)).toBe(`$${intl.format(Math.round(Number(amount)))}`);
    }
    expect(formatPrice('abc', 'USD')).toBe('N/A');
    expect(formatPrice(Infinity, 'USD')).toBe('N/A');
  });

  it('shows ratings to one decimal, or nothing when missing', () => {
    expect(ratingLabel(4.75)).toBe('4.8');
    expect(ratingLabel(4)).toBe('4.0');
    expect(ratingLabel(0)).toBeNull();
  });

  it('cuts descriptions at 120 characters with an ellipsis', () => {
    const long = 'a'.repeat(150);
    expect(previewText(long, 120)).toBe(`${'a'.repeat(120)}...`);
    expect(previewText('short', 120)).toBe('short');
  });

  it('labels gym access types', () => {
    expect(gymAccessLabel('on-site')).toBe('On-site Gym');
    expect(gymAccessLabel('partnered')).toBe('Gym Partnership');
    expect(gymAccessLabel('nearby')).toBe('Nearby Gyms');
  });

  it('picks an image and a booking target', () => {
    expect(primaryImage({ imageUrl: null, images: [], gymImages: [] })).toBe(HOTEL_PLACEHOLDER);
    expect(primaryImage({ imageUrl: '', images: ['/images/a.jpg'], gymImages: [] })).toBe('/images/a.jpg');
    expect(bookingTarget({ bookingUrl: null, affiliateUrl: 'https://aff' })).toBe('https://aff');
    expect(bookingTarget({ bookingUrl: null, affiliateUrl: null })).toBeNull();
  });
});
