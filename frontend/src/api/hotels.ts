import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, callApi, nextPageOf, queryFromSearch, writtenAnswer, type ApiQueryArg } from './client';
import { defaultFilters, filterParams, type SearchFilters } from '@/lib/searchParams';
import { DEFAULT_SEARCH_SORT, FEATURED_COUNT, FEATURED_SORT, SEARCH_PAGE_SIZE } from '@/site/pageReads';

export interface HotelSearchParams {
  query?: string;
  eq?: string[];
  sort?: 'rating' | 'price' | 'name' | 'gymScore';
  /** Sorting and the other filters (lib/searchParams); its sort wins over `sort`. */
  filters?: SearchFilters;
  pageSize?: number;
  page?: number;
  /**
   * The traveller's training needs as search parameters (`trainingNeedsToParams`), sent with `sort=fit` (without them a
   * fit sort asks for the gym score's order). Given converted, so the pages reading hotels take no training code.
   */
  needParams?: Partial<Record<string, string>> | null;
}

/** The search call's query (in the URL's order): empty filters left out, the first page without a page number. */
export function hotelSearchQuery(params: HotelSearchParams): ApiQueryArg<'GET /api/hotels/search'> {
  const search = new URLSearchParams();
  if (params.query) search.set('query', params.query);
  if (params.eq && params.eq.length > 0) search.set('eq', params.eq.join(','));
  search.set('sort', params.filters?.sort ?? params.sort ?? DEFAULT_SEARCH_SORT);
  if (search.get('sort') === 'fit') {
    if (params.needParams) {
      for (const [key, value] of Object.entries(params.needParams)) if (value) search.set(key, value);
    } else {
      search.set('sort', 'gymScore');
    }
  }
  for (const [key, value] of filterParams(params.filters ?? defaultFilters, params.eq)) if (key !== 'sort') search.set(key, value);
  search.set('pageSize', String(params.pageSize ?? SEARCH_PAGE_SIZE));
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return queryFromSearch(search);
}

/** One page of server-side search (ruling 2). */
export function useHotelSearch(params: HotelSearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...apiQuery('GET /api/hotels/search', { query: hotelSearchQuery(params) }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * The search page's results: no numbered pages, the grid grows with "Show more hotels"
 * (the catalog can hold far more hotels than one screen should render).
 */
export function useHotelSearchPages(params: Omit<HotelSearchParams, 'page'>) {
  return useInfiniteQuery({
    // Its own key after the first page's: the cached value holds every page loaded so far.
    queryKey: [...apiQueryKey('GET /api/hotels/search', { query: hotelSearchQuery(params) }), 'pages'],
    queryFn: ({ signal, pageParam }) => callApi('GET /api/hotels/search', { query: hotelSearchQuery({ ...params, page: pageParam }) }, { signal }),
    initialPageParam: 1,
    // The first page's answer written into the page, if any (as apiQuery's reads do).
    initialData: () => {
      const first = writtenAnswer('GET /api/hotels/search', { query: hotelSearchQuery(params) });
      return first === undefined ? undefined : { pages: [first], pageParams: [1] };
    },
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
}

/** The featured hotels, "top-rated gyms": the six best gym scores, in that order (site/pageReads.ts). */
export function useFeaturedHotels() {
  const search = useHotelSearch({ pageSize: FEATURED_COUNT, sort: FEATURED_SORT });
  return { ...search, featured: search.data?.items ?? [] };
}

/** The given hotels, in one call (the favourites page). */
export function useHotelsByIds(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    ...apiQuery('GET /api/hotels', { query: { ids: sorted.join(','), limit: Math.max(ids.length, 1) } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every public hotel (the review form's hotel choice). */
export function useHotels(enabled = true) {
  return useQuery({ ...apiQuery('GET /api/hotels'), enabled });
}

/** One hotel by slug or id (ruling 3). */
export function useHotel(idOrSlug: string | undefined) {
  return useQuery({
    ...apiQuery('GET /api/hotels/:idOrSlug', { params: { idOrSlug: idOrSlug ?? '' } }),
    enabled: Boolean(idOrSlug),
  });
}
