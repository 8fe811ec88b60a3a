import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_DATA_ID } from '@reproute/contracts';
import { takeWrittenAnswer } from './initialData';
import { callApi } from './client';
import { clearToken, storeToken } from '@/lib/tokenStorage';

const hotel = { id: 7, slug: 'the-ritz', name: 'The Ritz Lifting Club' };

function writeAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INITIAL_DATA_ID;
  element.textContent = text;
  document.head.append(element);
}

// The page loaded a second ago (the test worker's own clock can be past half a minute in a long run).
beforeEach(() => {
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  document.getElementById(INITIAL_DATA_ID)?.remove();
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('answers the gateway wrote into the page', () => {
  it('stand in for a visitor’s first GET of that exact URL, once, without a request', async () => {
    writeAnswers(JSON.stringify([{ url: '/api/hotels/The-Ritz', data: hotel }]));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...hotel, name: 'fresh' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await callApi('GET /api/hotels/:idOrSlug', { params: { idOrSlug: 'The-Ritz' } })).toEqual(hotel);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
    // Used once: the next read asks the server.
    expect(await callApi('GET /api/hotels/:idOrSlug', { params: { idOrSlug: 'The-Ritz' } })).toMatchObject({ name: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are left aside for a signed-in caller, whose answer can hold more than a visitor’s', () => {
    storeToken('a.b.c');
    writeAnswers(JSON.stringify([{ url: '/api/hotels/7', data: hotel }]));
    expect(takeWrittenAnswer('/api/hotels/7')).toBeUndefined();
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
    clearToken();
    expect(takeWrittenAnswer('/api/hotels/7')).toBeUndefined();
  });

  it('answer only their own URL, and nothing from a broken element or an entry without data', () => {
    writeAnswers(JSON.stringify([{ url: '/api/hotels/search?query=london&sort=rating&pageSize=24', data: { items: [] } }, { url: '/api/cities', data: null }]));
    expect(takeWrittenAnswer('/api/hotels/search?query=london&sort=price&pageSize=24')).toBeUndefined();
    expect(takeWrittenAnswer('/api/cities')).toBeUndefined();
    expect(takeWrittenAnswer('/api/hotels/search?query=london&sort=rating&pageSize=24')).toEqual({ items: [] });
    writeAnswers('[{"url":');
    expect(takeWrittenAnswer('/api/hotels/7')).toBeUndefined();
  });

  it('are not used once the page has been open for half a minute', () => {
    writeAnswers(JSON.stringify([{ url: '/api/hotels/7', data: hotel }]));
    vi.spyOn(performance, 'now').mockReturnValue(31_000);
    expect(takeWrittenAnswer('/api/hotels/7')).toBeUndefined();
  });
});

describe('a server render of a page', () => {
  it('starts its reads with the answers it was given, only while it renders', async () => {
    const { renderWithAnswers } = await import('./initialData');
    const { apiQuery } = await import('./client');
    const read = () => apiQuery('GET /api/hotels/:idOrSlug', { params: { idOrSlug: 'the-ritz' } }).initialData();
    expect(renderWithAnswers([{ url: '/api/hotels/the-ritz', data: hotel }], read)).toEqual(hotel);
    // Another address, or outside the render: nothing.
    expect(renderWithAnswers([{ url: '/api/hotels/7', data: hotel }], read)).toBeUndefined();
    expect(read()).toBeUndefined();
  });
});
