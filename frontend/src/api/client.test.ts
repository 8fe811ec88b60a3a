import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiUrl } from '@reproute/contracts';
import { apiQuery, apiQueryKey, callApi, endpointReads, queryFromSearch } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('typed API client', () => {
  it('sends the endpoint\'s method to its path with the body, and answers the body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'x', referralId: 'RR_1_2' }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await callApi('POST /api/leads', { body: { shareContact: true, hotelId: 1, checkInDate: '2027-01-02' } });
    expect(answer).toEqual({ id: 'x', referralId: 'RR_1_2' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/leads');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"shareContact":true,"hotelId":1,"checkInDate":"2027-01-02"}');
  });

  it('keys a read by its endpoint, params and query, and fetches it with the query\'s abort signal', async () => {
    expect(apiQueryKey('GET /api/provider/leads', { query: { page: 1 } })).toEqual(['GET /api/provider/leads', null, { page: 1 }]);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [], total: 0, page: 1, limit: 25 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const options = apiQuery('GET /api/provider/leads', { query: { page: 1 } });
    await options.queryFn({ signal: controller.signal });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/provider/leads?page=1');
    expect(init.signal).toBe(controller.signal);
  });

  it('reads a URL query string into values in their order, so the URL it makes again is the same', () => {
    const query = queryFromSearch('status=pending&sort=newest&page=1&pageSize=25');
    expect(query).toEqual({ status: 'pending', sort: 'newest', page: '1', pageSize: '25' });
    expect(apiUrl('GET /api/admin/reviews', { query })).toBe('/api/admin/reviews?status=pending&sort=newest&page=1&pageSize=25');
  });

  it('invalidates every cached read of the named endpoints, whatever their params and query, and nothing else', async () => {
    const queryClient = new QueryClient();
    const search = apiQueryKey('GET /api/hotels/search', { query: { query: 'London' } });
    const hotel = apiQueryKey('GET /api/hotels/:idOrSlug', { params: { idOrSlug: 'the-iron-palace' } });
    const reviewsOf5 = apiQueryKey('GET /api/hotels/:hotelId/reviews', { params: { hotelId: 5 } });
    const reviewsOf6 = apiQueryKey('GET /api/hotels/:hotelId/reviews', { params: { hotelId: 6 } });
    for (const key of [search, hotel, reviewsOf5, reviewsOf6]) queryClient.setQueryData(key, []);
    await queryClient.invalidateQueries(endpointReads('GET /api/hotels/search', 'GET /api/hotels/:idOrSlug'));
    await queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/hotels/:hotelId/reviews', { params: { hotelId: 5 } }).slice(0, 2) });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([stale(search), stale(hotel), stale(reviewsOf5), stale(reviewsOf6)]).toEqual([true, true, true, false]);
  });
});
