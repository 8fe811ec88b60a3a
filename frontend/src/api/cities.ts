import { useQuery } from '@tanstack/react-query';
import type { City } from '@reproute/contracts';
import { apiRequest } from './request';

/** Cities for the hotel forms' city choice, shown as "name, country". */
export function useCities() {
  return useQuery({
    queryKey: ['/api/cities'],
    queryFn: ({ signal }) => apiRequest<City[]>('GET', '/api/cities', undefined, { signal }),
  });
}

export function cityLabel(city: Pick<City, 'name' | 'country'>): string {
  return `${city.name}, ${city.country}`;
}
