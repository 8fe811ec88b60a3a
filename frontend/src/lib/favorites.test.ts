import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@/api/types';
import {
  favoritesQueryKey,
  favoritesStorageKey,
  followOtherTabs,
  loadFavorites,
  readBrowserFavorites,
  withFavorite,
  writeBrowserFavorites,
  type FavoritesApi,
  type FavoritesData,
} from './favorites';

const user = { id: '11111111-1111-4111-8111-111111111111', email: 'a@b.c', firstName: 'A' } as User;

function fakeApi(overrides: Partial<FavoritesApi> = {}): FavoritesApi {
  return { list: vi.fn(async () => []), add: vi.fn(async () => ({})), remove: vi.fn(async () => null), ...overrides };
}

afterEach(() => localStorage.clear());

describe('favourite ids', () => {
  it('saves newest first and removes in place', () => {
    expect(withFavorite([1, 2], 3, true)).toEqual([3, 1, 2]);
    expect(withFavorite([3, 1, 2], 1, false)).toEqual([3, 2]);
    expect(withFavorite([3, 1], 1, true)).toEqual([1, 3]);
  });
});

describe('favourites loading', () => {
  it('loads from the server and writes the per-user browser copy', async () => {
    const data = await loadFavorites(user.id, fakeApi({ list: async () => [{ hotelId: 3, createdAt: '' }, { hotelId: 1, createdAt: '' }] }));
    expect(data).toEqual({ ids: [3, 1], fromBrowserCopy: false });
    expect(localStorage.getItem(favoritesStorageKey(user.id))).toBe('[3,1]');
  });

  it('reads the browser copy back when the server cannot be reached', async () => {
    writeBrowserFavorites(user.id, [8]);
    const data = await loadFavorites(user.id, fakeApi({ list: async () => Promise.reject(new TypeError('Failed to fetch')) }));
    expect(data).toEqual({ ids: [8], fromBrowserCopy: true });
    expect(readBrowserFavorites('someone-else')).toEqual([]);
  });

  it('ignores a damaged browser copy', () => {
    localStorage.setItem(favoritesStorageKey(user.id), '{not json');
    expect(readBrowserFavorites(user.id)).toEqual([]);
    localStorage.setItem(favoritesStorageKey(user.id), '[1,"x",2.5,4]');
    expect(readBrowserFavorites(user.id)).toEqual([1, 4]);
  });

  it('follows changes made in another tab', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<FavoritesData>(favoritesQueryKey(user.id), { ids: [], fromBrowserCopy: false });
    const stop = followOtherTabs(queryClient, user.id);
    writeBrowserFavorites(user.id, [2, 7]);
    window.dispatchEvent(new StorageEvent('storage', { key: favoritesStorageKey(user.id) }));
    expect(queryClient.getQueryData<FavoritesData>(favoritesQueryKey(user.id))?.ids).toEqual([2, 7]);
    window.dispatchEvent(new StorageEvent('storage', { key: favoritesStorageKey('someone-else') }));
    stop();
    writeBrowserFavorites(user.id, [1]);
    window.dispatchEvent(new StorageEvent('storage', { key: favoritesStorageKey(user.id) }));
    expect(queryClient.getQueryData<FavoritesData>(favoritesQueryKey(user.id))?.ids).toEqual([2, 7]);
  });
});
