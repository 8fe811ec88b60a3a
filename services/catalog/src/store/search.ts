import { accessibilityFeatureOptions, allEquipmentLabels, dumbbellThresholdsKg, foldText, gymAccessTypes, gymEntryKinds, longFormOf, gymSizeBandLimits, gymSizeBands, ratingThresholds, type GymSizeBand, type HotelSort } from '@reproute/contracts';
import { earlyOpeningMinute, lateClosingMinute, minuteOfDay, type TrainingNeeds } from '@reproute/contracts';
import type { Logger, Pool, Queryable } from '@reproute/platform';
import { containsPattern, termWords, type SearchCriteria } from '../domain/search.ts';
import { equipmentMask, type StoredHotel } from '../domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from './rows.ts';
import { FacetIndexHolder, pageIdsFromIndex, positionsOf, rackThresholds, summaryFromIndex, textPositions, type FacetIndex } from './search-index.ts';


export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** A gym size band as a condition on gyms.size_sqm (g). */
function sizeBandSql(band: GymSizeBand): string {
  const { minSqm, maxSqm } = gymSizeBandLimits[band];
  return maxSqm === null ? `g.size_sqm >= ${minSqm}` : `g.size_sqm BETWEEN ${minSqm} AND ${maxSqm}`;
}

/** USD per unit of a currency, from the catalog's rates table ($n is the currency code). */
const usdRate = (placeholder: string) => `(SELECT r.usd_per_unit FROM currency_rates r WHERE r.currency = ${placeholder})`;

/**
 * How SQL is built: `viaMask` states the equipment rule on equipment_mask bits; `usdPerUnit`, the
 * rate of the asked currency read beforehand from currency_rates, turns price bounds into plain USD
 * numbers (without it the SQL reads the rate itself, once per condition).
 */
export interface SqlOptions {
  viaMask?: boolean;
  usdPerUnit?: number;
}

/**
 * The WHERE clause of a search over `hotels h LEFT JOIN gyms g`: approved hotels; one word: starting
 * a word of the folded name/city/country text, several words: each starting a word of the folded
 * name/city/country/equipment text (both trigram-indexed; a short form also as its long form); for each equipment category
 * with a selection, an overlap with its labels (GIN index on equipment_labels), so categories AND
 * together and labels within one OR (with `eqMatch=any`, one overlap with every chosen label: the criteria's
 * equipmentGroups are then one list); then the price, rating, gym-access and gym-fact filters.
 * `viaMask` states the equipment rule on equipment_mask bits instead (one pass for counts).
 */
/**
 * A search word as a regular expression over folded text (search_word_regex, migration 021): matching at the start
 * of a word; a short form ("uk") as a whole word or as its long form ("united kingdom"), both whole words.
 */
export function wordPatternSql(word: string, bind: (value: unknown) => string): string {
  const longForm = longFormOf(word);
  if (!longForm) return `search_word_regex(${bind(word)}, false)`;
  return `('(' || search_word_regex(${bind(word)}, true) || '|' || search_word_regex(${bind(longForm)}, true) || ')')`;
}

/**
 * A search word as a condition on folded text: starting a word of `column`; a short form as a whole word, else its
 * long form. The long form comes first (the trigram index finds it, and most matches stop there); the short form as
 * a whole word is found through the GIN index of search_words' word list (migration 027), then checked by the same
 * regular expression, so the index only narrows.
 */
export function wordConditionSql(column: string, word: string, bind: (value: unknown) => string): string {
  const longForm = longFormOf(word);
  if (!longForm) return `${column} ~ search_word_regex(${bind(word)}, false)`;
  const short = bind(word);
  return `(${column} ~ search_word_regex(${bind(longForm)}, true) OR (${column} ~ search_word_regex(${short}, true) AND ${searchWordListSql} @> ARRAY[fold_text(${short})]))`;
}

/** The words of a hotel's search_words, as migration 027 indexes them. */
const searchWordListSql = "regexp_split_to_array(h.search_words, '[^[:alnum:]_]+')";

/** The filter groups whose facet counts leave out their own selection (a value's count is what choosing it would add). */
type FilterGroup = 'price' | 'rating' | 'access' | 'accessibility' | 'open24h' | 'size' | 'dumbbell' | SpecGroup;
/** The gym-spec filters (migration 022): each has a condition, and hotels that state nothing for it are counted apart. */
type SpecGroup = 'racks' | 'bench' | 'early' | 'late' | 'entry';

