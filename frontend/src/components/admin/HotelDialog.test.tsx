import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Hotel } from '@reproute/contracts';
import { HotelDialog } from './HotelDialog';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import { displayStore } from '@/lib/displayPrefs';

afterEach(() => {
  vi.unstubAllGlobals();
  displayStore.set({ units: 'kg', currency: null, chosen: false });
});

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

describe('HotelDialog in pounds', () => {
  const strong = { ...dubai, gym: { name: null, type: null, description: null, hours: null, size: null, hasPool: false, hasSauna: false, hasPersonalTrainer: false, heaviestDumbbellKg: 40, heaviestKettlebellKg: 32 } } as unknown as Hotel;

  it('shows the stored weights in pounds and saves them untouched as they were', async () => {
    displayStore.set({ units: 'lb', currency: null, chosen: true });
    const puts = stubApi();
    renderWithApp(<HotelDialog open hotel={strong} onOpenChange={() => undefined} />);
    const dumbbell = (await screen.findByLabelText('Heaviest dumbbell (lb)')) as HTMLInputElement;
    await waitFor(() => expect(dumbbell.value).toBe('88'));
    expect((screen.getByLabelText('Heaviest kettlebell (lb)') as HTMLInputElement).value).toBe('70.5');
    expect(dumbbell.max).toBe('440.5');
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({});
  });

  it('sends a weight typed in pounds in kilograms, and follows a change of unit while open', async () => {
    displayStore.set({ units: 'lb', currency: null, chosen: true });
    const puts = stubApi();
    renderWithApp(<HotelDialog open hotel={strong} onOpenChange={() => undefined} />);
    const dumbbell = (await screen.findByLabelText('Heaviest dumbbell (lb)')) as HTMLInputElement;
    await waitFor(() => expect(dumbbell.value).toBe('88'));
    fireEvent.change(dumbbell, { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    expect(await screen.findByText('Heaviest dumbbell must be a number of pounds from 2.5 to 440.5')).toBeTruthy();
    fireEvent.change(dumbbell, { target: { value: '100' } });
    act(() => displayStore.set({ units: 'kg', currency: null, chosen: true }));
    const inKg = (await screen.findByLabelText('Heaviest dumbbell (kg)')) as HTMLInputElement;
    await waitFor(() => expect(inKg.value).toBe('45.4'));
    expect((screen.getByLabelText('Heaviest kettlebell (kg)') as HTMLInputElement).value).toBe('32');
    act(() => displayStore.set({ units: 'lb', currency: null, chosen: true }));
    await waitFor(() => expect((screen.getByLabelText('Heaviest dumbbell (lb)') as HTMLInputElement).value).toBe('100'));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Hotel' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0] as { gym: Record<string, unknown> }).gym).toMatchObject({ heaviestDumbbellKg: 45.4, heaviestKettlebellKg: 32 });
  });
});
