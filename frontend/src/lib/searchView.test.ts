import { describe, expect, it } from 'vitest';
import { defaultFilters, readSearchFilters, readSearchState, readSearchView, searchPath, withSearchView } from './searchParams';

describe('search view in the URL', () => {
  it('reads map only from view=map; anything else is the list', () => {
    expect(readSearchView(new URLSearchParams('view=map'))).toBe('map');
    expect(readSearchView(new URLSearchParams('view=MAP'))).toBe('map');
    expect(readSearchView(new URLSearchParams('view=globe'))).toBe('list');
    expect(readSearchView(new URLSearchParams(''))).toBe('list');
  });

  it('adds view=map after the rest of the search and leaves the list out', () => {
    expect(withSearchView('/search', 'map')).toBe('/search?view=map');
    expect(withSearchView('/search?query=Paris', 'map')).toBe('/search?query=Paris&view=map');
    expect(withSearchView('/search?query=Paris', 'list')).toBe('/search?query=Paris');
  });

  it('round-trips with the query, equipment, distance point and filters intact', () => {
    const filters = { ...defaultFilters, sort: 'distance' as const, point: { lat: 51.5074, lng: -0.1278 }, minRating: 4 };
    const path = withSearchView(searchPath('London', ['sauna'], filters), 'map');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(readSearchView(params)).toBe('map');
    expect(readSearchState(params)).toEqual({ query: 'London', eq: ['sauna'] });
    expect(readSearchFilters(params)).toEqual(filters);
  });
});