/** What a hotel that does not state a spec looks like, per filter (the answer's unknownFacts, keyed by its parameter). */
const unknownOf: Record<'minDumbbellKg' | 'minRacks' | 'adjustableBench' | 'openEarly' | 'openLate' | 'entry', [group: FilterGroup, condition: string]> = {
  minDumbbellKg: ['dumbbell', 'h.heaviest_dumbbell_kg IS NULL'],
  minRacks: ['racks', 'g.rack_count IS NULL'],
  adjustableBench: ['bench', 'g.adjustable_bench IS NULL'],
  openEarly: ['early', 'g.opens_early IS NULL'],
  openLate: ['late', 'g.open_late IS NULL'],
  entry: ['entry', 'g.entry IS NULL'],
};

interface ConditionParts {
  /** Approval, text and equipment: what every count starts from. */
  base: string[];
  /** One condition per filter group in force. */
  groups: Partial<Record<FilterGroup, string>>;
  values: unknown[];
}

function searchConditionParts(
  criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'> & Partial<Pick<SearchCriteria, 'words' | 'filters'>>,
  options: SqlOptions = {},
): ConditionParts {
  const base = ['h.is_approved'];
  const groups: ConditionParts['groups'] = {};
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const words = criteria.words ?? termWords(criteria.term);
  if (words.length > 0) {
    const column = words.length > 1 ? 'h.search_words' : 'h.search_text';
    for (const word of words) base.push(wordConditionSql(column, word, bind));
  } else if (criteria.term !== '') {
    // No letter or digit ("&"): looked for as it is.
    base.push(`h.search_text LIKE fold_text(${bind(containsPattern(criteria.term))})`);
  }
  for (const group of criteria.equipmentGroups) {
    if (options.viaMask) {
      base.push(`h.equipment_mask & ${equipmentMask(group)} <> 0`);
    } else {
      base.push(`h.equipment_labels && ${bind(group)}::text[]`);
    }
  }
  const filters = criteria.filters;
  if (filters) {
    if (filters.minPrice !== null || filters.maxPrice !== null) {
      const bounds: string[] = [];
      const known = options.usdPerUnit;
      if (known !== undefined) {
        const inUsd = (amount: number) => Math.round(amount * known * 100) / 100;
        if (filters.minPrice !== null) bounds.push(`h.price_usd >= ${bind(inUsd(filters.minPrice))}`);
        if (filters.maxPrice !== null) bounds.push(`h.price_usd <= ${bind(inUsd(filters.maxPrice))}`);
      } else {
        const rate = usdRate(bind(filters.currency));
        if (filters.minPrice !== null) bounds.push(`h.price_usd >= round(${bind(filters.minPrice)}::numeric * ${rate}, 2)`);
        if (filters.maxPrice !== null) bounds.push(`h.price_usd <= round(${bind(filters.maxPrice)}::numeric * ${rate}, 2)`);
      }
      groups.price = bounds.join(' AND ');
    }
    if (filters.minRating !== null) groups.rating = `h.rating >= ${bind(filters.minRating)}`;
    if (filters.gymAccessType.length > 0) groups.access = `h.gym_access_type = ANY(${bind(filters.gymAccessType)}::text[])`;
    if (filters.accessibilityFeatures.length > 0) groups.accessibility = `h.accessibility_features @> ${bind(filters.accessibilityFeatures)}::text[]`;
    if (filters.open24h) groups.open24h = 'g.open_24h';
    if (filters.gymSize.length > 0) groups.size = `(${filters.gymSize.map(sizeBandSql).join(' OR ')})`;
    if (filters.minDumbbellKg !== null) groups.dumbbell = `h.heaviest_dumbbell_kg >= ${bind(filters.minDumbbellKg)}`;
    if (filters.minRacks != null) groups.racks = `g.rack_count >= ${bind(filters.minRacks)}`;
    if (filters.adjustableBench) groups.bench = 'g.adjustable_bench';
    if (filters.openEarly) groups.early = 'g.opens_early';
    if (filters.openLate) groups.late = 'g.open_late';
    if (filters.entry?.length) groups.entry = `g.entry = ANY(${bind(filters.entry)}::text[])`;
  }
  return { base, groups, values };
}

