import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './client';

/** The home page's summary figures, live from the catalogue and accounts (the pages' server writes them into the home page). */
export function useSiteStats() {
  return useQuery(apiQuery('GET /api/stats'));
}
