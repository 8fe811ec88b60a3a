import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SearchFiltersPanel } from './SearchFilters';
import { renderWithApp } from '@/test/render';
import { hotelSearchQuery } from '@/api/hotels';
import { searchSummary } from '@/components/account/SavedSearches';
import { defaultFilters, filterParams, readEqMatch, readSearchFilters, readSearchState, searchPath } from '@/lib/searchParams';
import { savedSearchParamsFromUrl } from '@reproute/contracts';

// Issue 50: "Match all" (the default) or "Match any" of the chosen equipment, kept in the URL as `eqMatch=any`.
describe('eqMatch in the search page URL', () => {
  const read = (qs: string) => readSearchFilters(new URLSearchParams(qs));

  it('reads any with two or more labels; all when absent, unknown or with fewer labels', () => {
    expect(read('eq=pool,sauna&eqMatch=any').eqMatch).toBe('any');
    expect(read('eq=pool,sauna&eqMatch=ANY').eqMatch).toBe('any');
    expect(read('eq=pool,sauna').eqMatch).toBe('all');
    expect(read('eq=pool,sauna&eqMatch=both').eqMatch).toBe('all');
    expect(read('eq=pool&eqMatch=any').eqMatch).toBe('all');
    expect(read('eq=pool,hoverboard&eqMatch=any').eqMatch).toBe('all');
    expect(readEqMatch(new URLSearchParams('eqMatch=any'))).toBe('all');
    expect(read('')).toEqual(defaultFilters);
  });

  it('writes eqMatch=any right after eq, only with two or more labels; all is left out', () => {
    const any = { ...defaultFilters, eqMatch: 'any' as const, sort: 'price' as const };
    expect(searchPath('Paris', ['pool', 'sauna'], any)).toBe('/search?query=Paris&eq=pool,sauna&eqMatch=any&sort=price');
    expect(searchPath('Paris', ['pool'], any)).toBe('/search?query=Paris&eq=pool&sort=price');
    expect(searchPath('Paris', ['pool', 'sauna'], { ...any, eqMatch: 'all' })).toBe('/search?query=Paris&eq=pool,sauna&sort=price');
    expect(filterParams(any)).toEqual([['sort', 'price']]);
    // The URL read back is the same state, and a saved search keeps it.
    const written = 'query=Paris&eq=pool,sauna&eqMatch=any&sort=price';
    const params = new URLSearchParams(written);
    expect(searchPath(readSearchState(params).query, readSearchState(params).eq, readSearchFilters(params))).toBe(`/search?${written}`);
    expect(savedSearchParamsFromUrl(params)).toEqual({ query: 'Paris', eq: 'pool,sauna', eqMatch: 'any', sort: 'price' });
  });

  it('is sent to the API with the labels', () => {
    const query = (eq: string[], eqMatch: 'all' | 'any') => new URLSearchParams(hotelSearchQuery({ eq, filters: { ...defaultFilters, eqMatch } }) as Record<string, string>);
    expect(query(['pool', 'sauna'], 'any').get('eqMatch')).toBe('any');
    expect(query(['pool', 'sauna'], 'all').has('eqMatch')).toBe(false);
    expect(query(['pool'], 'any').has('eqMatch')).toBe(false);
  });

  it('a saved search says "or" for any', () => {
    expect(searchSummary({ eq: 'pool,sauna', eqMatch: 'any' })).toBe('All hotels · Pool or Sauna');
    expect(searchSummary({ eq: 'pool,sauna' })).toBe('All hotels · Pool, Sauna');
  });
});

/** The filters as the search page wires them: every change goes to the URL, and the panel reads it back. */
function FiltersFromUrl() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { query, eq } = readSearchState(params);
  return (
    <>
      <p data-testid="url">{`${location.pathname}${location.search}`}</p>
      <SearchFiltersPanel filters={readSearchFilters(params)} eq={eq} answer={undefined} onChange={(filters, nextEq) => navigate(searchPath(query, nextEq, filters))} />
    </>
  );
}

describe('the Match all / Match any toggle', () => {
  const url = () => screen.getByTestId('url').textContent;
  const toggle = () => screen.queryByRole('group', { name: 'Chosen equipment' });

  it('shows from two chosen labels, a radio group with Match all chosen by default', () => {
    renderWithApp(<FiltersFromUrl />, { route: '/search?eq=pool' });
    expect(toggle()).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Sauna/ }));
    expect(url()).toBe('/search?eq=pool,sauna');
    const group = toggle()!;
    expect(group).toBeTruthy();
    const all = within(group).getByRole('radio', { name: 'Match all' }) as HTMLInputElement;
    const any = within(group).getByRole('radio', { name: 'Match any' }) as HTMLInputElement;
    expect([all.checked, any.checked]).toEqual([true, false]);
  });

  it('Match any goes to the URL as eqMatch=any and Match all takes it out', () => {
    renderWithApp(<FiltersFromUrl />, { route: '/search?query=Tokyo&eq=squat%20rack,pool' });
    fireEvent.click(screen.getByRole('radio', { name: 'Match any' }));
    expect(url()).toBe('/search?query=Tokyo&eq=squat%20rack,pool&eqMatch=any');
    expect((screen.getByRole('radio', { name: 'Match any' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('eq-match-hint').textContent).toBe('Hotels with at least one of the chosen items.');
    fireEvent.click(screen.getByRole('radio', { name: 'Match all' }));
    expect(url()).toBe('/search?query=Tokyo&eq=squat%20rack,pool');
  });

  it('goes away with the second label, and eqMatch leaves the URL with it', () => {
    renderWithApp(<FiltersFromUrl />, { route: '/search?eq=pool,sauna&eqMatch=any' });
    expect((screen.getByRole('radio', { name: 'Match any' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Sauna/ }));
    expect(url()).toBe('/search?eq=pool');
    expect(toggle()).toBeNull();
    // A second label again starts from Match all.
    fireEvent.click(screen.getByRole('checkbox', { name: /^Rower/ }));
    expect(url()).toBe('/search?eq=pool,rower');
    expect((screen.getByRole('radio', { name: 'Match all' }) as HTMLInputElement).checked).toBe(true);
  });

  it('tells the panel\'s owner the new filters', () => {
    const onChange = vi.fn();
    renderWithApp(<SearchFiltersPanel filters={defaultFilters} eq={['pool', 'sauna']} answer={undefined} onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Match any' }));
    expect(onChange).toHaveBeenCalledWith({ ...defaultFilters, eqMatch: 'any' }, ['pool', 'sauna']);
  });
});
