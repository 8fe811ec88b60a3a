import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Hotel } from '@reproute/contracts';
import { HotelDialog } from './HotelDialog';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const cities = [
  { id: 5, name: 'Dubai', country: 'United Arab Emirates', latitude: 25.2, longitude: 55.27, hotelCount: 5 },
  { id: 2, name: 'London', country: 'United Kingdom', latitude: 51.5, longitude: -0.12, hotelCount: 5 },
];

/** The seeded Dubai hotel's shape: priced in AED, no stored imageUrl (the answer falls back to the first image). */
const dubai = {
  ...hotelFixture(),
  id: 19,
  name: 'Palm Strength Resort',
  cityId: 5,
  city: 'Dubai',
  country: 'United Arab Emirates',
  pricePerNight: 2600,
  price: 2600,
  currency: 'AED',
  gymAccessType: 'partnered',
  isPremium: true,
  latitude: 25.1124,
  longitude: 55.139,
  description: '  Starts with spaces, ends with a newline\n',
} as unknown as Hotel;

function stubApi() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/cities')) return Promise.resolve(new Response(JSON.stringify(cities), { status: 200 }));
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return Promise.resolve(new Response(JSON.stringify(dubai), { status: 200 }));
      }
      return Promise.resolve(new Response('[]', { status: 200 }));
    }),
  );
  return puts;
}

describe('HotelDialog (edit mode) never changes a field the admin did not touch', () => {
  it('shows AED as the currency and saves without sending any untouched field', async () => {
    const puts = stubApi();
    renderWithApp(<HotelDialog open hotel={dubai} onOpenChange={() => undefined} />);
    const currency = (await screen.findByLabelText('Currency')) as HTMLSelectElement;
    expect(currency.value).toBe('AED');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({});
  });

  it('sends only the field the admin changed', async () => {
    const puts = stubApi();
    renderWithApp(<HotelDialog open hotel={dubai} onOpenChange={() => undefined} />);
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Palm Strength Resort & Spa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ name: 'Palm Strength Resort & Spa' });
  });

  it('a price the admin empties is cleared (null), a currency they pick is sent', async () => {
    const puts = stubApi();
    renderWithApp(<HotelDialog open hotel={dubai} onOpenChange={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Price per night'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ pricePerNight: null, currency: 'EUR' });
  });
});
