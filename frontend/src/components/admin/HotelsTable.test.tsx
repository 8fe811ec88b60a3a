import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Hotel } from '@reproute/contracts';
import { HotelsTable } from './HotelsTable';
import { renderWithApp } from '@/test/render';

const hotel = {
  id: 7,
  slug: 'harbour-lift',
  name: 'Harbour Lift',
  city: 'Zürich',
  country: 'Switzerland',
  address: '1 Quay',
  status: 'pending',
  isApproved: false,
  isPremium: false,
  providerId: '00000000-0000-4000-8000-000000000002',
  providerEmail: 'owner@harbour.example',
  createdAt: '2026-11-20T10:00:00Z',
  gymAccessType: 'on-site',
  pricePerNight: 120,
  price: 120,
  currency: 'USD',
  affiliateClicks: 3,
} as unknown as Hotel;

describe('HotelsTable', () => {
  it('shows status, owner and created date, and sorts through its headers with aria-sort', () => {
    const onSort = vi.fn();
    renderWithApp(<HotelsTable hotels={[hotel, { ...hotel, id: 8, providerEmail: null, providerId: null, status: 'rejected' }]} sort="-created" onSort={onSort} onEdit={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByText('Pending Review')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('owner@harbour.example')).toBeTruthy();
    expect(screen.getAllByText('20 Nov 2026')).toHaveLength(2);
    expect(screen.getAllByText('Zürich, Switzerland')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Owner' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Location' }));
    expect(onSort).toHaveBeenCalledWith('city');
  });
});