/**
 * The WHERE clause of a search over `hotels h LEFT JOIN gyms g`: approved hotels; one word: starting
 * a word of the folded name/city/country text, several words: each starting a word of the folded
 * name/city/country/equipment text (both trigram-indexed; a short form also as its long form); for each equipment category
 * with a selection, an overlap with its labels (GIN index on equipment_labels), so categories AND
 * together and labels within one OR (with `eqMatch=any`, one overlap with every chosen label: the criteria's
 * equipmentGroups are then one list); then the price, rating, gym-access and gym-fact filters.
 * `viaMask` states the equipment rule on equipment_mask bits instead (one pass for counts).
 */
export function searchConditions(
  criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'> & Partial<Pick<SearchCriteria, 'words' | 'filters'>>,
  options: SqlOptions = {},
): SqlQuery {
  const parts = searchConditionParts(criteria, options);
  return { text: [...parts.base, ...Object.values(parts.groups)].join(' AND '), values: parts.values };
}

const orderBy: Record<Exclude<HotelSort, 'distance'>, string> = {
  rating: 'h.rating DESC, h.id',
  price: 'h.price_usd ASC NULLS LAST, h.id',
  name: 'h.name_key, h.id',
  gymScore: 'h.gym_score DESC NULLS LAST, h.rating DESC, h.id',
  // Without needs (never reached: the query schema asks for them) fit orders as the gym score does.
  fit: 'h.gym_score DESC NULLS LAST, h.rating DESC, h.id',
};

/** Great-circle distance in km from a point to the hotel (haversine); null without coordinates. */
export function distanceKmSql(latParam: string, lngParam: string): string {
  return `(6371.0088 * 2 * asin(sqrt(power(sin(radians(h.latitude - ${latParam}) / 2), 2)
    + cos(radians(${latParam})) * cos(radians(h.latitude)) * power(sin(radians(h.longitude - ${lngParam}) / 2), 2))))`;
}

/**
 * One page of matching hotels in the chosen order; with a point, each row also carries distance_km.
 * With text or equipment, and when no condition reads the gym (g) and there is no point, the page's
 * ids are chosen from hotels alone and only then are their rows and gyms read (one gym per hotel, so
 * the rows and their order are the same). The ids need only indexed columns: the order indexes of
 * migration 016 also hold search_text, search_words and equipment_labels, so the walk tests each
 * candidate in the index instead of reading its hotel row (an index-only scan), and a search the
 * planner answers by sorting the matches (a rare term, text with equipment) no longer looks up the gym
 * of every match first. Without text or equipment the walk stops after about one page anyway, and the
 * second read of the page's rows would only add to it (0.2-0.3 ms of Postgres time at 1,000,000 hotels).
 */
export function searchPageSql(criteria: SearchCriteria, options: Pick<SqlOptions, 'usdPerUnit'> = {}): SqlQuery {
  const where = searchConditions(criteria, options);
  const values = [...where.values];
  const point = criteria.filters.point;
  let distance = '';
  let order = criteria.sort === 'distance' ? orderBy.rating : orderBy[criteria.sort];
  const fitScore = criteria.sort === 'fit' && criteria.needs ? fitScoreSql(criteria.needs, (value) => (values.push(value), `$${values.length}`)) : null;
  if (fitScore) order = `${fitScore} DESC, h.gym_score DESC NULLS LAST, h.rating DESC, h.id`;
  if (point) {
    values.push(point.lat, point.lng);
    const expression = distanceKmSql(`$${values.length - 1}::float8`, `$${values.length}::float8`);
    distance = `, round(${expression}::numeric, 1)::float8 AS distance_km`;
    if (criteria.sort === 'distance') order = 'distance_km ASC NULLS LAST, h.id';
  }
  values.push(criteria.pageSize, criteria.offset);
  const page = `ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}`;
  const narrowed = criteria.term !== '' || criteria.equipmentGroups.length > 0;
  const { filters } = criteria;
  const readsGym = filters.open24h || filters.gymSize.length > 0 || filters.minRacks != null || filters.adjustableBench || filters.openEarly || filters.openLate || (filters.entry?.length ?? 0) > 0;
  if (fitScore && !point) {
    // The fit order is worked out over the matches' ids and sort keys alone, then the page's rows are read: sorting
    // whole rows of every match took 0.5 s of the 0.55 s a fit sort of 100,000 hotels cost.
    return {
      text: `SELECT ${hotelColumns} FROM (SELECT h.id, ${fitScore} AS fit_score, h.gym_score AS fit_gym_score, h.rating AS fit_rating FROM ${hotelsWithGym} WHERE ${where.text}
               ORDER BY fit_score DESC, h.gym_score DESC NULLS LAST, h.rating DESC, h.id LIMIT $${values.length - 1} OFFSET $${values.length}) ids
             JOIN hotels h ON h.id = ids.id LEFT JOIN gyms g ON g.hotel_id = h.id
             ORDER BY ids.fit_score DESC, ids.fit_gym_score DESC NULLS LAST, ids.fit_rating DESC, ids.id`,
      values,
    };
  }
  if (narrowed && !point && !readsGym && criteria.sort !== 'fit') {
    return {
      text: `SELECT ${hotelColumns} FROM (SELECT h.id FROM hotels h WHERE ${where.text} ${page}) ids JOIN hotels h ON h.id = ids.id LEFT JOIN gyms g ON g.hotel_id = h.id ORDER BY ${order}`,
      values,
    };
  }
  return { text: `SELECT ${hotelColumns}${distance} FROM ${hotelsWithGym} WHERE ${where.text} ${page}`, values };
}

