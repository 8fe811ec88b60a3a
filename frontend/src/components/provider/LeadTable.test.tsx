import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ProviderLead } from '@reproute/contracts';
import { LeadTable } from './LeadTable';

const lead = (overrides: Partial<ProviderLead>): ProviderLead => ({
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-20T10:00:00.000Z',
  hotel: { id: 3, name: 'Iron Palace' },
  name: null,
  email: null,
  checkInDate: null,
  checkOutDate: null,
  guests: null,
  message: null,
  referralId: null,
  status: 'new',
  note: null,
  assignee: null,
  ...overrides,
});

describe('LeadTable', () => {
  it('shows each lead\'s referral id, so the hotel can match it to a booking, and "--" for older leads without one', () => {
    render(
      <LeadTable
        leads={[
          lead({ referralId: 'RR_3_1764000000000', name: 'Tess Walker', email: 'tess@example.com' }),
          lead({ id: '22222222-2222-4222-8222-222222222222' }),
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Referral ID' })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('lead-referral-id');
    expect(first!.textContent).toBe('RR_3_1764000000000');
    expect(second!.textContent).toBe('--');
    const anonymous = screen.getAllByRole('row')[2]!;
    expect(within(anonymous).getByText('Anonymous')).toBeTruthy();
  });
});
