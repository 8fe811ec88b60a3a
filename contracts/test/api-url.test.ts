import { describe, expect, it } from 'vitest';
import { apiUrl, queryString } from '../src/index.ts';

describe('apiUrl', () => {
  it('fills path params (encoded) and writes the query, leaving out empty values and joining lists', () => {
    expect(apiUrl('PATCH /api/provider/leads/:id', { params: { id: 'a b/c' } })).toBe('/api/provider/leads/a%20b%2Fc');
    expect(apiUrl('GET /api/provider/leads', { query: { status: 'new', hotelId: null, from: '', page: 2 } })).toBe('/api/provider/leads?status=new&page=2');
    expect(queryString({ eq: ['pool', 'sauna'], none: [], open24h: true })).toBe('?eq=pool%2Csauna&open24h=true');
    expect(queryString(undefined)).toBe('');
  });

  it('writes a query in its given order, a space as +, as URLSearchParams does (the URL a written answer is found by)', () => {
    expect(apiUrl('GET /api/hotels/search', { query: { query: 'Grand Paris', sort: 'rating', pageSize: 24 } })).toBe('/api/hotels/search?query=Grand+Paris&sort=rating&pageSize=24');
    expect(apiUrl('GET /api/hotels/:hotelId/reviews', { params: { hotelId: 7 } })).toBe('/api/hotels/7/reviews');
    expect(apiUrl('GET /api/sitemap-hotels')).toBe('/api/sitemap-hotels');
  });
});