/**
 * The total and, for every filter value, how many matching hotels (every page) have it: the equipment
 * labels (adding the bits of equipment_mask, bit i = allEquipmentLabels[i]) within the whole result;
 * the gym access types, rating and heaviest-dumbbell thresholds, 24-hour gyms, gym size bands and the
 * price range within the result of every other filter, so a count says what choosing that value gives.
 */
export function searchSummarySql(
  criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'> & Partial<Pick<SearchCriteria, 'words' | 'filters'>>,
  options: Pick<SqlOptions, 'usdPerUnit'> = {},
): SqlQuery {
  const parts = searchConditionParts(criteria, { viaMask: criteria.term === '', ...options });
  const inForce = Object.entries(parts.groups) as [FilterGroup, string][];
  const all = inForce.map(([, condition]) => condition);
  const except = (own: FilterGroup) => inForce.filter(([group]) => group !== own).map(([, condition]) => condition);
  const countWhere = (conditions: string[], alias: string) => `count(*) FILTER (WHERE ${conditions.length ? conditions.join(' AND ') : 'true'})::int AS ${alias}`;
  // The currency is one of the schema's known codes, so it is written inline.
  const rate = options.usdPerUnit !== undefined ? String(options.usdPerUnit) : usdRate(`'${criteria.filters?.currency ?? 'USD'}'`);
  const priceWhere = except('price').join(' AND ') || 'true';
  const counts = [
    all.length ? countWhere(all, 'total') : 'count(*)::int AS total',
    ...allEquipmentLabels.map((_, bit) => countWhere([...all, `h.equipment_mask & ${1 << bit} <> 0`], `f${bit}`)),
    ...gymAccessTypes.map((type, i) => countWhere([...except('access'), `h.gym_access_type = '${type}'`], `access${i}`)),
    // Features combine with AND, so a feature's count is the whole result with that feature added.
    ...accessibilityFeatureOptions.map((feature, i) => countWhere([...all, `h.accessibility_features @> ARRAY['${feature}']`], `feature${i}`)),
    ...ratingThresholds.map((min, i) => countWhere([...except('rating'), `h.rating >= ${min}`], `rating${i}`)),
    ...dumbbellThresholdsKg.map((min, i) => countWhere([...except('dumbbell'), `h.heaviest_dumbbell_kg >= ${min}`], `dumbbell${i}`)),
    ...gymSizeBands.map((band, i) => countWhere([...except('size'), sizeBandSql(band)], `size${i}`)),
    countWhere([...except('open24h'), 'g.open_24h'], 'open24h'),
    ...rackThresholds.map((min, i) => countWhere([...except('racks'), `g.rack_count >= ${min}`], `racks${i}`)),
    countWhere([...except('bench'), 'g.adjustable_bench'], 'bench'),
    countWhere([...except('early'), 'g.opens_early'], 'early'),
    countWhere([...except('late'), 'g.open_late'], 'late'),
    ...gymEntryKinds.map((kind, i) => countWhere([...except('entry'), `g.entry = '${kind}'`], `entry${i}`)),
    // Hotels every other filter keeps that state nothing for this one: never dropped without a word.
    ...Object.values(unknownOf).map(([group, condition], i) => countWhere([...except(group), condition], `unknown${i}`)),
    `(min(h.price_usd) FILTER (WHERE ${priceWhere}) / ${rate})::float8 AS price_min`,
    `(max(h.price_usd) FILTER (WHERE ${priceWhere}) / ${rate})::float8 AS price_max`,
  ];
  return { text: `SELECT ${counts.join(', ')} FROM ${hotelsWithGym} WHERE ${parts.base.join(' AND ')}`, values: parts.values };
}

