import { describe, expect, it } from 'vitest';
import { readSearchState, searchPath, toggleLabel } from './searchParams';

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
