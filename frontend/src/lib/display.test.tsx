import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DISPLAY_KEY, displayStore, readStoredDisplay, useWeightUnit } from './displayPrefs';
import { chooseDisplay } from './displayChoice';
import { shownPrice, shownPrices } from './prices';
import { galleryPhotos } from './photos';
import { dumbbellParam, readSearchFilters } from './searchParams';
import { priceFilterCurrency, rangeIn } from '@/components/search/SearchFilters';
import { equipmentLabelInUnit } from './hotel';
import { captionsWith } from '@/components/provider/photoArrangement';
import { dumbbellRangeText, equipmentChipText, platesText, specRows } from './gymFacts';
import { DisplayPicker } from '@/components/DisplayPicker';
import { renderWithApp } from '@/test/render';

afterEach(() => {
  localStorage.clear();
  displayStore.set({ units: 'kg', currency: null, chosen: false });
  vi.unstubAllGlobals();
});

describe('the display choice, kept in the browser', () => {
  it('is stored and read back; what the storage holds that is not a unit or currency is ignored', async () => {
    expect(readStoredDisplay()).toBeNull();
    await chooseDisplay({ units: 'lb' }, false);
    expect(readStoredDisplay()).toEqual({ units: 'lb', currency: null });
    await chooseDisplay({ currency: 'EUR' }, false);
    expect(JSON.parse(localStorage.getItem(DISPLAY_KEY)!)).toEqual({ units: 'lb', currency: 'EUR' });
    localStorage.setItem(DISPLAY_KEY, JSON.stringify({ units: 'stone', currency: 'XYZ' }));
    expect(readStoredDisplay()).toEqual({ units: 'kg', currency: null });
    localStorage.setItem(DISPLAY_KEY, '{not json');
    expect(readStoredDisplay()).toBeNull();
  });

  it('signed in, is sent to the profile as well', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
        return new Response(JSON.stringify({ units: 'lb', currency: null, updatedAt: '2026-12-02T04:00:00.000Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await chooseDisplay({ units: 'lb' }, true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain('/api/auth/me/display-preferences');
    expect(calls[0]!.body).toEqual({ units: 'lb' });
  });

  it('the picker changes every figure that reads the unit', () => {
    function Figure() {
      return <p data-testid="figure">{dumbbellRangeText({ lightestDumbbellKg: 2, heaviestDumbbellKg: 50 }, useWeightUnit())}</p>;
    }
    renderWithApp(
      <>
        <DisplayPicker />
        <Figure />
      </>,
    );
    expect(screen.getByTestId('figure').textContent).toBe('2–50 kg');
    act(() => {
      fireEvent.change(screen.getByLabelText('Weights in'), { target: { value: 'lb' } });
    });
    expect(screen.getByTestId('figure').textContent).toBe('4–110 lb');
    expect(readStoredDisplay()?.units).toBe('lb');
    act(() => {
      fireEvent.change(screen.getByLabelText('Prices in'), { target: { value: 'JPY' } });
    });
    expect(readStoredDisplay()).toEqual({ units: 'lb', currency: 'JPY' });
  });
});

describe('weights in the traveller’s unit', () => {
  const gym = { lightestDumbbellKg: 2.5, heaviestDumbbellKg: 40, heaviestKettlebellKg: 32, plateKinds: ['bumper' as const], platesTotalKg: 1200 };
  it('gym specs, chips and labels', () => {
    expect(dumbbellRangeText(gym, 'lb')).toBe('6–88 lb');
    expect(platesText(gym, 'lb')).toBe('Bumper, 2,646 lb in all');
    expect(specRows(gym as never, 'lb').map((r) => r.value)).toEqual(['6–88 lb', 'to 71 lb', 'Bumper, 2,646 lb in all']);
    expect(specRows(gym as never).map((r) => r.value)).toEqual(['2.5–40 kg', 'to 32 kg', 'Bumper, 1,200 kg in all']);
    expect(equipmentChipText('dumbbells ≥40kg', gym, equipmentLabelInUnit, 'lb')).toBe('Dumbbells 6–88 lb');
    expect(equipmentChipText('dumbbells ≥40kg', { lightestDumbbellKg: null, heaviestDumbbellKg: null }, equipmentLabelInUnit, 'lb')).toBe('Dumbbells ≥88 lb');
    expect(equipmentLabelInUnit('dumbbells ≥40kg', 'kg')).toBe('Dumbbells ≥40kg');
  });

  it('a pound value in the URL is converted to the kilograms the API takes', () => {
    const kg = (query: string) => dumbbellParam(new URLSearchParams(query));
    expect(kg('minDumbbellKg=40')).toBe(40);
    expect(kg('minDumbbellKg=50lb')).toBe(22.68);
    expect(kg('minDumbbell=50lb')).toBe(22.68);
    expect(kg('minDumbbell=50&units=lb')).toBe(22.68);
    expect(kg('minDumbbell=30')).toBe(30);
    expect(kg('minDumbbell=30kg&units=lb')).toBe(30);
    expect(kg('minDumbbell=1000lb')).toBeNull();
    expect(kg('minDumbbell=heavy')).toBeNull();
    expect(readSearchFilters(new URLSearchParams('minDumbbell=100lb')).minDumbbellKg).toBe(45.36);
  });
});

describe('prices a traveller can compare', () => {
  it('says when a price is converted, and at which date’s rates', () => {
    expect(shownPrice(285, 'GBP', null)).toEqual({ text: '£285', converted: false, original: '£285', note: null });
    expect(shownPrice(285, 'GBP', 'GBP').converted).toBe(false);
    expect(shownPrice(285, 'GBP', 'USD')).toEqual({ text: '≈ $362', converted: true, original: '£285', note: 'Converted from £285 at the rates of 2 Dec 2026' });
  });

  it('with dates, the stay’s total is nights × the nightly price; without, there is none', () => {
    expect(shownPrices(285, 'GBP', 4, null).stay).toMatchObject({ text: '£1,140 for 4 nights', nights: 4 });
    expect(shownPrices(285, 'GBP', 1, 'EUR').stay).toMatchObject({ text: '≈ €335 for 1 night', original: '£285 for 1 night' });
    expect(shownPrices(285, 'GBP', null, null).stay).toBeNull();
    expect(shownPrices(null, 'GBP', 3, null)).toEqual({ nightly: null, stay: null });
  });

  it('the price filter speaks the bounds’ currency, else the chosen one, else the result’s own', () => {
    const none = { minPrice: null, maxPrice: null, currency: 'USD' as const };
    const london = [{ currency: 'GBP' }, { currency: 'GBP' }];
    expect(priceFilterCurrency(none, null, london)).toBe('GBP');
    expect(priceFilterCurrency(none, 'EUR', london)).toBe('EUR');
    expect(priceFilterCurrency(none, null, [{ currency: 'GBP' }, { currency: 'EUR' }])).toBe('USD');
    expect(priceFilterCurrency({ minPrice: 100, maxPrice: null, currency: 'JPY' }, 'EUR', london)).toBe('JPY');
    expect(rangeIn({ min: 127, max: 254 }, 'USD', 'GBP')).toEqual({ min: 100, max: 200 });
  });
});

describe('photo captions in the provider’s photo manager', () => {
  it('sends every caption with the one changed; a blank one is taken out', () => {
    const photo = (url: string, caption: string | null) => ({ url, id: null, src: url, srcSet: null, originalUrl: url, width: null, height: null, isCover: false, caption });
    const answer = { hotelId: 1, status: 'approved' as const, awaitingReview: false, cover: null, photos: [photo('/images/a.jpg', 'Lobby'), photo('/images/b.jpg', null)], gymPhotos: [photo('/images/g.jpg', 'Racks')], live: { cover: null, images: [], gymImages: [] } };
    expect(captionsWith(answer, '/images/b.jpg', '  Rooftop   bar ')).toEqual({ '/images/a.jpg': 'Lobby', '/images/b.jpg': 'Rooftop bar', '/images/g.jpg': 'Racks' });
    expect(captionsWith(answer, '/images/a.jpg', '  ')).toEqual({ '/images/g.jpg': 'Racks' });
  });
});

describe('gallery photos', () => {
  it('take their caption and alt text from the data, never a bare "photo 1"', () => {
    const photos = galleryPhotos({
      name: 'Iron House',
      city: 'London',
      gymImages: ['/images/g1.jpg'],
      images: ['/images/h1.jpg', '/images/h2.jpg'],
      gym: { name: 'Iron Club' } as never,
      photoCaptions: { '/images/h2.jpg': 'Rooftop terrace at dusk' },
    });
    expect(photos.map((p) => [p.kind, p.alt, p.caption])).toEqual([
      ['gym', 'Iron Club at Iron House: gym photo 1 of 1', null],
      ['hotel', 'Iron House, London: hotel photo 1 of 2', null],
      ['hotel', 'Rooftop terrace at dusk', 'Rooftop terrace at dusk'],
    ]);
  });
});

// The lightbox: keyboard, swipe, focus.
import { PhotoGallery } from '@/components/hotel/PhotoGallery';
import { hotelFixture } from '@/test/fixtures';

// jsdom has no PointerEvent: a MouseEvent with the pointer's id stands in for it (the coordinates are what a swipe reads).
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventShim, configurable: true });
}