/** The ids of the live hotels a search's text and equipment match (the base every count starts from). */
export function searchMatchesSql(criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'> & Partial<Pick<SearchCriteria, 'words'>>): SqlQuery {
  // The filters are left out of the criteria: their conditions would bind values the base does not use.
  const parts = searchConditionParts({ term: criteria.term, words: criteria.words, equipmentGroups: criteria.equipmentGroups });
  return { text: `SELECT h.id FROM hotels h WHERE ${parts.base.join(' AND ')}`, values: parts.values };
}

/** equipment_mask computed in SQL from equipment_labels, in the taxonomy's current order. */
export function equipmentMaskSql(column = 'equipment_labels'): string {
  return allEquipmentLabels.map((label, bit) => `(CASE WHEN ${column} @> ARRAY['${label.replace(/'/g, "''")}'] THEN ${1 << bit} ELSE 0 END)`).join(' | ');
}

/**
 * Re-derives equipment_mask where it disagrees with equipment_labels (a new taxonomy order), `batchSize`
 * hotels at a time in id order, each batch its own statement; stops between batches once `stopped()` says
 * so. Returns the rows fixed.
 */
export async function reconcileEquipmentMasks(db: Queryable, batchSize = 2_000, stopped: () => boolean = () => false): Promise<number> {
  const expression = equipmentMaskSql('h.equipment_labels');
  let fixed = 0;
  for (let after = 0; !stopped(); ) {
    const { rows } = await db.query<{ last: string | null; fixed: number }>(
      `WITH batch AS (SELECT id FROM hotels WHERE id > $1 ORDER BY id LIMIT $2),
            fixed AS (UPDATE hotels h SET equipment_mask = ${expression}
                        FROM batch WHERE h.id = batch.id AND h.equipment_mask <> (${expression}) RETURNING 1)
       SELECT (SELECT max(id) FROM batch) AS last, (SELECT count(*) FROM fixed)::int AS fixed`,
      [after, batchSize],
    );
    const row = rows[0];
    if (!row || row.last === null) break;
    fixed += row.fixed;
    after = Number(row.last);
  }
  return fixed;
}

export interface FilterFacets {
  gymAccessType: Record<string, number>;
  accessibilityFeatures: Record<string, number>;
  minRating: Record<string, number>;
  open24h: number;
  gymSize: Record<string, number>;
  minDumbbellKg: Record<string, number>;
  minRacks: Record<string, number>;
  adjustableBench: number;
  openEarly: number;
  openLate: number;
  entry: Record<string, number>;
  priceRange: { min: number; max: number } | null;
}

export interface Summary {
  total: number;
  facets: Record<string, number>;
  filterFacets: FilterFacets;
  unknownFacts: Record<keyof typeof unknownOf, number>;
}

/**
 * Totals and facets depend only on the term, the equipment and the filters, not on sort or page, and
 * the broad ones (the home page, /search with no query) are the costliest: at a million hotels one
 * takes about a second. So each is computed by one caller at a time (others asking meanwhile share
 * it), kept fresh for `ttlMs`, and then, for up to `staleMs` more, answered at once while one caller
 * computes it again: counts a few seconds old, never a wait. Every hotel write in this process clears
 * the cache, and a computation begun before that write is not kept; other instances follow within
 * the TTL and one request.
 */
export class SummaryCache<T> {
  private readonly entries = new Map<string, { value: T; freshUntil: number; usableUntil: number }>();
  private readonly running = new Map<string, Promise<T>>();
  private generation = 0;

  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries;
  private readonly now: () => number;

