import { describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { sessionSlice, signedIn } from '@/store/sessionSlice';
import { favoritesSlice, favoritesLoading, toggleId } from '@/store/favoritesSlice';
import { toastSlice } from '@/store/toastSlice';
import type { User } from '@/api/types';
import { favoritesStorageKey, followOtherTabs, loadFavorites, readBrowserFavorites, toggleFavorite, writeBrowserFavorites, type FavoritesApi } from './favorites';

const user = { id: '11111111-1111-4111-8111-111111111111', email: 'a@b.c', firstName: 'A' } as User;

function makeStore() {
  return configureStore({ reducer: { session: sessionSlice.reducer, favorites: favoritesSlice.reducer, toasts: toastSlice.reducer } });
}

function fakeApi(overrides: Partial<FavoritesApi> = {}): FavoritesApi {
  return { list: vi.fn(async () => []), add: vi.fn(async () => ({})), remove: vi.fn(async () => null), ...overrides };
}

describe('favourites reducer', () => {
  it('toggles membership, newest first', () => {
    expect(toggleId([1, 2], 3)).toEqual([3, 1, 2]);
    expect(toggleId([3, 1, 2], 1)).toEqual([3, 2]);
  });
});

describe('favourites logic', () => {
  it('tells a visitor to sign in, with the destructive toast, and calls nothing', async () => {
    const store = makeStore();
    const notify = vi.fn();
    const api = fakeApi();
    await toggleFavorite(5, { dispatch: store.dispatch, getState: store.getState as never, notify, api });
    expect(notify).toHaveBeenCalledWith({ title: 'Sign in Required', description: 'Please sign in to save favorites', variant: 'destructive' });
    expect(api.add).not.toHaveBeenCalled();
  });

  it('updates at once, keeps the change on success and writes the browser copy', async () => {
    const store = makeStore();
    store.dispatch(signedIn(user));
    store.dispatch(favoritesLoading(user.id));
    let resolveAdd: () => void = () => undefined;
    const api = fakeApi({ add: vi.fn(() => new Promise<unknown>((r) => (resolveAdd = () => r({})))) });
    const notify = vi.fn();
    const pending = toggleFavorite(9, { dispatch: store.dispatch, getState: store.getState as never, notify, api });
    expect(store.getState().favorites.ids).toEqual([9]);
    resolveAdd();
    await pending;
    expect(store.getState().favorites.ids).toEqual([9]);
    expect(readBrowserFavorites(user.id)).toEqual([9]);
    expect(notify).toHaveBeenCalledWith({ title: 'Added to favorites' });
  });

  it('rolls back and shows the error toast when the server fails', async () => {
    const store = makeStore();
    store.dispatch(signedIn(user));
    store.dispatch(favoritesLoading(user.id));
    const notify = vi.fn();
    const api = fakeApi({ add: vi.fn(async () => Promise.reject(new Error('500: boom'))) });
    await toggleFavorite(4, { dispatch: store.dispatch, getState: store.getState as never, notify, api });
    expect(store.getState().favorites.ids).toEqual([]);
    expect(notify).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to update favorites. Please try again.', variant: 'destructive' });
  });

  it('loads from the server, else from the per-user browser copy', async () => {
    const store = makeStore();
    await loadFavorites(store.dispatch, user.id, fakeApi({ list: async () => [{ hotelId: 3, createdAt: '' }, { hotelId: 1, createdAt: '' }] }));
    expect(store.getState().favorites).toMatchObject({ ids: [3, 1], status: 'ready', fromBrowserCopy: false });
    expect(localStorage.getItem(favoritesStorageKey(user.id))).toBe('[3,1]');

    writeBrowserFavorites(user.id, [8]);
    await loadFavorites(store.dispatch, user.id, fakeApi({ list: async () => Promise.reject(new TypeError('Failed to fetch')) }));
    expect(store.getState().favorites).toMatchObject({ ids: [8], fromBrowserCopy: true });
  });

  it('follows changes made in another tab', () => {
    const store = makeStore();
    store.dispatch(favoritesLoading(user.id));
    const stop = followOtherTabs(store.dispatch, user.id);
    writeBrowserFavorites(user.id, [2, 7]);
    window.dispatchEvent(new StorageEvent('storage', { key: favoritesStorageKey(user.id) }));
    expect(store.getState().favorites.ids).toEqual([2, 7]);
    stop();
  });
});
