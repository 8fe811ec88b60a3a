import {
  accessibilityFeatureOptions,
  dumbbellThresholdsKg,
  gymAccessTypes,
  gymEntryKinds,
  gymSizeBands,
  parseEquipmentParam,
  parseWeight,
  ratingThresholds,
  searchQueryMaxLength,
  supportedCurrencies,
  type EquipmentMatch,
  type HotelSearchFilters,
  type HotelSearchQuery,
  type HotelSort,
  type SupportedCurrency,
} from '@reproute/contracts';

export interface SearchState {
  query: string;
  eq: string[];
}

/**
 * Sorting and the filters of the spec's search shape (document 2, section 3), as kept in the URL: the filters as
 * the catalog applies them (`HotelSearchFilters`, from the search query's schema in contracts) and the sort.
 */
export type SearchFilters = HotelSearchFilters & Pick<HotelSearchQuery, 'sort'>;

export const defaultFilters: SearchFilters = {
  sort: 'rating',
  eqMatch: 'all',
  minPrice: null,
  maxPrice: null,
  currency: 'USD',
  minRating: null,
  gymAccessType: [],
  accessibilityFeatures: [],
  open24h: false,
  gymSize: [],
  minDumbbellKg: null,
  minRacks: null,
  adjustableBench: false,
  openEarly: false,
  openLate: false,
  entry: [],
  point: null,
};

export { dumbbellThresholdsKg, ratingThresholds };

/** The traveller's dates and guests, as kept in the URL (`checkIn`, `checkOut`, `adults`, as the booking link uses them). */
export interface Stay {
  /** YYYY-MM-DD */
  checkIn: string | null;
  /** YYYY-MM-DD */
  checkOut: string | null;
  adults: number | null;
}

