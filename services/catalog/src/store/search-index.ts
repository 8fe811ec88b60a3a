import { accessibilityFeatureOptions, allEquipmentLabels, dumbbellThresholdsKg, earlyOpeningMinute, gymAccessTypes, gymEntryKinds, gymSizeBandLimits, gymSizeBands, lateClosingMinute, minuteOfDay, ratingThresholds, hotelSearchQuery, type TrainingNeeds } from '@reproute/contracts';
import type { Logger, Pool } from '@reproute/platform';
import { toSearchCriteria, type SearchCriteria } from '../domain/search.ts';
import { equipmentMask } from '../domain/hotel.ts';
import type { FilterFacets, Summary } from './search.ts';

/**
 * The facet index (docs/decisions.md, "Search at directory scale"): what search reads of every live hotel, held in
 * this process as typed arrays and word lists, so a search is a few passes in memory instead of scans of every match
 * with some 80 counted conditions: its text matched (textPositions), its totals and counts (summaryFromIndex, the
 * numbers of `searchSummarySql`), and the fit order's and text searches' pages ranked (pageIdsFromIndex, the order of
 * `searchPageSql`); route tests hold each equal to Postgres'.
 *
 * It is never used stale: every write that changes what it holds moves the sequence `search_index_version` (deferred
 * triggers, migrations 026 and 028, so at commit), each search reads it first, and an index older than the version is
 * not used: the search asks Postgres as before while one reload runs in the background. A reload also runs once a
 * minute whatever the version says, which closes the one gap a sequence leaves (a version read between a writer's
 * bump and its commit).
 */

/** Rack counts offered as filters ("at least N racks"); facet counts are given for each. */
export const rackThresholds = [1, 2, 4] as const;

/** Null as stored: a NaN in a float column, -1 in a count or a tri-state (0 false, 1 true). */
const unknown = -1;

export interface FacetIndex {
  version: string;
  loadedAt: number;
  size: number;
  /** The hotels' ids, ascending: position i holds hotel ids[i]. */
  ids: Int32Array;
  mask: Int32Array;
  priceUsd: Float64Array;
  rating: Float64Array;
  access: Int8Array;
  accessibility: Uint8Array;
  open24h: Int8Array;
  /** The gym size band (gymSizeBands' position), -1 when the size is not known. */
  sizeBand: Int8Array;
  dumbbellKg: Float64Array;
  racks: Int16Array;
  bench: Int8Array;
  early: Int8Array;
  late: Int8Array;
  entry: Int8Array;
  gymScore: Float64Array;
  /**
   * The listed pieces, for the fit sort: per `item` and per `item|kind` seen, each hotel's count (the sum, as
   * gym_piece_count gives it), -1 when its gym lists none.
   */
  pieces: Map<string, Int16Array>;
  /**
   * The counts of the whole catalogue (no text, equipment or filter), worked out as the index loads: the search
   * page's first answer, and every fit sort's without filters. Prices in USD; the answer converts them.
   */
  everything: { summary: Summary; priceMinUsd: number | null; priceMaxUsd: number | null } | null;
  /**
   * The folded search text (name, city, country) and search words (those and the equipment) of each hotel as
   * Postgres stores them, and their words (split as migration 027 splits them) to the positions having each: so a
   * search's text is matched here by the rules of searchConditionParts (store/search.ts, textPositions).
   */
  text: { fields: { strings: string[]; words: Map<string, Int32Array>; sortedWords: string[] }[] };
}

interface IndexRow {
  id: number;
  equipment_mask: number;
  price_usd: number | null;
  rating: number | null;
  gym_access_type: string | null;
  accessibility_features: string[] | null;
  open_24h: boolean | null;
  size_sqm: number | null;
  heaviest_dumbbell_kg: number | null;
  rack_count: number | null;
  adjustable_bench: boolean | null;
  opens_early: boolean | null;
  open_late: boolean | null;
  entry: string | null;
  gym_score: number | null;
  search_text: string;
  search_words: string;
  text_words: string[];
  all_words: string[];
  equipment_pieces: { item: string; kind?: string | null; count: number }[] | null;
}

const triState = (value: boolean | null) => (value === null ? unknown : value ? 1 : 0);
const float = (value: number | null) => (value === null ? Number.NaN : Number(value));

