import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './request';
import type { Hotel, HotelSearchAnswer, Review } from './types';

export interface HotelSearchParams {
  query?: string;
  eq?: string[];
  sort?: 'rating' | 'price' | 'name';
  pageSize?: number;
}

export function hotelSearchUrl(params: HotelSearchParams): string {
  const search = new URLSearchParams();
  if (params.query) search.set('query', params.query);
  if (params.eq && params.eq.length > 0) search.set('eq', params.eq.join(','));
  search.set('sort', params.sort ?? 'rating');
  search.set('pageSize', String(params.pageSize ?? 100));
  return `/api/hotels/search?${search.toString()}`;
}

/** Server-side search (ruling 2); the page shows every result, so one large page is read. */
export function useHotelSearch(params: HotelSearchParams) {
  return useQuery({
    queryKey: ['hotels', 'search', params.query ?? '', (params.eq ?? []).join(','), params.sort ?? 'rating', params.pageSize ?? 100],
    queryFn: ({ signal }) => apiRequest<HotelSearchAnswer>('GET', hotelSearchUrl(params), undefined, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useFeaturedHotels(count = 6) {
  return useHotelSearch({ pageSize: count, sort: 'rating' });
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