export const noStay: Stay = { checkIn: null, checkOut: null, adults: null };
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 16;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Days since the epoch of a real calendar date written YYYY-MM-DD, else null (2026-02-30 is not one). */
function dayNumber(value: string | null | undefined): number | null {
  if (!value || !isoDatePattern.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const date = new Date(time);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? time / 86_400_000 : null;
}

/** Today as YYYY-MM-DD in the traveller's own time zone (the date inputs speak local dates). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Nights between two dates, or null unless both are real dates and check-out comes after check-in. */
export function nightsBetween(checkIn: string | null | undefined, checkOut: string | null | undefined): number | null {
  const start = dayNumber(checkIn);
  const end = dayNumber(checkOut);
  return start !== null && end !== null && end > start ? end - start : null;
}

export interface StayErrors {
  checkIn?: string;
  checkOut?: string;
  adults?: string;
}

/** What is wrong with a stay typed into a form (empty dates are allowed: the search is then for any date). */
export function stayErrors(stay: { checkIn: string; checkOut: string; adults: string | number }, today = todayIso()): StayErrors {
  const errors: StayErrors = {};
  const start = dayNumber(stay.checkIn);
  const end = dayNumber(stay.checkOut);
  const first = dayNumber(today)!;
  if (stay.checkIn && start === null) errors.checkIn = 'Enter the check-in date as a valid date.';
  else if (start !== null && start < first) errors.checkIn = 'Check-in can’t be in the past.';
  else if (!stay.checkIn && stay.checkOut) errors.checkIn = 'Choose a check-in date as well.';
  if (stay.checkOut && end === null) errors.checkOut = 'Enter the check-out date as a valid date.';
  else if (end !== null && end < first) errors.checkOut = 'Check-out can’t be in the past.';
  else if (start !== null && end !== null && end <= start) errors.checkOut = 'Check-out must be after check-in.';
  else if (stay.checkIn && !stay.checkOut) errors.checkOut = 'Choose a check-out date as well.';
  const adults = String(stay.adults).trim();
  if (!/^\d+$/.test(adults) || Number(adults) < MIN_GUESTS || Number(adults) > MAX_GUESTS) errors.adults = `Guests must be a whole number from ${MIN_GUESTS} to ${MAX_GUESTS}.`;
  return errors;
}

/**
 * Dates and guests from the URL. Dates in the past, a check-out not after check-in or half a pair are dropped
 * (the link may be old or edited); guests outside 1–16 likewise.
 */
export function readStay(params: URLSearchParams, today = todayIso()): Stay {
  const checkIn = (params.get('checkIn') ?? '').trim();
  const checkOut = (params.get('checkOut') ?? '').trim();
  const datesUsable = nightsBetween(checkIn, checkOut) !== null && dayNumber(checkIn)! >= dayNumber(today)!;
  const adults = numberIn(params.get('adults'), MIN_GUESTS, MAX_GUESTS);
  return {
    checkIn: datesUsable ? checkIn : null,
    checkOut: datesUsable ? checkOut : null,
    adults: adults !== null && Number.isInteger(adults) ? adults : null,
  };
}

/** The URL parameters of a stay, in a fixed order. */
export function stayParams(stay: Stay): [string, string][] {
  const out: [string, string][] = [];
  if (stay.checkIn && stay.checkOut) out.push(['checkIn', stay.checkIn], ['checkOut', stay.checkOut]);
  if (stay.adults !== null) out.push(['adults', String(stay.adults)]);
  return out;
}

/** `?checkIn=…&checkOut=…&adults=…` for a link that carries the stay on (hotel pages), or '' without one. */
export function stayQuery(stay: Stay): string {
  const pairs = stayParams(stay);
  return pairs.length > 0 ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
}

/** The text cut to the search's limit, never between the two halves of a character outside the BMP (an emoji). */
export function withinSearchLimit(text: string): string {
  if (text.length <= searchQueryMaxLength) return text;
  const cut = text.slice(0, searchQueryMaxLength);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** Reads `query` (or its alias `q`) and `eq` (known labels only) from the URL. */
export function readSearchState(params: URLSearchParams): SearchState {
  // A longer text than the search takes (a pasted or hand-made URL) is cut to the limit rather than refused.
  const query = withinSearchLimit((params.get('query') ?? params.get('q') ?? '').trim());
  return { query, eq: parseEquipmentParam(params.get('eq')) };
}

/**
 * The heaviest-dumbbell filter from the URL, in kilograms as the API takes it (docs/decisions.md, "Units and
 * currencies shown"): `minDumbbellKg=40`, or a weight with its unit, `minDumbbellKg=50lb` or `minDumbbell=50lb`,
 * or a bare `minDumbbell=50` in the URL's `units` (`units=lb`; kilograms without it). Pounds are converted
 * (50 lb is 22.68 kg); a value outside 1–200 kg or that does not parse is dropped.
 */
export function dumbbellParam(params: URLSearchParams): number | null {
  const bareUnit = params.get('units')?.trim().toLowerCase() === 'lb' ? 'lb' : 'kg';
  const kg = parseWeight(params.get('minDumbbellKg')) ?? parseWeight(params.get('minDumbbell'), bareUnit);
  return kg !== null && kg >= 1 && kg <= 200 ? kg : null;
}

function numberIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** A whole number within bounds, else null (the search refuses "2.5 racks"). */
function wholeIn(value: string | null, min: number, max: number): number | null {
  const n = numberIn(value, min, max);
  return n !== null && Number.isInteger(n) ? n : null;
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
    wantedSort === 'price' || wantedSort === 'name' || (wantedSort === 'distance' && point) || wantedSort === 'fit' ? (wantedSort as HotelSort) : wantedSort === 'gymscore' ? 'gymScore' : 'rating';
  let minPrice = numberIn(params.get('minPrice'), 0, 10_000_000);
  let maxPrice = numberIn(params.get('maxPrice'), 0, 10_000_000);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const currency = (params.get('currency') ?? '').trim().toUpperCase();
  return {
    sort,
    eqMatch: readEqMatch(params),
    minPrice,
    maxPrice,
    currency: (supportedCurrencies as readonly string[]).includes(currency) ? (currency as SupportedCurrency) : 'USD',
    minRating: numberIn(params.get('minRating'), 0, 5),
    gymAccessType: knownValues(params.get('gymAccessType'), gymAccessTypes),
    accessibilityFeatures: knownValues(params.get('accessibilityFeatures'), accessibilityFeatureOptions),
    open24h: params.get('open24h') === 'true',
    gymSize: knownValues(params.get('gymSize'), gymSizeBands),
    minDumbbellKg: dumbbellParam(params),
    minRacks: wholeIn(params.get('minRacks'), 1, 20),
    adjustableBench: params.get('adjustableBench') === 'true',
    openEarly: params.get('openEarly') === 'true',
    openLate: params.get('openLate') === 'true',
    entry: knownValues(params.get('entry'), gymEntryKinds),
    point,
  };
}

/**
 * How the chosen equipment combines, from the URL: `eqMatch=any` (any chosen label), else `all` (the default). With
 * fewer than two labels both give the same hotels, so it is `all` then (one URL per state).
 */
export function readEqMatch(params: URLSearchParams): EquipmentMatch {
  const any = params.get('eqMatch')?.trim().toLowerCase() === 'any';
  return any && parseEquipmentParam(params.get('eq')).length > 1 ? 'any' : 'all';
}

/**
 * The URL parameters of the filters that differ from the defaults, in a fixed order (one URL per state). `eq`, the
 * chosen labels, decides whether `eqMatch` is written: only with two or more of them.
 */
export function filterParams(filters: SearchFilters, eq: readonly string[] = []): [string, string][] {
  const out: [string, string][] = [];
  if (filters.eqMatch === 'any' && eq.length > 1) out.push(['eqMatch', 'any']);
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
  if (filters.minRacks !== null) out.push(['minRacks', String(filters.minRacks)]);
  if (filters.adjustableBench) out.push(['adjustableBench', 'true']);
  if (filters.openEarly) out.push(['openEarly', 'true']);
  if (filters.openLate) out.push(['openLate', 'true']);
  if (filters.entry.length > 0) out.push(['entry', filters.entry.join(',')]);
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
    (filters.minDumbbellKg !== null ? 1 : 0) +
    (filters.minRacks !== null ? 1 : 0) +
    (filters.adjustableBench ? 1 : 0) +
    (filters.openEarly ? 1 : 0) +
    (filters.openLate ? 1 : 0) +
    filters.entry.length
  );
}

/** The filters with every narrowing one cleared; sort and point stay. */
export function clearedFilters(filters: SearchFilters): SearchFilters {
  return { ...defaultFilters, sort: filters.sort, point: filters.point, currency: filters.currency };
}

/** /search with the trimmed, URL-encoded query, the chosen labels, the filters and the stay; a blank query is left out. */
export function searchPath(query: string, eq: readonly string[], filters: SearchFilters = defaultFilters, stay: Stay = noStay): string {
  const parts: string[] = [];
  const trimmed = query.trim();
  if (trimmed) parts.push(`query=${encodeURIComponent(trimmed)}`);
  if (eq.length > 0) parts.push(`eq=${eq.map(encodeURIComponent).join(',')}`);
  for (const [key, value] of filterParams(filters, eq)) parts.push(`${key}=${value.split(',').map(encodeURIComponent).join(',')}`);
  for (const [key, value] of stayParams(stay)) parts.push(`${key}=${encodeURIComponent(value)}`);
  return parts.length > 0 ? `/search?${parts.join('&')}` : '/search';
}

export function toggleLabel(selected: readonly string[], label: string): string[] {
  return selected.includes(label) ? selected.filter((l) => l !== label) : [...selected, label];
}

export function toggleValue<T>(selected: readonly T[], value: T): T[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

/** How the results are shown: the list (default) or the map (`view=map`). */
export type SearchView = 'list' | 'map';

export function readSearchView(params: URLSearchParams): SearchView {
  return params.get('view')?.trim().toLowerCase() === 'map' ? 'map' : 'list';
}

/** A /search path with the view added; the list is the default and is left out. */
export function withSearchView(path: string, view: SearchView): string {
  if (view === 'list') return path;
  return `${path}${path.includes('?') ? '&' : '?'}view=map`;
}
