import { describe, expect, it } from 'vitest';
import { revisionFieldLabels, revisionValueText } from './revisionText';

describe('revision text', () => {
  it('names fields and shows values for people', () => {
    expect(revisionFieldLabels.bookingUrl).toBe('Booking URL');
    expect(revisionValueText('bookingUrl', 'https://a.example/book')).toBe('https://a.example/book');
    expect(revisionValueText('contactEmail', null)).toBe('(none)');
    expect(revisionValueText('gymImages', [])).toBe('(none)');
    expect(revisionValueText('images', ['/a.jpg', '/b.jpg'])).toBe('/a.jpg, /b.jpg');
    expect(revisionValueText('cityId', 5, [{ id: 5, name: 'Dubai', country: 'United Arab Emirates' }])).toBe('Dubai, United Arab Emirates');
  });
});