  constructor(
    ttlMs: number,
    staleMs: number,
    maxEntries = 1_000,
    now: () => number = Date.now,
  ) {
    this.ttlMs = ttlMs;
    this.staleMs = staleMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && entry.freshUntil > now) return entry.value;
    if (entry && entry.usableUntil > now) {
      // A failed refresh is tried again by the next caller; this one has its answer.
      this.refresh(key, compute).catch(() => undefined);
      return entry.value;
    }
    return this.refresh(key, compute);
  }

  private refresh(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running;
    const generation = this.generation;
    const computing = compute()
      .then((value) => {
        if (generation === this.generation) this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.running.get(key) === computing) this.running.delete(key);
      });
    this.running.set(key, computing);
    return computing;
  }

  private set(key: string, value: T): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const now = this.now();
    this.entries.set(key, { value, freshUntil: now + this.ttlMs, usableUntil: now + this.ttlMs + this.staleMs });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.running.clear();
  }
}

/** This process's search summaries: none is kept until the app sets how long (configureSearchSummaries). */
let summaries = new SummaryCache<Summary>(0, 0);
/** This process's facet index per pool (store/search-index.ts), when SEARCH_FACET_INDEX is on. */
let facetIndexes: WeakMap<Pool, FacetIndexHolder> | null = null;
let facetIndexLogger: Logger | undefined;

/**
 * How search summaries are made (the catalog's SEARCH_SUMMARY_CACHE_MS, SEARCH_SUMMARY_STALE_MS and SEARCH_FACET_INDEX):
 * buildApp sets it; the kept ones go.
 */
export function configureSearchSummaries(settings: { ttlMs: number; staleMs: number; facetIndex?: boolean; logger?: Logger }): void {
  summaries = new SummaryCache<Summary>(settings.ttlMs, settings.staleMs);
  facetIndexes = settings.facetIndex ? new WeakMap() : null;
  facetIndexLogger = settings.logger;
}

function facetIndexHolder(pool: Pool): FacetIndexHolder | null {
  if (!facetIndexes) return null;
  let holder = facetIndexes.get(pool);
  if (!holder) {
    holder = new FacetIndexHolder(pool, { logger: facetIndexLogger });
    facetIndexes.set(pool, holder);
  }
  return holder;
}

/** The facet index of the pool's database when it is on and current (null: count in Postgres); exported for tests. */
export async function currentFacetIndex(pool: Pool): Promise<FacetIndex | null> {
  return (await facetIndexHolder(pool)?.current()) ?? null;
}

/** Loads the facet index now (at start: the instance is ready once it has, so no first search counts 100,000 rows). */
export async function warmFacetIndex(pool: Pool): Promise<void> {
  await facetIndexHolder(pool)?.reload();
}

/** Called after every hotel write: totals and facets may have changed. */
export function invalidateSearchSummaries(): void {
  summaries.clear();
}

/** The rates table, read at most once a minute (the rates are fixed reference values). */
let rates: { byCurrency: Map<string, number>; expires: number } | null = null;

async function usdPerUnitOf(pool: Pool, currency: string): Promise<number | undefined> {
  if (!rates || rates.expires < Date.now()) {
    const { rows } = await pool.query<{ currency: string; usd_per_unit: string }>('SELECT currency, usd_per_unit FROM currency_rates');
    rates = { byCurrency: new Map(rows.map((r) => [r.currency, Number(r.usd_per_unit)])), expires: Date.now() + 60_000 };
  }
  return rates.byCurrency.get(currency);
}

/** The search's totals and counts, through this process's summary cache (keyed by all that changes them). */
function searchSummary(criteria: SearchCriteria, compute: () => Promise<Summary>): Promise<Summary> {
  const { point: _point, ...filters } = criteria.filters;
  const key = JSON.stringify([foldText(criteria.term), criteria.words.map(foldText), criteria.equipmentGroups, filters]);
  return summaries.get(key, compute);
}

