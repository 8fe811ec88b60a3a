import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from './request';
import type { Hotel, HotelSearchAnswer, Review } from './types';
import { defaultFilters, filterParams, type SearchFilters } from '@/lib/searchParams';

export interface HotelSearchParams {
  query?: string;
  eq?: string[];
  sort?: 'rating' | 'price' | 'name';
  /** Sorting and the other filters (lib/searchParams); its sort wins over `sort`. */
  filters?: SearchFilters;
  pageSize?: number;
  page?: number;
}

export const SEARCH_PAGE_SIZE = 24;

export function hotelSearchUrl(params: HotelSearchParams): string {
  const search = new URLSearchParams();
  if (params.query) search.set('query', params.query);
  if (params.eq && params.eq.length > 0) search.set('eq', params.eq.join(','));
  search.set('sort', params.filters?.sort ?? params.sort ?? 'rating');
  for (const [key, value] of filterParams(params.filters ?? defaultFilters)) if (key !== 'sort') search.set(key, value);
  search.set('pageSize', String(params.pageSize ?? SEARCH_PAGE_SIZE));
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return `/api/hotels/search?${search.toString()}`;
}

/** One page of server-side search (ruling 2). */
export function useHotelSearch(params: HotelSearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['hotels', 'search', hotelSearchUrl({ ...params, page: 1 })],
    queryFn: ({ signal }) => apiRequest<HotelSearchAnswer>('GET', hotelSearchUrl(params), undefined, { signal }),
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
    queryKey: ['hotels', 'search-pages', hotelSearchUrl({ ...params, page: 1 })],
    queryFn: ({ signal, pageParam }) => apiRequest<HotelSearchAnswer>('GET', hotelSearchUrl({ ...params, page: pageParam }), undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Six featured hotels: premium listings first among the best rated, then the rest by rating. */
export function useFeaturedHotels(count = 6) {
  const search = useHotelSearch({ pageSize: SEARCH_PAGE_SIZE, sort: 'rating' });
  const items = search.data?.items ?? [];
  const featured = [...items.filter((h) => h.isPremium), ...items.filter((h) => !h.isPremium)].slice(0, count);
  return { ...search, featured };
}

/** The given hotels, in one call (the favourites page). */
export function useHotelsByIds(ids: readonly number[]) {
  const key = [...ids].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: ['/api/hotels', 'ids', key],
    queryFn: ({ signal }) => apiRequest<Hotel[]>('GET', `/api/hotels?ids=${key}&limit=${Math.max(ids.length, 1)}`, undefined, { signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every public hotel (the favourites page filters it by favourite ids). */
export function useHotels(enabled = true) {
  return useQuery({
    queryKey: ['/api/hotels'],
    queryFn: ({ signal }) => apiRequest<Hotel[]>('GET', '/api/hotels', undefined, { signal }),
    enabled,
  });
}

/** One hotel by slug or id (ruling 3). */
export function useHotel(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: ['hotels', 'detail', idOrSlug],
    queryFn: ({ signal }) => apiRequest<Hotel>('GET', `/api/hotels/${encodeURIComponent(idOrSlug ?? '')}`, undefined, { signal }),
    enabled: Boolean(idOrSlug),
  });
}

export function useHotelReviews(hotelId: number | undefined) {
  return useQuery({
    queryKey: ['/api/hotels', hotelId, 'reviews'],
    queryFn: ({ signal }) => apiRequest<Review[]>('GET', `/api/hotels/${hotelId}/reviews`, undefined, { signal }),
    enabled: hotelId !== undefined,
  });
}
