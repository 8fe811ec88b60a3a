/**
 * Saved searches' plain values (no zod), so the search page and the profile can use them without the schemas
 * (saved-searches.ts re-exports them with its schemas).
 */
/** The most saved searches an account keeps (409 `savedSearchLimit` past it). */
export const savedSearchLimit = 20;
export const savedSearchAlertModes = ['instant', 'weekly', 'paused'] as const;
export type SavedSearchAlertMode = (typeof savedSearchAlertModes)[number];

/** The search page's own URL parameters, in the order its URL writes them (`searchPath` in the front end); stay, view and page are not part of a search. */
export const savedSearchParamKeys = [
  'query',
  'eq',
  'eqMatch',
  'sort',
  'lat',
  'lng',
  'minPrice',
  'maxPrice',
  'currency',
  'minRating',
  'gymAccessType',
  'accessibilityFeatures',
  'open24h',
  'gymSize',
  'minDumbbellKg',
  'minRacks',
  'adjustableBench',
  'openEarly',
  'openLate',
  'entry',
] as const;
export type SavedSearchParamKey = (typeof savedSearchParamKeys)[number];
export type SavedSearchParams = Partial<Record<SavedSearchParamKey, string>>;

/** The search page's path for a saved query: its parameters in the page's own order, each encoded. */
export function savedSearchPath(params: SavedSearchParams | Record<string, string>): string {
  const parts: string[] = [];
  for (const key of savedSearchParamKeys) {
    const value = (params as Record<string, string | undefined>)[key];
    if (value === undefined || value === '') continue;
    parts.push(`${key}=${value.split(',').map(encodeURIComponent).join(',')}`);
  }
  return parts.length > 0 ? `/search?${parts.join('&')}` : '/search';
}

/** The saved parameters of a search page's URL: its own parameters only (stay, view, page and anything else left out). */
export function savedSearchParamsFromUrl(search: URLSearchParams): SavedSearchParams {
  const out: SavedSearchParams = {};
  for (const key of savedSearchParamKeys) {
    const value = search.get(key)?.trim();
    if (value) out[key] = value;
  }
  // The page's `q` is an alias of `query`.
  if (!out.query && search.get('q')?.trim()) out.query = search.get('q')!.trim();
  return out;
}
