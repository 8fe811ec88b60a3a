import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { HotelImage } from './HotelImage';
import { HOTEL_PLACEHOLDER } from '@/lib/hotel';

const id = 'ab'.repeat(16);

describe('HotelImage', () => {
  it('gives an uploaded photo its WebP variants as srcset with the sizes it is shown at', () => {
    const { container } = render(<HotelImage src={`/images/photos/${id}-1600.webp`} alt="Lobby" sizes="(min-width: 640px) 50vw, 100vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/images/photos/${id}-800.webp`);
    expect(img.getAttribute('srcset')).toBe(`/images/photos/${id}-400.webp 400w, /images/photos/${id}-800.webp 800w, /images/photos/${id}-1600.webp 1600w`);
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 50vw, 100vw');
  });

  it('uses any other URL as it is, without srcset, and falls back to the placeholder when it fails', () => {
    const { container } = render(<HotelImage src="/images/hotels/h01/hero.jpg" alt="Hero" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/hotels/h01/hero.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    fireEvent.error(img);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(HOTEL_PLACEHOLDER);
  });

  it('drops the srcset with the failed photo', () => {
    const { container } = render(<HotelImage src={`/images/photos/${id}-400.webp`} alt="Pool" />);
    fireEvent.error(container.querySelector('img')!);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(HOTEL_PLACEHOLDER);
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
