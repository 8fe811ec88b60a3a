import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { HotelCard } from './HotelCard';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import { HOTEL_PLACEHOLDER } from '@/lib/hotel';
import { addDays, isoDate } from '@/lib/booking';

describe('HotelCard', () => {
  it('shows name, place, rating to one decimal, the formatted price and the 120-character preview', () => {
    const hotel = hotelFixture();
    renderWithApp(<HotelCard hotel={hotel} />);
    expect(screen.getByRole('heading', { name: 'The Iron Palace' })).toBeTruthy();
    expect(screen.getByText('London, United Kingdom')).toBeTruthy();
    expect(screen.getByText('4.7')).toBeTruthy();
    expect(screen.getByTestId('hotel-price').textContent).toBe('£1,234');
    expect(screen.getByText(`${(hotel.description ?? '').slice(0, 120).trimEnd()}...`)).toBeTruthy();
    expect(screen.getByText('On-site Gym')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Gym Details' }).getAttribute('href')).toBe('/hotels/the-iron-palace');
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeTruthy();
  });

  it('shows the gym score to one decimal and up to three gym highlights', () => {
    const hotel = hotelFixture({
      gymScore: 4,
      gymHighlights: [
        { kind: 'hours', label: '24 hours' },
        { kind: 'size', label: '1,200 sqm' },
        { kind: 'dumbbell', label: 'Dumbbells to 50 kg' },
      ],
    });
    renderWithApp(<HotelCard hotel={hotel} />);
    expect(screen.getByLabelText('Gym score 4.0 out of 5').textContent).toBe('Gym 4.0');
    const list = screen.getByRole('list', { name: 'Gym highlights' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['24 hours', '1,200 sqm', 'Dumbbells to 50 kg']);
  });

  it('shows no gym line for answers without a score or highlights', () => {
    renderWithApp(<HotelCard hotel={hotelFixture({ gymScore: undefined })} />);
    expect(screen.queryByTestId('gym-glance')).toBeNull();
  });

  it('hides Check Availability without a booking URL', () => {
    renderWithApp(<HotelCard hotel={hotelFixture({ bookingUrl: null })} />);
    expect(screen.queryByRole('button', { name: 'Check Availability' })).toBeNull();
  });

  it('renders a card of the first view at once, and a later one only as it comes near the screen', () => {
    const first = renderWithApp(<HotelCard hotel={hotelFixture()} priority />);
    expect(first.getByTestId('hotel-card').className).not.toContain('render-when-near');
    first.unmount();
    const later = renderWithApp(<HotelCard hotel={hotelFixture()} />);
    expect(later.getByTestId('hotel-card').className).toContain('render-when-near');
  });

  it('falls back to the local placeholder when the image fails', () => {
    const { container } = renderWithApp(<HotelCard hotel={hotelFixture()} />);
    const img = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(HOTEL_PLACEHOLDER);
  });

  it('gives visitors the sign-in toast on the heart', async () => {
    renderWithApp(<HotelCard hotel={hotelFixture()} />);
    fireEvent.click(screen.getByRole('button', { name: /Save The Iron Palace to favorites/ }));
    expect(await screen.findByText('Sign in Required')).toBeTruthy();
    expect(screen.getByText('Please sign in to save favorites')).toBeTruthy();
  });

  it('carries the chosen dates and guests to the hotel page and shows the total for the stay', () => {
    const checkIn = isoDate(addDays(new Date(), 5));
    const checkOut = isoDate(addDays(new Date(), 9));
    renderWithApp(<HotelCard hotel={hotelFixture({ pricePerNight: 310, currency: 'EUR' })} />, { route: `/search?query=London&checkIn=${checkIn}&checkOut=${checkOut}&adults=2` });
    expect(screen.getByRole('link', { name: 'View Gym Details' }).getAttribute('href')).toBe(`/hotels/the-iron-palace?checkIn=${checkIn}&checkOut=${checkOut}&adults=2`);
    expect(screen.getByTestId('hotel-price').parentElement?.textContent).toBe('€310 per night');
    expect(screen.getByTestId('hotel-stay-total').textContent).toBe('€1,240 for 4 nights');
  });

  it('shows no stay total without dates', () => {
    renderWithApp(<HotelCard hotel={hotelFixture()} />, { route: '/search?adults=3' });
    expect(screen.queryByTestId('hotel-stay-total')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Gym Details' }).getAttribute('href')).toBe('/hotels/the-iron-palace?adults=3');
  });
});
