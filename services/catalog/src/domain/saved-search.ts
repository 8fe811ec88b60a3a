import { hotelSearchQuery, savedSearchPath, type SavedSearch, type SavedSearchAlertMode, type SavedSearchParams } from '@reproute/contracts';
import { toSearchCriteria, type SearchCriteria } from './search.ts';

/** A saved search as the catalog keeps it. */
export interface StoredSavedSearch {
  id: string;
  userId: string;
  email: string;
  name: string;
  params: SavedSearchParams;
  alerts: SavedSearchAlertMode;
  createdAt: Date;
  updatedAt: Date;
  hotelsNotified: number;
}

/**
 * The search criteria of a saved query, through the search page's own schema and `toSearchCriteria`, so a saved
 * search finds exactly what the page finds with the same URL (the one matcher: store/search.ts `searchConditions`).
 * Sorting and paging do not change which hotels match.
 */
export function savedSearchCriteria(params: SavedSearchParams): SearchCriteria {
  return toSearchCriteria(hotelSearchQuery.parse(params));
}

/** The parameters as one text in the page's order: what makes two saved searches of one account the same search. */
export function savedSearchKey(params: SavedSearchParams): string {
  return savedSearchPath(params);
}

export function toSavedSearchAnswer(search: StoredSavedSearch): SavedSearch {
  return {
    id: search.id,
    name: search.name,
    params: search.params as Record<string, string>,
    searchPath: savedSearchPath(search.params),
    alerts: search.alerts,
    createdAt: search.createdAt.toISOString(),
    updatedAt: search.updatedAt.toISOString(),
    hotelsNotified: search.hotelsNotified,
  };
}