/** Every live hotel's facet values, read in one snapshot with the version it reflects. */
export async function loadFacetIndex(pool: Pool): Promise<FacetIndex> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Read before the rows, in the same snapshot: a write committed after it moves the version past this one.
    const { rows: versions } = await client.query<{ version: string }>('SELECT last_value::text AS version FROM search_index_version');
    const { rows } = await client.query<IndexRow>(
      `SELECT h.id, h.equipment_mask, h.price_usd::float8 AS price_usd, h.rating::float8 AS rating, h.gym_access_type, h.accessibility_features,
              g.open_24h, g.size_sqm::float8 AS size_sqm, h.heaviest_dumbbell_kg::float8 AS heaviest_dumbbell_kg, g.rack_count,
              g.adjustable_bench, g.opens_early, g.open_late, g.entry, h.gym_score::float8 AS gym_score, g.equipment_pieces,
              h.search_text, h.search_words, regexp_split_to_array(h.search_text, '[^[:alnum:]_]+') AS text_words,
              regexp_split_to_array(h.search_words, '[^[:alnum:]_]+') AS all_words
         FROM hotels h LEFT JOIN gyms g ON g.hotel_id = h.id WHERE h.is_approved ORDER BY h.id`,
    );
    await client.query('COMMIT');
    const size = rows.length;
    const index: FacetIndex = {
      version: versions[0]!.version,
      loadedAt: Date.now(),
      size,
      ids: new Int32Array(size),
      mask: new Int32Array(size),
      priceUsd: new Float64Array(size),
      rating: new Float64Array(size),
      access: new Int8Array(size),
      accessibility: new Uint8Array(size),
      open24h: new Int8Array(size),
      sizeBand: new Int8Array(size),
      dumbbellKg: new Float64Array(size),
      racks: new Int16Array(size),
      bench: new Int8Array(size),
      early: new Int8Array(size),
      late: new Int8Array(size),
      entry: new Int8Array(size),
      gymScore: new Float64Array(size),
      pieces: new Map(),
      everything: null,
      text: { fields: [] },
    };
    const postings = [new Map<string, number[]>(), new Map<string, number[]>()];
    const piecesOf = (key: string) => {
      let counts = index.pieces.get(key);
      if (!counts) {
        counts = new Int16Array(size).fill(unknown);
        index.pieces.set(key, counts);
      }
      return counts;
    };
    // Built a few thousand hotels at a time, giving the event loop back between them: a reload at 100,000 hotels
    // never holds up this instance's requests for long.
    for (let i = 0; i < size; i += 1) {
      if (i % 5_000 === 4_999) await new Promise((resolve) => setImmediate(resolve));
      const row = rows[i]!;
      index.ids[i] = row.id;
      index.mask[i] = row.equipment_mask | 0;
      index.priceUsd[i] = float(row.price_usd);
      index.rating[i] = float(row.rating);
      index.access[i] = row.gym_access_type === null ? unknown : gymAccessTypes.indexOf(row.gym_access_type as (typeof gymAccessTypes)[number]);
      index.accessibility[i] = accessibilityFeatureOptions.reduce((bits, feature, bit) => (row.accessibility_features?.includes(feature) ? bits | (1 << bit) : bits), 0);
      index.open24h[i] = triState(row.open_24h);
      index.sizeBand[i] = bandOf(float(row.size_sqm));
      index.dumbbellKg[i] = float(row.heaviest_dumbbell_kg);
      index.racks[i] = row.rack_count === null ? unknown : row.rack_count;
      index.bench[i] = triState(row.adjustable_bench);
      index.early[i] = triState(row.opens_early);
      index.late[i] = triState(row.open_late);
      index.entry[i] = row.entry === null ? unknown : gymEntryKinds.indexOf(row.entry as (typeof gymEntryKinds)[number]);
      index.gymScore[i] = float(row.gym_score);
      [row.text_words, row.all_words].forEach((words, field) => {
        for (const word of new Set(words)) {
          if (word === '') continue;
          const at = postings[field]!.get(word);
          if (at) at.push(i);
          else postings[field]!.set(word, [i]);
        }
      });
      for (const piece of row.equipment_pieces ?? []) {
        for (const key of piece.kind ? [piece.item, `${piece.item}|${piece.kind}`] : [piece.item]) {
          const counts = piecesOf(key);
          counts[i] = Math.max(counts[i]!, 0) + piece.count;
        }
      }
    }
    index.text.fields = [rows.map((row) => row.search_text), rows.map((row) => row.search_words)].map((strings, field) => {
      const words = new Map([...postings[field]!].map(([word, at]) => [word, Int32Array.from(at)]));
      return { strings, words, sortedWords: [...words.keys()].sort() };
    });
    const whole = summaryFromIndex(index, { equipmentGroups: [], filters: noFilters }, 1);
    index.everything = { summary: whole, priceMinUsd: whole.filterFacets.priceRange ? priceMinOf(index) : null, priceMaxUsd: whole.filterFacets.priceRange ? priceMaxOf(index) : null };
    return index;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A search with no filter in force (the whole catalogue's counts): the search page's own defaults. */
const noFilters = toSearchCriteria(hotelSearchQuery.parse({})).filters;

const priceMinOf = (index: FacetIndex) => index.priceUsd.reduce((min, price) => (Number.isNaN(price) || price >= min ? min : price), Number.POSITIVE_INFINITY);
const priceMaxOf = (index: FacetIndex) => index.priceUsd.reduce((max, price) => (Number.isNaN(price) || price <= max ? max : price), Number.NEGATIVE_INFINITY);

/** Whether the search counts the whole catalogue: no equipment and no filter in force. */
function countsEverything(criteria: Pick<SearchCriteria, 'equipmentGroups' | 'filters'>): boolean {
  const f = criteria.filters;
  return (
    criteria.equipmentGroups.length === 0 && f.minPrice === null && f.maxPrice === null && f.minRating === null && f.gymAccessType.length === 0 &&
    f.accessibilityFeatures.length === 0 && !f.open24h && f.gymSize.length === 0 && f.minDumbbellKg === null && f.minRacks == null &&
    !f.adjustableBench && !f.openEarly && !f.openLate && (f.entry?.length ?? 0) === 0
  );
}

/** The positions of these hotels in the index, ascending (a hotel the index does not hold, written since, is left out). */
export function positionsOf(index: FacetIndex, hotelIds: readonly number[]): Int32Array {
  const sorted = Int32Array.from(hotelIds).sort();
  const positions = new Int32Array(sorted.length);
  let found = 0;
  let low = 0;
  for (const id of sorted) {
    let high = index.size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = index.ids[mid]!;
      if (at === id) {
        positions[found++] = mid;
        low = mid + 1;
        break;
      }
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
  }
  return positions.subarray(0, found);
}

/** The filter groups, in the order of their bits in a hotel's failures. */
const groups = ['price', 'rating', 'access', 'accessibility', 'open24h', 'size', 'dumbbell', 'racks', 'bench', 'early', 'late', 'entry'] as const;
type Group = (typeof groups)[number];
const bitOf = Object.fromEntries(groups.map((group, i) => [group, i])) as Record<Group, number>;
const groupBit = Object.fromEntries(Object.entries(bitOf).map(([group, bit]) => [group, 1 << bit])) as Record<Group, number>;

/** A price as the summary SQL gives it: numeric USD over the rate, to float, then whole units (floor or ceiling). */
const priceIn = (usd: number, rate: number) => Math.round((usd / rate) * 1e9) / 1e9;

/** A hotel left out before any filter: it lacks a chosen equipment group (or the text did not match it). */
const excluded = 1 << 30;

/**
 * The search's filters over the index: for a position, the bits of the filter groups the hotel fails (0: it is in the
 * result), or `excluded` when its equipment does not match. The conditions of searchConditionParts, value for value.
 */
function compileFilter(index: FacetIndex, criteria: Pick<SearchCriteria, 'equipmentGroups' | 'filters'>, usdPerUnit: number): (i: number) => number {
  const f = criteria.filters;
  const inUsd = (amount: number) => Math.round(amount * usdPerUnit * 100) / 100;
  // A bound not given is one every price passes (a hotel without a price fails any bound, as NULL does in SQL).
  const pricedOnly = f.minPrice !== null || f.maxPrice !== null;
  const minUsd = f.minPrice !== null ? inUsd(f.minPrice) : Number.NEGATIVE_INFINITY;
  const maxUsd = f.maxPrice !== null ? inUsd(f.maxPrice) : Number.POSITIVE_INFINITY;
  const masks = Int32Array.from(criteria.equipmentGroups.map((group) => equipmentMask(group)));
  const maskCount = masks.length;
  const minRating = f.minRating ?? Number.NEGATIVE_INFINITY;
  const ratingOn = f.minRating !== null;
  // Wanted values as bit sets over their codes (code 0 is bit 0; unknown, -1, is never wanted).
  const codeBits = (codes: number[]) => codes.reduce((bits, code) => (code >= 0 ? bits | (1 << code) : bits), 0);
  const accessBits = codeBits(f.gymAccessType.map((type) => gymAccessTypes.indexOf(type as (typeof gymAccessTypes)[number])));
  const featuresWanted = codeBits(f.accessibilityFeatures.map((feature) => accessibilityFeatureOptions.indexOf(feature as (typeof accessibilityFeatureOptions)[number])));
  const entryBits = codeBits((f.entry ?? []).map((kind) => gymEntryKinds.indexOf(kind)));
  const entryOn = (f.entry?.length ?? 0) > 0;
  const bandBits = codeBits(f.gymSize.map((band) => gymSizeBands.indexOf(band)));
  const minKg = f.minDumbbellKg ?? Number.NEGATIVE_INFINITY;
  const kgOn = f.minDumbbellKg !== null;
  const minRacks = f.minRacks ?? 0;
  const racksOn = f.minRacks != null;

  const { price: P, rating: R, access: A, accessibility: F, open24h: O, size: S, dumbbell: D, racks: K, bench: B, early: E, late: L, entry: N } = groupBit;

  const { mask: maskOf, priceUsd, rating: ratingOf, access: accessOf, accessibility, open24h: open24hOf, sizeBand, dumbbellKg, racks: racksOf, bench: benchOf, early: earlyOf, late: lateOf, entry: entryOf } = index;
  return (i) => {
    const mask = maskOf[i]!;
    for (let m = 0; m < maskCount; m += 1) if ((mask & masks[m]!) === 0) return excluded;
    let failed = 0;
    if (pricedOnly && !(priceUsd[i]! >= minUsd && priceUsd[i]! <= maxUsd)) failed |= P;
    if (ratingOn && !(ratingOf[i]! >= minRating)) failed |= R;
    const accessCode = accessOf[i]!;
    if (accessBits !== 0 && (accessCode < 0 || (accessBits & (1 << accessCode)) === 0)) failed |= A;
    if (featuresWanted !== 0 && (accessibility[i]! & featuresWanted) !== featuresWanted) failed |= F;
    if (f.open24h && open24hOf[i] !== 1) failed |= O;
    const band = sizeBand[i]!;
    if (bandBits !== 0 && (band < 0 || (bandBits & (1 << band)) === 0)) failed |= S;
    if (kgOn && !(dumbbellKg[i]! >= minKg)) failed |= D;
    if (racksOn && !(racksOf[i] !== unknown && racksOf[i]! >= minRacks)) failed |= K;
    if (f.adjustableBench && benchOf[i] !== 1) failed |= B;
    if (f.openEarly && earlyOf[i] !== 1) failed |= E;
    if (f.openLate && lateOf[i] !== 1) failed |= L;
    const entryKind = entryOf[i]!;
    if (entryOn && (entryKind < 0 || (entryBits & (1 << entryKind)) === 0)) failed |= N;
    return failed;
  };
}

/** The size band a gym's square metres fall in (-1: not known). */
function bandOf(sqm: number): number {
  for (let b = 0; b < gymSizeBands.length; b += 1) {
    const { minSqm, maxSqm } = gymSizeBandLimits[gymSizeBands[b]!];
    if (sqm >= minSqm && (maxSqm === null || sqm <= maxSqm)) return b;
  }
  return -1;
}


/**
 * The totals and counts of a search from the index (`within`: the positions of the hotels its text matches, else
 * every hotel): the same numbers as `searchSummarySql` (a hotel's
 * value for a filter group counts when it passes every other group in force; the labels and accessibility features
 * count within the whole result; price bounds are USD rounded to cents, as the SQL binds them).
 */
export function summaryFromIndex(index: FacetIndex, criteria: Pick<SearchCriteria, 'equipmentGroups' | 'filters'>, usdPerUnit: number, within: Int32Array | null = null): Summary {
  if (within === null && index.everything && countsEverything(criteria)) {
    // The whole catalogue's counts, as loaded (a copy: the answer is the caller's), the price range in its currency.
    const { summary, priceMinUsd, priceMaxUsd } = index.everything;
    const copy = structuredClone(summary);
    copy.filterFacets.priceRange = priceMinUsd === null || priceMaxUsd === null ? null : { min: Math.floor(priceIn(priceMinUsd, usdPerUnit)), max: Math.ceil(priceIn(priceMaxUsd, usdPerUnit)) };
    return copy;
  }
  const failedOf = compileFilter(index, criteria, usdPerUnit);
  const ratingMins = Float64Array.from(ratingThresholds);
  const kgMins = Float64Array.from(dumbbellThresholdsKg);
  const rackMins = Int32Array.from(rackThresholds);
  const { price: P, rating: R, access: A, open24h: O, size: S, dumbbell: D, racks: K, bench: B, early: E, late: L, entry: N } = groupBit;

  let total = 0;
  const labels = new Int32Array(allEquipmentLabels.length);
  const access = new Int32Array(gymAccessTypes.length);
  const features = new Int32Array(accessibilityFeatureOptions.length);
  const rating = new Int32Array(ratingMins.length);
  const dumbbell = new Int32Array(kgMins.length);
  const size = new Int32Array(gymSizeBands.length);
  const racks = new Int32Array(rackMins.length);
  const entry = new Int32Array(gymEntryKinds.length);
  let open24h = 0, bench = 0, early = 0, late = 0;
  let unknownKg = 0, unknownRacks = 0, unknownBench = 0, unknownEarly = 0, unknownLate = 0, unknownEntry = 0;
  let priceMin = Number.POSITIVE_INFINITY;
  let priceMax = Number.NEGATIVE_INFINITY;
  const { mask: maskOf, priceUsd, rating: ratingOf, access: accessOf, accessibility, open24h: open24hOf, sizeBand, dumbbellKg, racks: racksOf, bench: benchOf, early: earlyOf, late: lateOf, entry: entryOf } = index;

  const count = within ? within.length : index.size;
  for (let j = 0; j < count; j += 1) {
    const i = within ? within[j]! : j;
    const failed = failedOf(i);
    // Kept by every group but one: it fails none, or that one alone.
    if (failed === excluded || (failed !== 0 && (failed & (failed - 1)) !== 0)) continue;
    const mask = maskOf[i]!;
    const price = priceUsd[i]!;
    const stars = ratingOf[i]!;
    const accessCode = accessOf[i]!;
    const featureBits = accessibility[i]!;
    const is24h = open24hOf[i]!;
    const band = sizeBand[i]!;
    const kg = dumbbellKg[i]!;
    const rackCount = racksOf[i]!;
    const hasBench = benchOf[i]!;
    const opensEarly = earlyOf[i]!;
    const openLate = lateOf[i]!;
    const entryKind = entryOf[i]!;

    if (failed === 0) {
      total += 1;
      for (let bits = mask; bits !== 0; bits &= bits - 1) labels[31 - Math.clz32(bits & -bits)]! += 1;
      for (let bits = featureBits; bits !== 0; bits &= bits - 1) features[31 - Math.clz32(bits & -bits)]! += 1;
    }
    if ((failed === 0 || failed === A) && accessCode >= 0) access[accessCode]! += 1;
    if (failed === 0 || failed === R) for (let t = 0; t < ratingMins.length; t += 1) if (stars >= ratingMins[t]!) rating[t]! += 1;
    if (failed === 0 || failed === D) {
      if (Number.isNaN(kg)) unknownKg += 1;
      else for (let t = 0; t < kgMins.length; t += 1) if (kg >= kgMins[t]!) dumbbell[t]! += 1;
    }
    if ((failed === 0 || failed === S) && band >= 0) size[band]! += 1;
    if ((failed === 0 || failed === O) && is24h === 1) open24h += 1;
    if (failed === 0 || failed === K) {
      if (rackCount === unknown) unknownRacks += 1;
      else for (let t = 0; t < rackMins.length; t += 1) if (rackCount >= rackMins[t]!) racks[t]! += 1;
    }
    if (failed === 0 || failed === B) {
      if (hasBench === unknown) unknownBench += 1;
      else if (hasBench === 1) bench += 1;
    }
    if (failed === 0 || failed === E) {
      if (opensEarly === unknown) unknownEarly += 1;
      else if (opensEarly === 1) early += 1;
    }
    if (failed === 0 || failed === L) {
      if (openLate === unknown) unknownLate += 1;
      else if (openLate === 1) late += 1;
    }
    if (failed === 0 || failed === N) {
      if (entryKind === unknown) unknownEntry += 1;
      else if (entryKind >= 0) entry[entryKind]! += 1;
    }
    if ((failed === 0 || failed === P) && !Number.isNaN(price)) {
      if (price < priceMin) priceMin = price;
      if (price > priceMax) priceMax = price;
    }
  }

  const byIndex = (keys: readonly (string | number)[], counts: Int32Array) => Object.fromEntries(keys.map((key, i) => [String(key), counts[i]!]));
  const filterFacets: FilterFacets = {
    gymAccessType: byIndex(gymAccessTypes, access),
    accessibilityFeatures: byIndex(accessibilityFeatureOptions, features),
    minRating: byIndex(ratingThresholds, rating),
    open24h,
    gymSize: byIndex(gymSizeBands, size),
    minDumbbellKg: byIndex(dumbbellThresholdsKg, dumbbell),
    minRacks: byIndex(rackThresholds, racks),
    adjustableBench: bench,
    openEarly: early,
    openLate: late,
    entry: byIndex(gymEntryKinds, entry),
    priceRange: priceMin === Number.POSITIVE_INFINITY ? null : { min: Math.floor(priceIn(priceMin, usdPerUnit)), max: Math.ceil(priceIn(priceMax, usdPerUnit)) },
  };
  const unknownFacts = { minDumbbellKg: unknownKg, minRacks: unknownRacks, adjustableBench: unknownBench, openEarly: unknownEarly, openLate: unknownLate, entry: unknownEntry };
  return { total, facets: byIndex(allEquipmentLabels, labels), filterFacets, unknownFacts };
}

/** The positions in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length));
  let k = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      both[k++] = a[i]!;
      i += 1;
      j += 1;
    }
  }
  return both.subarray(0, k);
}

/** A word character of Postgres' \m and \M (and of the split of migration 027): a letter, a digit or an underscore. */
const wordChars = /^[\p{L}\p{N}_]+/u;
/** The words of a text as migration 027 splits them: the runs of word characters. */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
const endsInWordChar = /[\p{L}\p{N}_]$/u;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** search_word_regex (migration 021) as a JavaScript expression: the folded word at the start of a word, or as a whole word. */
const wordRegex = (folded: string, whole: boolean) => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegex(folded)}${whole ? '(?![\\p{L}\\p{N}_])' : ''}`, 'u');

/**
 * The positions whose text the search's words match, by the rules of searchConditionParts: one word in the search
 * text (name, city, country), several words each in the search words (those and the equipment); a word at the start
 * of a word of the field; a short form as a whole word or its long form, whole. `words` are the search's words folded by
 * Postgres' fold_text, each with its folded long form when it is a short form. The index's word lists find the
 * candidates; a word with a non-word character inside, or a long form of several words, is then checked by the
 * regular expression over the field. Null when a word does not start with a word character (Postgres matches it).
 */
export function textPositions(index: FacetIndex, words: readonly { word: string; longForm: string | null }[]): Int32Array | null {
  const field = index.text.fields[words.length > 1 ? 1 : 0]!;
  if (words.length === 0) return Int32Array.from({ length: index.size }, (_, i) => i);
  // Each word's positions as one ascending list, the words' lists intersected: the work follows the matches and the
  // candidates, never the catalogue's size (two arrays of every hotel and two passes over them per search were half
  // of a text search's CPU at a million hotels, with the collector's share of them).
  const exactly = (word: string) => field.words.get(word) ?? new Int32Array(0);
  // The positions of every word of the field starting with `prefix`, as one ascending list.
  const startingWith = (prefix: string): Int32Array => {
    const lists: Int32Array[] = [];
    let low = 0;
    let high = field.sortedWords.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (field.sortedWords[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    for (let k = low; k < field.sortedWords.length && field.sortedWords[k]!.startsWith(prefix); k += 1) lists.push(field.words.get(field.sortedWords[k]!)!);
    return union(lists);
  };
  const checked = (candidates: Int32Array, pattern: RegExp) => candidates.filter((i) => pattern.test(field.strings[i]!));
  // The positions a word with a non-word character inside can match ("no-such-place", "c++"): the field holds its
  // every part as a word of its own, whole but for the last one, which the search may end partway ("no-such-pl").
  const candidatesOf = (word: string, whole: boolean): Int32Array => {
    const parts = wordsOf(word);
    const endsPartway = !whole && endsInWordChar.test(word);
    return parts.reduce<Int32Array | null>((found, part, k) => {
      const list = k === parts.length - 1 && endsPartway ? startingWith(part) : exactly(part);
      return found === null ? list : intersect(found, list);
    }, null)!;
  };
  let matched: Int32Array | null = null;
  for (const { word, longForm } of words) {
    const lead = wordChars.exec(word)?.[0];
    if (!lead) return null;
    let found: Int32Array;
    if (longForm === null) {
      // Every word of the field starting with the word's leading run; with more after it, the expression decides.
      found = lead === word ? startingWith(lead) : checked(candidatesOf(word, false), wordRegex(word, false));
    } else {
      const exact = lead === word ? exactly(word) : checked(candidatesOf(word, true), wordRegex(word, true));
      // A long form matches as a whole: its every word is a whole word of the field (the candidates), then the
      // expression decides (the words in their order, with what is between them).
      const parts = wordsOf(longForm);
      if (parts.length === 0) return null;
      const candidates = parts.slice(1).reduce((both, part) => intersect(both, exactly(part)), exactly(parts[0]!));
      found = union([exact, parts.length === 1 && parts[0] === longForm ? candidates : checked(candidates, wordRegex(longForm, true))]);
    }
    matched = matched === null ? found : intersect(matched, found);
  }
  return matched!;
}

/** Ascending lists of positions merged into one, each position once. */
function union(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0]!;
  let total = 0;
  for (const list of lists) total += list.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[i - 1]) all[k++] = all[i]!;
  return all.subarray(0, k);
}

/** The most hotels a page from the index may need to rank (offset and page): beyond, Postgres orders them. */
export const indexPageLimit = 1_000;

/**
 * Every hotel's fit score for the training needs (fitTermsSql's rules, term for term: 64 when met, -1 when the listing
 * says no, 0 when it does not say), or null when a need is one the index does not hold (hours at a time other than the
 * filters' 06:00 and 22:00, which Postgres reads from the week).
 */
function fitScores(index: FacetIndex, needs: TrainingNeeds): Int16Array | null {
  const n = index.size;
  // One pass over one column per need (a column-wise sum is a few hundred microseconds at 100,000 hotels).
  const scores = new Int16Array(n);
  for (const label of needs.equipment) {
    const bit = allEquipmentLabels.indexOf(label);
    if (bit < 0) return null;
    const flag = 1 << bit;
    const mask = index.mask;
    for (let i = 0; i < n; i += 1) scores[i]! += (mask[i]! & flag) !== 0 ? 64 : -1;
  }
  let none: Int16Array | undefined;
  const listed = (key: string) => index.pieces.get(key) ?? (none ??= new Int16Array(n).fill(unknown));
  for (const piece of needs.pieces) {
    const wanted = piece.count;
    if (piece.item === 'rack' && piece.kind === null) {
      const racks = index.racks;
      for (let i = 0; i < n; i += 1) scores[i]! += racks[i] === unknown ? 0 : racks[i]! >= wanted ? 64 : -1;
      continue;
    }
    const items = listed(piece.item);
    const kinds = piece.kind === null ? items : listed(`${piece.item}|${piece.kind}`);
    for (let i = 0; i < n; i += 1) scores[i]! += items[i] === unknown ? 0 : kinds[i] === unknown ? -1 : kinds[i]! >= wanted ? 64 : -1;
  }
  if (needs.minDumbbellKg !== null) {
    const kg = needs.minDumbbellKg;
    const heaviest = index.dumbbellKg;
    for (let i = 0; i < n; i += 1) scores[i]! += Number.isNaN(heaviest[i]!) ? 0 : heaviest[i]! >= kg ? 64 : -1;
  }
  for (const [time, early] of [[needs.opensBefore, true], [needs.openAfter, false]] as const) {
    const minute = time ? minuteOfDay(time) : null;
    if (minute === null) continue;
    if (minute !== (early ? earlyOpeningMinute : lateClosingMinute)) return null;
    const column = early ? index.early : index.late;
    for (let i = 0; i < n; i += 1) scores[i]! += column[i] === unknown ? 0 : column[i] === 1 ? 64 : -1;
  }
  return scores;
}

/** Postgres' orders over a column with nulls (NaN): negative when a comes before b. */
const descNullsLast = (a: number, b: number) => (Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : b - a);
/** DESC alone puts nulls first. */
const descNullsFirst = (a: number, b: number) => (Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : Number.isNaN(b) ? 1 : b - a);
const ascNullsLast = (a: number, b: number) => (Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : a - b);

/**
 * The ids of a page of the search in its order, from the index: the hotels of the result (`within` the text's
 * matches, if any), ranked as searchPageSql's ORDER BY ranks them, keeping only the best `offset + pageSize`. Null
 * when the order is one the index does not hold (by name or distance, fit needs it cannot score, a page past
 * indexPageLimit): Postgres orders the page then.
 */
export function pageIdsFromIndex(
  index: FacetIndex,
  criteria: Pick<SearchCriteria, 'equipmentGroups' | 'filters' | 'sort' | 'needs' | 'offset' | 'pageSize'>,
  usdPerUnit: number,
  within: Int32Array | null = null,
): number[] | null {
  const wanted = criteria.offset + criteria.pageSize;
  if (criteria.filters.point || wanted > indexPageLimit) return null;
  const { rating, priceUsd, gymScore, ids } = index;
  let compare: (a: number, b: number) => number;
  switch (criteria.sort) {
    case 'rating':
      compare = (a, b) => descNullsFirst(rating[a]!, rating[b]!) || ids[a]! - ids[b]!;
      break;
    case 'price':
      compare = (a, b) => ascNullsLast(priceUsd[a]!, priceUsd[b]!) || ids[a]! - ids[b]!;
      break;
    case 'gymScore':
    case 'fit': {
      if (criteria.sort === 'fit' && criteria.needs) {
        const scores = fitScores(index, criteria.needs);
        if (!scores) return null;
        compare = (a, b) => scores[b]! - scores[a]! || descNullsLast(gymScore[a]!, gymScore[b]!) || descNullsFirst(rating[a]!, rating[b]!) || ids[a]! - ids[b]!;
        break;
      }
      compare = (a, b) => descNullsLast(gymScore[a]!, gymScore[b]!) || descNullsFirst(rating[a]!, rating[b]!) || ids[a]! - ids[b]!;
      break;
    }
    default:
      return null;
  }
  return topIds(index, within, compileFilter(index, criteria, usdPerUnit), compare, wanted, criteria.offset);
}

/** The best `wanted` positions of the result by `compare`, from `offset` on, as hotel ids (a bounded insertion sort). */
function topIds(
  index: FacetIndex,
  within: Int32Array | null,
  failedOf: (i: number) => number,
  compare: (a: number, b: number) => number,
  wanted: number,
  offset: number,
): number[] {
  const best = new Int32Array(wanted);
  let kept = 0;
  const count = within ? within.length : index.size;
  for (let j = 0; j < count; j += 1) {
    const i = within ? within[j]! : j;
    if (failedOf(i) !== 0) continue;
    if (kept === wanted && compare(i, best[kept - 1]!) >= 0) continue;
    let at = kept === wanted ? kept - 1 : kept;
    while (at > 0 && compare(i, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at -= 1;
    }
    best[at] = i;
    if (kept < wanted) kept += 1;
  }
  return Array.from(best.subarray(offset, kept), (i) => index.ids[i]!);
}

/**
 * This process's facet index for one pool: `current()` answers the index when it reflects the database's latest
 * write, else null (and starts one reload, which later calls find ready).
 */
export class FacetIndexHolder {
  private index: FacetIndex | null = null;
  private loading: Promise<void> | null = null;
  private readonly pool: Pool;
  private readonly logger: Logger | undefined;
  private readonly maxAgeMs: number;

  constructor(pool: Pool, options: { logger?: Logger; maxAgeMs?: number } = {}) {
    this.pool = pool;
    this.logger = options.logger;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  async current(): Promise<FacetIndex | null> {
    const { rows } = await this.pool.query<{ version: string }>('SELECT last_value::text AS version FROM search_index_version');
    const index = this.index;
    const fresh = index !== null && index.version === rows[0]?.version;
    if (!fresh || Date.now() - index.loadedAt > this.maxAgeMs) this.reload();
    return fresh ? index : null;
  }

  /** Starts one reload unless one is running (a failure is logged; the next use tries again). */
  reload(): Promise<void> {
    if (this.loading) return this.loading;
    const started = Date.now();
    this.loading = loadFacetIndex(this.pool)
      .then((index) => {
        this.index = index;
        this.logger?.debug({ hotels: index.size, ms: Date.now() - started }, 'facet index loaded');
      })
      .catch((err: unknown) => this.logger?.warn({ err }, 'facet index could not be loaded; searches count in Postgres'))
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
