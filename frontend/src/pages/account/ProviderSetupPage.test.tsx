import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ProviderSetupPage from './ProviderSetupPage';
import { renderWithApp } from '@/test/render';
import { signedIn, signedOut } from '@/store/session';
import type { User } from '@/api/types';
import { clearToken, storeToken } from '@/lib/tokenStorage';

const traveller = { id: '55555555-5555-4555-8555-555555555555', email: 'pat@example.com', firstName: 'Pat', isProvider: false, companyName: null, countryCode: '+1', phoneNumber: null } as User;

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  signedOut();
});

describe('ProviderSetupPage', () => {
  it('fills company and phone passed on from provider registration', () => {
    signedIn(traveller);
    renderWithApp(<ProviderSetupPage />, { route: '/provider-setup?companyName=Iron+Inns&phoneNumber=%2B442079460958&bio=We+lift' });
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Iron Inns');
    expect((screen.getByLabelText('Business phone') as HTMLInputElement).value).toBe('+442079460958');
  });

  it('sends the bio passed on with the company and phone', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        bodies.push(JSON.parse(String(init.body ?? '{}')));
        return new Response('{"message":"no"}', { status: 500 });
      }),
    );
    storeToken('header.payload.signature');
    signedIn(traveller);
    renderWithApp(<ProviderSetupPage />, { route: '/provider-setup?companyName=Iron+Inns&phoneNumber=%2B442079460958&bio=We+lift' });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Provider Setup' }));
    await waitFor(() => expect(bodies).toContainEqual({ companyName: 'Iron Inns', phoneNumber: '+442079460958', bio: 'We lift' }));
  });

  it('shows a stored number with its country code, so saving it again keeps it', () => {
    signedIn({ ...traveller, companyName: 'Iron Inns', countryCode: '+44', phoneNumber: '2079460958' });
    renderWithApp(<ProviderSetupPage />);
    expect((screen.getByLabelText('Business phone') as HTMLInputElement).value).toBe('+442079460958');
  });
});
