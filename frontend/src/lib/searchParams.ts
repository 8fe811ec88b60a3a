import {
  accessibilityFeatureOptions,
  dumbbellThresholdsKg,
  gymAccessTypes,
  gymSizeBands,
  parseEquipmentParam,
  ratingThresholds,
  supportedCurrencies,
  type AccessibilityFeature,
  type GymAccessType,
  type GymSizeBand,
  type HotelSort,
  type SupportedCurrency,
} from '@reproute/contracts';

export interface SearchState {
  query: string;
  eq: string[];
}

/** Sorting and the filters of the spec's search shape (document 2, section 3), as kept in the URL. */
export interface SearchFilters {
  sort: HotelSort;
  minPrice: number | null;
  maxPrice: number | null;
  currency: SupportedCurrency;
  minRating: number | null;
  gymAccessType: GymAccessType[];
  /** A hotel must have every one. */
  accessibilityFeatures: AccessibilityFeature[];
  open24h: boolean;
  gymSize: GymSizeBand[];
  minDumbbellKg: number | null;
  /** The point distances are measured from (distance sort). */
  point: { lat: number; lng: number } | null;
}

export const defaultFilters: SearchFilters = {
  sort: 'rating',
  minPrice: null,
  maxPrice: null,
  currency: 'USD',
  minRating: null,
  gymAccessType: [],
  accessibilityFeatures: [],
  open24h: false,
  gymSize: [],
  minDumbbellKg: null,
  point: null,
};

export { dumbbellThresholdsKg, ratingThresholds };

/** Reads `query` (or its alias `q`) and `eq` (known labels only) from the URL. */
export function readSearchState(params: URLSearchParams): SearchState {
  const query = (params.get('query') ?? params.get('q') ?? '').trim();
  return { query, eq: parseEquipmentParam(params.get('eq')) };
}

function numberIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function knownValues<T extends string>(value: string | null, known: readonly T[]): T[] {
  const wanted = (value ?? '').split(',').map((v) => v.trim().toLowerCase());
  return known.filter((k) => wanted.includes(k));
}

/**
 * Sorting and filters from the URL. A value the page cannot use is dropped rather than sent on
 * (the API would answer 400): a malformed number, half a point, a distance sort without a point.
 */
export function readSearchFilters(params: URLSearchParams): SearchFilters {
  const lat = numberIn(params.get('lat'), -90, 90);
  const lng = numberIn(params.get('lng'), -180, 180);
  const point = lat !== null && lng !== null ? { lat, lng } : null;
  const wantedSort = (params.get('sort') ?? params.get('sortBy') ?? '').trim().toLowerCase();
  const sort: HotelSort =
    wantedSort === 'price' || wantedSort === 'name' || (wantedSort === 'distance' && point) ? (wantedSort as HotelSort) : wantedSort === 'gymscore' ? 'gymScore' : 'rating';
  let minPrice = numberIn(params.get('minPrice'), 0, 10_000_000);
  let maxPrice = numberIn(params.get('maxPrice'), 0, 10_000_000);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const currency = (params.get('currency') ?? '').trim().toUpperCase();
  return {
    sort,
    minPrice,
    maxPrice,
    currency: (supportedCurrencies as readonly string[]).includes(currency) ? (currency as SupportedCurrency) : 'USD',
    minRating: numberIn(params.get('minRating'), 0, 5),
    gymAccessType: knownValues(params.get('gymAccessType'), gymAccessTypes),
    accessibilityFeatures: knownValues(params.get('accessibilityFeatures'), accessibilityFeatureOptions),
    open24h: params.get('open24h') === 'true',
    gymSize: knownValues(params.get('gymSize'), gymSizeBands),
    minDumbbellKg: numberIn(params.get('minDumbbellKg'), 1, 200),
    point,
  };
}

/** The URL parameters of the filters that differ from the defaults, in a fixed order (one URL per state). */
export function filterParams(filters: SearchFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.sort !== 'rating') out.push(['sort', filters.sort]);
  if (filters.point) out.push(['lat', String(Math.round(filters.point.lat * 10_000) / 10_000)], ['lng', String(Math.round(filters.point.lng * 10_000) / 10_000)]);
  if (filters.minPrice !== null) out.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== null) out.push(['maxPrice', String(filters.maxPrice)]);
  if (filters.currency !== 'USD' && (filters.minPrice !== null || filters.maxPrice !== null)) out.push(['currency', filters.currency]);
  if (filters.minRating !== null) out.push(['minRating', String(filters.minRating)]);
  if (filters.gymAccessType.length > 0) out.push(['gymAccessType', filters.gymAccessType.join(',')]);
  if (filters.accessibilityFeatures.length > 0) out.push(['accessibilityFeatures', filters.accessibilityFeatures.join(',')]);
  if (filters.open24h) out.push(['open24h', 'true']);
  if (filters.gymSize.length > 0) out.push(['gymSize', filters.gymSize.join(',')]);
  if (filters.minDumbbellKg !== null) out.push(['minDumbbellKg', String(filters.minDumbbellKg)]);
  return out;
}

/** How many filters narrow the result (sort and the point do not). */
export function activeFilterCount(filters: SearchFilters, eq: readonly string[] = []): number {
  return (
    eq.length +
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0) +
    (filters.minRating !== null ? 1 : 0) +
    filters.gymAccessType.length +
    filters.accessibilityFeatures.length +
    (filters.open24h ? 1 : 0) +
    filters.gymSize.length +
    (filters.minDumbbellKg !== null ? 1 : 0)
  );
}

/** The filters with every narrowing one cleared; sort and point stay. */
export function clearedFilters(filters: SearchFilters): SearchFilters {
  return { ...defaultFilters, sort: filters.sort, point: filters.point, currency: filters.currency };
}

/** /search with the trimmed, URL-encoded query, the chosen labels and the filters; a blank query is left out. */
export function searchPath(query: string, eq: readonly string[], filters: SearchFilters = defaultFilters): string {
  const parts: string[] = [];
  const trimmed = query.trim();
  if (trimmed) parts.push(`query=${encodeURIComponent(trimmed)}`);
  if (eq.length > 0) parts.push(`eq=${eq.map(encodeURIComponent).join(',')}`);
  for (const [key, value] of filterParams(filters)) parts.push(`${key}=${value.split(',').map(encodeURIComponent).join(',')}`);
  return parts.length > 0 ? `/search?${parts.join('&')}` : '/search';
}

export function toggleLabel(selected: readonly string[], label: string): string[] {
  return selected.includes(label) ? selected.filter((l) => l !== label) : [...selected, label];
}

export function toggleValue<T>(selected: readonly T[], value: T): T[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}
