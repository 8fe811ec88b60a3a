import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { displayStore } from '@/lib/displayPrefs';
import { RevisionValue } from './RevisionValue';

const id = 'cd'.repeat(16);

afterEach(() => displayStore.set({ units: 'kg', currency: null, chosen: false }));

describe('RevisionValue', () => {
  it('shows photo changes as thumbnails in order, uploaded photos with their small variants', () => {
    const { container } = render(<RevisionValue field="images" value={[`/images/photos/${id}-1600.webp`, '/images/hotels/h01/hero.jpg']} />);
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs.map((img) => img.getAttribute('alt'))).toEqual(['Photo 1 of 2', 'Photo 2 of 2']);
    expect(imgs[0]!.getAttribute('src')).toBe(`/images/photos/${id}-400.webp`);
    expect(imgs[0]!.getAttribute('srcset')).toContain('400w');
    expect(imgs[1]!.getAttribute('src')).toBe('/images/hotels/h01/hero.jpg');
    expect(container.querySelectorAll('a')[1]!.getAttribute('href')).toBe('/images/hotels/h01/hero.jpg');
  });

  it('shows a cover as one thumbnail, nothing as (none), other fields as text', () => {
    expect(render(<RevisionValue field="imageUrl" value={`/images/photos/${id}-800.webp`} />).container.querySelectorAll('img')).toHaveLength(1);
    expect(render(<RevisionValue field="gymImages" value={[]} />).container.textContent).toBe('(none)');
    expect(render(<RevisionValue field="bookingUrl" value="https://book.example/x" />).container.textContent).toBe('https://book.example/x');
  });

  it('shows a gym’s weights in the unit the reader chose', () => {
    expect(render(<RevisionValue field="gym" value={{ heaviestDumbbellKg: 40 }} />).container.textContent).toBe('dumbbells to 40 kg');
    displayStore.set({ units: 'lb', currency: null, chosen: true });
    expect(render(<RevisionValue field="gym" value={{ heaviestDumbbellKg: 40 }} />).container.textContent).toBe('dumbbells to 88 lb');
  });
});
