import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiQuery, apiQueryKey, apiUrl, callApi, queryString } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('typed API client', () => {
  it('fills path params (encoded) and writes the query, leaving out empty values and joining lists', () => {
    expect(apiUrl('PATCH /api/provider/leads/:id', { params: { id: 'a b/c' } })).toBe('/api/provider/leads/a%20b%2Fc');
    expect(apiUrl('GET /api/provider/leads', { query: { status: 'new', hotelId: null, from: '', page: 2 } })).toBe('/api/provider/leads?status=new&page=2');
    expect(queryString({ eq: ['pool', 'sauna'], none: [], open24h: true })).toBe('?eq=pool%2Csauna&open24h=true');
    expect(queryString(undefined)).toBe('');
  });

  it('sends the endpoint\'s method to its path with the body, and answers the body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'x', referralId: 'RR_1_2' }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await callApi('POST /api/leads', { body: { hotelId: 1, checkInDate: '2027-01-02' } });
    expect(answer).toEqual({ id: 'x', referralId: 'RR_1_2' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/leads');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"hotelId":1,"checkInDate":"2027-01-02"}');
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
});
