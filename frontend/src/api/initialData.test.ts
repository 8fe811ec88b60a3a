import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiQueryKey } from './client';
import { INITIAL_DATA_ID, seedInitialData } from './initialData';
import { clearToken, storeToken } from '@/lib/tokenStorage';

const hotel = { id: 7, slug: 'the-ritz', name: 'The Ritz Lifting Club' };

function writeInitialData(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INITIAL_DATA_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(INITIAL_DATA_ID)?.remove();
  clearToken();
});

describe('answers written into the page by the gateway', () => {
  it('seed a visitor’s query cache under the key the page asks with, once', () => {
    writeInitialData(JSON.stringify([{ endpoint: 'GET /api/hotels/:idOrSlug', params: { idOrSlug: 'The-Ritz' }, data: hotel }]));
    const client = new QueryClient();
    expect(seedInitialData(client)).toBe(1);
    expect(client.getQueryData(apiQueryKey('GET /api/hotels/:idOrSlug', { params: { idOrSlug: 'The-Ritz' } }))).toEqual(hotel);
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
    expect(seedInitialData(new QueryClient())).toBe(0);
  });

  it('are left aside for a signed-in caller, whose answer can hold more than a visitor’s', () => {
    storeToken('a.b.c');
    writeInitialData(JSON.stringify([{ endpoint: 'GET /api/hotels/:idOrSlug', params: { idOrSlug: '7' }, data: hotel }]));
    const client = new QueryClient();
    expect(seedInitialData(client)).toBe(0);
    expect(client.getQueryData(apiQueryKey('GET /api/hotels/:idOrSlug', { params: { idOrSlug: '7' } }))).toBeUndefined();
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
  });

  it('seed nothing from a broken or empty element, and skip entries without an answer', () => {
    writeInitialData('[{"endpoint":');
    expect(seedInitialData(new QueryClient())).toBe(0);
    writeInitialData(JSON.stringify([{ endpoint: 'GET /api/hotels/:idOrSlug', params: { idOrSlug: '7' }, data: null }, { data: hotel }]));
    expect(seedInitialData(new QueryClient())).toBe(0);
    expect(seedInitialData(new QueryClient())).toBe(0);
  });
});
