import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/api/queryClient';
import type { User } from '@/api/types';
import { favoritesQueryKey, readBrowserFavorites, writeBrowserFavorites, type FavoritesApi, type FavoritesData } from '@/lib/favorites';
import { sessionLoaded, signedIn, signedOut } from '@/store/session';
import { toastStore } from '@/store/toast';
import { useFavorites } from './useFavorites';

const user = { id: '22222222-2222-4222-8222-222222222222', email: 'a@b.c', firstName: 'A' } as User;

function deferred() {
  let resolve: (value?: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function renderFavorites(api: FavoritesApi) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...renderHook(() => useFavorites(api), { wrapper }) };
}

const lastToast = () => toastStore.get()[0];

afterEach(() => {
  signedOut();
  toastStore.set([]);
});

describe('useFavorites', () => {
  it('tells a visitor to sign in, with the destructive toast, and calls nothing', () => {
    sessionLoaded(null);
    const api: FavoritesApi = { list: vi.fn(async () => []), add: vi.fn(async () => ({})), remove: vi.fn(async () => null) };
    const { result } = renderFavorites(api);
    expect(result.current.status).toBe('ready');
    act(() => result.current.toggle(5));
    expect(lastToast()).toMatchObject({ title: 'Sign in Required', description: 'Please sign in to save favorites', variant: 'destructive' });
    // The toast offers the way to sign in, back to where the visitor was.
    const here = `${window.location.pathname}${window.location.search}`;
    expect(lastToast()?.action).toEqual({ label: 'Sign in', href: `/login?redirect=${encodeURIComponent(here)}` });
    expect(api.list).not.toHaveBeenCalled();
    expect(api.add).not.toHaveBeenCalled();
  });

  it('shows a save at once, keeps it when the server agrees and updates the browser copy', async () => {
    signedIn(user);
    const add = deferred();
    const api: FavoritesApi = { list: vi.fn(async () => [{ hotelId: 1, createdAt: '' }]), add: vi.fn(() => add.promise), remove: vi.fn(async () => null) };
    const { result } = renderFavorites(api);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.ids).toEqual([1]);

    act(() => result.current.toggle(9));
    // Optimistic: the heart is filled while the server has not answered yet.
    await waitFor(() => expect(result.current.isFavorite(9)).toBe(true));
    expect(result.current.ids).toEqual([9, 1]);
    expect(api.add).toHaveBeenCalledWith(9);
    expect(readBrowserFavorites(user.id)).toEqual([1]);

    // A second click while the first is on its way is ignored.
    act(() => result.current.toggle(9));
    expect(api.remove).not.toHaveBeenCalled();

    await act(async () => add.resolve({}));
    await waitFor(() => expect(lastToast()?.title).toBe('Added to favorites'));
    expect(result.current.ids).toEqual([9, 1]);
    expect(readBrowserFavorites(user.id)).toEqual([9, 1]);
  });

  it('rolls a failed save back, with the error toast, and leaves the browser copy alone', async () => {
    signedIn(user);
    const add = deferred();
    const api: FavoritesApi = { list: vi.fn(async () => [{ hotelId: 1, createdAt: '' }]), add: vi.fn(() => add.promise), remove: vi.fn(async () => null) };
    const { result } = renderFavorites(api);
    await waitFor(() => expect(result.current.ids).toEqual([1]));

    act(() => result.current.toggle(4));
    await waitFor(() => expect(result.current.ids).toEqual([4, 1]));
    await act(async () => add.reject(new Error('500: boom')));

    await waitFor(() => expect(result.current.ids).toEqual([1]));
    expect(result.current.isFavorite(4)).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to update favorites. Please try again.', variant: 'destructive' });
    expect(api.add).toHaveBeenCalledTimes(1);
    expect(readBrowserFavorites(user.id)).toEqual([1]);
  });

  it('puts a hotel whose removal failed back where it was', async () => {
    signedIn(user);
    const api: FavoritesApi = {
      list: vi.fn(async () => [3, 2, 1].map((hotelId) => ({ hotelId, createdAt: '' }))),
      add: vi.fn(async () => ({})),
      remove: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    };
    const { result } = renderFavorites(api);
    await waitFor(() => expect(result.current.ids).toEqual([3, 2, 1]));
    act(() => result.current.toggle(2));
    await waitFor(() => expect(lastToast()?.title).toBe('Error'));
    expect(result.current.ids).toEqual([3, 2, 1]);
    expect(api.remove).toHaveBeenCalledWith(2);
  });

  it('removes with the success toast', async () => {
    signedIn(user);
    const api: FavoritesApi = { list: vi.fn(async () => [{ hotelId: 6, createdAt: '' }]), add: vi.fn(async () => ({})), remove: vi.fn(async () => null) };
    const { result } = renderFavorites(api);
    await waitFor(() => expect(result.current.ids).toEqual([6]));
    act(() => result.current.toggle(6));
    await waitFor(() => expect(lastToast()?.title).toBe('Removed from favorites'));
    expect(result.current.ids).toEqual([]);
    expect(readBrowserFavorites(user.id)).toEqual([]);
  });

  it('uses the browser copy when the list cannot be loaded', async () => {
    signedIn(user);
    writeBrowserFavorites(user.id, [8, 5]);
    const api: FavoritesApi = { list: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))), add: vi.fn(async () => ({})), remove: vi.fn(async () => null) };
    const { result, queryClient } = renderFavorites(api);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.ids).toEqual([8, 5]);
    expect(result.current.fromBrowserCopy).toBe(true);
    expect(queryClient.getQueryData<FavoritesData>(favoritesQueryKey(user.id))).toEqual({ ids: [8, 5], fromBrowserCopy: true });
  });
});