describe('the photo lightbox', () => {
  const hotel = { ...hotelFixture(), images: ['/images/a.jpg', '/images/b.jpg', '/images/c.jpg'], photoCaptions: { '/images/b.jpg': 'The rack room' } };
  const position = () => screen.getByTestId('lightbox-position').textContent;

  it('opens at the photo pressed; arrows go round, Escape closes and focus goes back to the photo', async () => {
    render(<PhotoGallery hotel={hotel as never} photos={hotel.images} />);
    const second = screen.getAllByTestId('gallery-photo')[1]!;
    second.focus();
    await act(async () => {
      fireEvent.click(second);
    });
    const dialog = await screen.findByRole('dialog');
    expect(position()).toBe('2 of 3');
    expect(screen.getByTestId('lightbox-caption').textContent).toBe('The rack room');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(position()).toBe('3 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(position()).toBe('1 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(position()).toBe('3 of 3');
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix gives focus back a moment after the dialog goes.
    await waitFor(() => expect(document.activeElement).toBe(second));
  });

  it('a swipe goes to the next or previous photo; a short or upward move does not', async () => {
    render(<PhotoGallery hotel={hotel as never} photos={hotel.images} />);
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('gallery-photo')[0]!);
    });
    const stage = await screen.findByTestId('lightbox-stage');
    const swipe = (fromX: number, toX: number, toY = 300) => {
      fireEvent.pointerDown(stage, { clientX: fromX, clientY: 300, pointerId: 1 });
      fireEvent.pointerUp(stage, { clientX: toX, clientY: toY, pointerId: 1 });
    };
    swipe(300, 200);
    expect(position()).toBe('2 of 3');
    swipe(200, 300);
    expect(position()).toBe('1 of 3');
    swipe(300, 280);
    expect(position()).toBe('1 of 3');
    swipe(300, 240, 50);
    expect(position()).toBe('1 of 3');
  });
});
