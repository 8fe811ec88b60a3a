import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from './client';
import type { City } from './types';

/** The cached city list (admins see listing counts too). */
export const citiesKey = apiQueryKey('GET /api/cities');

/** Cities for the hotel forms' city choice, shown as "name, country". */
export function useCities() {
  return useQuery(apiQuery('GET /api/cities'));
}

export function cityLabel(city: Pick<City, 'name' | 'country'>): string {
  return `${city.name}, ${city.country}`;
}