/** The totals and counts as Postgres counts them (searchSummarySql). */
export async function summaryFromSql(pool: Pool, criteria: SearchCriteria, options: Pick<SqlOptions, 'usdPerUnit'>): Promise<Summary> {
  const sql = searchSummarySql(criteria, options);
  const { rows } = await pool.query<Record<string, number | null>>(sql.text, sql.values);
  const counted = rows[0] ?? {};
  const count = (column: string) => counted[column] ?? 0;
  const priceMin = counted.price_min ?? null;
  const priceMax = counted.price_max ?? null;
  return {
    total: count('total'),
    facets: Object.fromEntries(allEquipmentLabels.map((label, bit) => [label, count(`f${bit}`)])),
    filterFacets: {
      gymAccessType: Object.fromEntries(gymAccessTypes.map((type, i) => [type, count(`access${i}`)])),
      accessibilityFeatures: Object.fromEntries(accessibilityFeatureOptions.map((feature, i) => [feature, count(`feature${i}`)])),
      minRating: Object.fromEntries(ratingThresholds.map((min, i) => [String(min), count(`rating${i}`)])),
      open24h: count('open24h'),
      gymSize: Object.fromEntries(gymSizeBands.map((band, i) => [band, count(`size${i}`)])),
      minDumbbellKg: Object.fromEntries(dumbbellThresholdsKg.map((min, i) => [String(min), count(`dumbbell${i}`)])),
      minRacks: Object.fromEntries(rackThresholds.map((min, i) => [String(min), count(`racks${i}`)])),
      adjustableBench: count('bench'),
      openEarly: count('early'),
      openLate: count('late'),
      entry: Object.fromEntries(gymEntryKinds.map((kind, i) => [kind, count(`entry${i}`)])),
      priceRange: priceMin === null || priceMax === null ? null : { min: Math.floor(priceMin), max: Math.ceil(priceMax) },
    },
    unknownFacts: Object.fromEntries(Object.keys(unknownOf).map((key, i) => [key, count(`unknown${i}`)])) as Summary['unknownFacts'],
  };
}

export interface SearchResult extends Summary {
  hotels: StoredHotel[];
  /** Per hotel of the page, with a point: its distance in km (null without coordinates). */
  distances: (number | null)[] | null;
}

/**
 * A search: its page of hotels and its totals and counts. With the facet index current (store/search-index.ts),
 * Postgres names the hotels the text matches (none to name without text) and the index counts them and, for the
 * orders it holds, ranks the page, whose rows Postgres then reads by id; otherwise Postgres does it all.
 */
export async function searchHotels(pool: Pool, criteria: SearchCriteria): Promise<SearchResult> {
  const usdPerUnit = await usdPerUnitOf(pool, criteria.filters.currency);
  const options = { usdPerUnit };
  // The page as Postgres orders it, beside the totals and counts however they are made.
  const pageFromSql = async (summary: Promise<Summary>): Promise<SearchResult> => {
    const page = searchPageSql(criteria, options);
    const [pageResult, counted] = await Promise.all([pool.query<HotelRow & { distance_km?: number | null }>(page.text, page.values), summary]);
    const distances = criteria.filters.point ? pageResult.rows.map((row) => row.distance_km ?? null) : null;
    return { ...counted, hotels: pageResult.rows.map(hotelFromRow), distances };
  };
  const index = usdPerUnit === undefined ? null : await currentFacetIndex(pool);
  if (!index || usdPerUnit === undefined) return pageFromSql(searchSummary(criteria, () => summaryFromSql(pool, criteria, options)));
  // The hotels the text matches (matchedPositions), found once for the counts and the page.
  let matched: Promise<Int32Array | null> | undefined;
  const within = () => (matched ??= criteria.term === '' ? Promise.resolve(null) : matchedPositions(pool, index, criteria));
  const summary = searchSummary(criteria, async () => summaryFromIndex(index, criteria, usdPerUnit, await within()));
  // Without text the rating, price and gym score orders walk their indexes and stop after a page (about 1 ms); the fit
  // order has no index, and with text a walk tests each hotel's text until a page is found: the index ranks those.
  const ranksInMemory = !criteria.filters.point && (criteria.sort === 'fit' || criteria.term !== '');
  const pageIds = ranksInMemory ? pageIdsFromIndex(index, criteria, usdPerUnit, await within()) : null;
  if (pageIds === null) return pageFromSql(summary);
  const [rows, counted] = await Promise.all([hotelsByIds(pool, pageIds), summary]);
  return { ...counted, hotels: rows, distances: null };
}

/**
 * The positions in the index of the hotels the search's text matches: by the index's word lists, the words folded by
 * Postgres (fold_text: the stored text's own folding); a term Postgres must match itself (no letter or digit, or a
 * word starting with another character) is asked of it, with the equipment.
 */
