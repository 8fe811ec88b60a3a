import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearedFilters, defaultFilters, filterParams, readSearchFilters, readSearchState, searchPath, toggleLabel } from './searchParams';

describe('search URL', () => {
  it('reads query (or q) and known eq labels', () => {
    expect(readSearchState(new URLSearchParams('query=%20London%20&eq=sauna,unknown,Pool'))).toEqual({ query: 'London', eq: ['sauna', 'pool'] });
    expect(readSearchState(new URLSearchParams('q=Tokyo'))).toEqual({ query: 'Tokyo', eq: [] });
  });
  it('a blank query goes to /search; the trimmed query is encoded', () => {
    expect(searchPath('   ', [])).toBe('/search');
    expect(searchPath(' New York ', [])).toBe('/search?query=New%20York');
    expect(searchPath('Zürich', ['squat rack', 'sauna'])).toBe('/search?query=Z%C3%BCrich&eq=squat%20rack,sauna');
  });
  it('toggles labels', () => {
    expect(toggleLabel(['pool'], 'sauna')).toEqual(['pool', 'sauna']);
    expect(toggleLabel(['pool', 'sauna'], 'pool')).toEqual(['sauna']);
  });
});

describe('sorting and filters in the URL', () => {
  const read = (qs: string) => readSearchFilters(new URLSearchParams(qs));

  it('defaults to rating order and no filters', () => {
    expect(read('')).toEqual(defaultFilters);
    expect(filterParams(defaultFilters)).toEqual([]);
    expect(searchPath('Paris', [], defaultFilters)).toBe('/search?query=Paris');
  });

  it('reads every filter and writes it back to the same URL', () => {
    const qs =
      'query=London&eq=pool&sort=price&minPrice=100&maxPrice=400.5&currency=EUR&minRating=4.5&gymAccessType=on-site,nearby&accessibilityFeatures=wheelchair-access,elevator&open24h=true&gymSize=medium,large&minDumbbellKg=40';
    const filters = read(qs);
    expect(filters).toEqual({
      sort: 'price', eqMatch: 'all', minPrice: 100, maxPrice: 400.5, currency: 'EUR', minRating: 4.5, gymAccessType: ['on-site', 'nearby'], accessibilityFeatures: ['wheelchair-access', 'elevator'], open24h: true, gymSize: ['medium', 'large'], minDumbbellKg: 40, minRacks: null, adjustableBench: false, openEarly: false, openLate: false, entry: [], point: null,
    });
    expect(searchPath('London', ['pool'], filters)).toBe(`/search?${qs}`);
  });

  it('reads and writes the gym-spec filters, dropping a rack count that is not whole and unknown ways in', () => {
    const qs = 'minDumbbellKg=40&minRacks=2&adjustableBench=true&openEarly=true&openLate=true&entry=keycard,staffed';
    const filters = read(qs);
    expect(filters).toMatchObject({ minRacks: 2, adjustableBench: true, openEarly: true, openLate: true, entry: ['keycard', 'staffed'] });
    expect(searchPath('', [], filters)).toBe(`/search?${qs}`);
    expect(activeFilterCount(filters)).toBe(7);
    expect(read('minRacks=2.5&entry=retina&openEarly=yes')).toMatchObject({ minRacks: null, entry: [], openEarly: false });
  });

  it('drops what the API would refuse: unknown values, malformed numbers, half a point, distance without a point', () => {
    expect(read('sort=cheapest&minRating=9&minPrice=abc&gymAccessType=moon&gymSize=huge&open24h=yes&lat=48.8')).toEqual(defaultFilters);
    expect(read('sort=distance').sort).toBe('rating');
    expect(read('sort=gymScore').sort).toBe('gymScore');
    expect(read('sortBy=gymscore').sort).toBe('gymScore');
    expect(filterParams({ ...defaultFilters, sort: 'gymScore' })).toEqual([['sort', 'gymScore']]);
    expect(read('sort=distance&lat=48.8566&lng=2.3522')).toMatchObject({ sort: 'distance', point: { lat: 48.8566, lng: 2.3522 } });
  });

  it('swaps a price range given the wrong way round', () => {
    expect(read('minPrice=500&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 500 });
  });

  it('keeps the point to four decimals and leaves the currency out without a price bound', () => {
    expect(filterParams({ ...defaultFilters, sort: 'distance', point: { lat: 35.676234, lng: 139.650311 } })).toEqual([['sort', 'distance'], ['lat', '35.6762'], ['lng', '139.6503']]);
    expect(filterParams({ ...defaultFilters, currency: 'GBP' })).toEqual([]);
  });

  it('counts the filters in force and clears them, keeping the sort', () => {
    const filters = read('sort=name&minPrice=1&maxPrice=9&minRating=4&gymSize=small,large&open24h=true');
    expect(activeFilterCount(filters, ['pool'])).toBe(6);
    expect(clearedFilters(filters)).toEqual({ ...defaultFilters, sort: 'name' });
  });
});
