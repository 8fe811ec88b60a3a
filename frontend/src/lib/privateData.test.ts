import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/api/queryClient';
import { signedIn, signedOut } from '@/store/session';
import type { User } from '@/api/types';
import type * as AuthModule from '@/api/auth';
import { CONSENT_KEY } from './consent';
import { ANALYTICS_KEY } from './analytics';
import { favoritesStorageKey, favoritesQueryKey } from './favorites';
import { clearPrivateData } from './privateData';

vi.mock('@/api/auth', async (importOriginal) => ({ ...(await importOriginal<typeof AuthModule>()), logoutCall: vi.fn(async () => null) }));
const { logout } = await import('./session');

const user = { id: '33333333-3333-4333-8333-333333333333', email: 'p@example.com', firstName: 'Pat' } as User;
const consent = JSON.stringify({ preferences: { necessary: true, analytics: false, marketing: false, functional: false }, timestamp: '2026-01-01T00:00:00.000Z', version: '1.0' });

/** A browser as a signed-in provider and admin leaves it: their token, favourites, analytics, tab storage and answers. */
function signedInBrowser(queryClient: QueryClient) {
  localStorage.setItem('token', 'header.payload.signature');
  localStorage.setItem(favoritesStorageKey(user.id), '[1,2,3]');
  localStorage.setItem(favoritesStorageKey('an-earlier-user'), '[9]');
  localStorage.setItem(ANALYTICS_KEY, JSON.stringify({ pageViews: [{ url: '/admin/hotels', title: 'Admin', timestamp: 1 }] }));
  localStorage.setItem(CONSENT_KEY, consent);
  sessionStorage.setItem('rr_scroll_positions', '{"/admin/hotels":300}');
  sessionStorage.setItem('rr_analytics_session', 'sess-1');
  queryClient.setQueryData(favoritesQueryKey(user.id), { ids: [1, 2, 3], fromBrowserCopy: false });
  queryClient.setQueryData(['GET /api/admin/hotels', { page: 1 }], { items: [{ id: 1, contactEmail: 'owner@hotel.example' }] });
  queryClient.setQueryData(['GET /api/provider/leads', {}], { items: [{ email: 'traveller@example.com' }] });
  queryClient.setQueryData(['GET /api/auth/me'], user);
  queryClient.getMutationCache().build(queryClient, { mutationKey: ['PATCH /api/provider/leads/:id'], mutationFn: async () => null });
  signedIn(user);
}

const privateLocalKeys = () => Object.keys(localStorage).filter((key) => key !== CONSENT_KEY);

afterEach(() => {
  sessionStorage.clear();
});

describe('sign-out clears every private copy', () => {
  it('logout: no user key in localStorage (token, every rr_favorites:<id>, analytics), nothing in sessionStorage, an empty query cache; the cookie choice stays', async () => {
    const queryClient = createQueryClient();
    signedInBrowser(queryClient);
    await logout(queryClient);
    expect(privateLocalKeys()).toEqual([]);
    expect(localStorage.getItem(CONSENT_KEY)).toBe(consent);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
  });

  it('a session ended any other way (a refused token: signedOut) empties the app\'s query cache too', () => {
    const app = createQueryClient();
    signedInBrowser(app);
    signedOut();
    expect(privateLocalKeys()).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(app.getQueryCache().getAll()).toEqual([]);
  });

  it('empties a query cache it is handed, besides the app\'s', () => {
    const other = new QueryClient();
    other.setQueryData(['GET /api/favorites'], [{ hotelId: 1 }]);
    clearPrivateData(other);
    expect(other.getQueryCache().getAll()).toEqual([]);
  });

  it('leaves keys that belong to nobody in particular', () => {
    localStorage.setItem(CONSENT_KEY, consent);
    localStorage.setItem('rr_favorites_note', 'not a user copy');
    clearPrivateData();
    expect(Object.keys(localStorage).sort()).toEqual([CONSENT_KEY, 'rr_favorites_note']);
  });
});
