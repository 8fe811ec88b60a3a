import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HotelRevision } from '@reproute/contracts';
import { PendingRevisions } from './PendingRevisions';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const revision: HotelRevision = {
  hotelId: 42,
  hotelName: 'Harbour Lift',
  providerEmail: 'owner@harbour.example',
  submittedAt: '2026-11-20T10:00:00Z',
  changes: [
    { field: 'bookingUrl', from: 'https://harbour.example/book', to: 'https://elsewhere.example/book' },
    { field: 'cityId', from: 2, to: 5 },
  ],
};
const cities = [
  { id: 2, name: 'London', country: 'United Kingdom', latitude: null, longitude: null, hotelCount: 1 },
  { id: 5, name: 'Dubai', country: 'United Arab Emirates', latitude: null, longitude: null, hotelCount: 1 },
];

describe('PendingRevisions', () => {
  it('shows each change old → new and approves through the revision call', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    let pending = [revision];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.startsWith('/api/cities')) return Promise.resolve(new Response(JSON.stringify(cities), { status: 200 }));
        if (url.startsWith('/api/admin/hotels/revisions')) return Promise.resolve(new Response(JSON.stringify(pending), { status: 200 }));
        pending = [];
        return Promise.resolve(new Response(JSON.stringify({ id: 42 }), { status: 200 }));
      }),
    );
    renderWithApp(<PendingRevisions />);
    expect(await screen.findByText('Harbour Lift')).toBeTruthy();
    expect(screen.getByText('Booking URL')).toBeTruthy();
    expect(screen.getByText('https://harbour.example/book')).toBeTruthy();
    expect(screen.getByText('https://elsewhere.example/book')).toBeTruthy();
    expect(await screen.findByText('Dubai, United Arab Emirates')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve changes to Harbour Lift' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/admin/hotels/42/revision', body: { isApproved: true } });
    await waitFor(() => expect(screen.queryByText('Harbour Lift')).toBeNull());
  });

  it('renders nothing when no changes wait', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))));
    const { container } = renderWithApp(<PendingRevisions />);
    await waitFor(() => expect(container.querySelector('[data-testid="pending-revision"]')).toBeNull());
  });
});