export async function matchedPositions(pool: Pool, index: FacetIndex, criteria: SearchCriteria): Promise<Int32Array> {
  if (criteria.words.length > 0) {
    const asked = criteria.words.flatMap((word) => [word, longFormOf(word) ?? '']);
    const { rows } = await pool.query<{ folded: string[] }>('SELECT array(SELECT fold_text(x) FROM unnest($1::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n) AS folded', [asked]);
    const folded = rows[0]!.folded;
    const words = criteria.words.map((_, i) => ({ word: folded[2 * i]!, longForm: asked[2 * i + 1] === '' ? null : folded[2 * i + 1]! }));
    const positions = textPositions(index, words);
    if (positions) return positions;
  }
  const matched = searchMatchesSql(criteria);
  const { rows } = await pool.query<{ id: number }>(matched.text, matched.values);
  return positionsOf(index, rows.map((row) => row.id));
}

/** The hotels of a page, in the order of their ids (one a write removed meanwhile is left out). */
async function hotelsByIds(pool: Pool, ids: number[]): Promise<StoredHotel[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.id = ANY($1::int[])`, [ids]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [hotelFromRow(row)] : [];
  });
}

/**
 * "My training, matched" (docs/decisions.md): each need as one term worth 64 when the hotel meets it, -1 when the
 * listing says it is not there and 0 when the listing does not say (unknown), so one sum orders by needs met and then
 * by fewest missing (at most 42 needs, so 64 keeps the two apart). The rules of `gymFit` in
 * contracts/src/training-values.ts, which the fit route test holds to these. Each term reads a generated column or an
 * indexed-free containment test first and calls the jsonb functions of migration 022 only for the gyms that list the
 * item (at 100,000 hotels, calling them for every row made a fit sort of the whole catalogue take seconds).
 */
export function fitTermsSql(needs: TrainingNeeds, bind: (value: unknown) => string): string[] {
  const terms: string[] = [];
  const state = (met: string, missing: string) => `(CASE WHEN ${met} THEN 64 WHEN ${missing} THEN -1 ELSE 0 END)`;
  for (const label of needs.equipment) terms.push(`(CASE WHEN h.equipment_labels @> ARRAY[${bind(label)}::text] THEN 64 ELSE -1 END)`);
  for (const piece of needs.pieces) {
    const wanted = bind(piece.count);
    if (piece.item === 'rack' && piece.kind === null) {
      terms.push(state(`g.rack_count >= ${wanted}::int`, 'g.rack_count IS NOT NULL'));
      continue;
    }
    const listsItem = `coalesce(g.equipment_pieces @> ${bind(JSON.stringify([{ item: piece.item }]))}::jsonb, false)`;
    const listsKind = piece.kind === null ? 'true' : `g.equipment_pieces @> ${bind(JSON.stringify([{ item: piece.item, kind: piece.kind }]))}::jsonb`;
    const count = `coalesce(gym_piece_count(g.equipment_pieces, ${bind(piece.item)}::text, ${bind(piece.kind)}::text), 0)`;
    terms.push(`(CASE WHEN NOT ${listsItem} THEN 0 WHEN NOT ${listsKind} THEN -1 WHEN ${count} >= ${wanted}::int THEN 64 ELSE -1 END)`);
  }
  if (needs.minDumbbellKg !== null) {
    terms.push(state(`h.heaviest_dumbbell_kg >= ${bind(needs.minDumbbellKg)}::numeric`, 'h.heaviest_dumbbell_kg IS NOT NULL'));
  }
  const hours = (time: string | null, early: boolean) => {
    const minute = time ? minuteOfDay(time) : null;
    if (minute === null) return;
    // The search filters' thresholds are generated columns (opens before 06:00, open after 22:00).
    const column = early && minute === earlyOpeningMinute ? 'g.opens_early' : !early && minute === lateClosingMinute ? 'g.open_late' : null;
    const every = column ?? `(CASE WHEN g.weekly_hours IS NULL THEN NULL ELSE gym_hours_every_open_day(g.weekly_hours, ${bind(minute)}::int, ${early}) END)`;
    terms.push(`(CASE ${every} WHEN true THEN 64 WHEN false THEN -1 ELSE 0 END)`);
  };
  hours(needs.opensBefore, true);
  hours(needs.openAfter, false);
  return terms;
}

/** The fit score: ordered descending, most needs met first, then fewest known to be missing (an unknown ranks above a no). */
export function fitScoreSql(needs: TrainingNeeds, bind: (value: unknown) => string): string {
  const terms = fitTermsSql(needs, bind);
  return terms.length ? `(${terms.join(' + ')})` : '0';
}
