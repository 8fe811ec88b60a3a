import {
  classifyEquipment,
  equipmentCategories,
  foldText,
  groupLabelsByCategory,
  longFormOf,
  matchesEquipment,
  parseEquipmentParam,
  type HotelSearchFilters,
  type HotelSearchQuery,
  type HotelSort,
  trainingNeedsOfQuery,
  type EquipmentMatch,
  type TrainingNeeds,
} from '@reproute/contracts';
import { equipmentLabelsOf, equipmentObject } from './hotel.ts';

/** A search request reduced to what the matching rules need (document 1, section 5; ruling 2). */
export interface SearchCriteria {
  /** The trimmed term as typed ('' for none); Postgres folds it the same way as the stored text. */
  term: string;
  /**
   * The term's words, once each, without the punctuation around them: each must start a word of the name, city or
   * country (with two or more words, of the equipment too). Empty when the term has no letter or digit.
   */
  words: string[];
  /** Known labels only, in the order given; unknown ones are dropped. */
  equipment: string[];
  /**
   * The lists a hotel needs at least one label of each of: with `eqMatch` `all`, one per category that has a selection;
   * with `any`, one list of every chosen label (so one condition, whatever the categories).
   */
  equipmentGroups: string[][];
  /**
   * The filters beyond text and equipment labels (document 2, section 3), with how the labels combine (`eqMatch`), as applied; price bounds are in `currency`,
   * converted to USD with the catalog's currency_rates, and a hotel needs every accessibility feature.
   */
  filters: HotelSearchFilters;
  sort: HotelSort;
  /** The traveller's training needs (`need*`), which `sort=fit` orders by; null when none were sent. */
  needs?: TrainingNeeds | null;
  page: number;
  pageSize: number;
  offset: number;
}

/** Control characters never reach the matcher: \x01 separates the fields of the stored search text. */
export function cleanTerm(term: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return (term ?? '').replace(/[\x00-\x1f\x7f]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function toSearchCriteria(query: HotelSearchQuery): SearchCriteria {
  const equipment = parseEquipmentParam(query.eq);
  const grouped = groupLabelsByCategory(equipment);
  const term = cleanTerm(query.query ?? query.q);
  return {
    term,
    words: termWords(term),
    equipment,
    equipmentGroups: query.eqMatch === 'any' ? (equipment.length > 0 ? [equipment] : []) : equipmentCategories.flatMap((c) => (grouped[c] ? [grouped[c]] : [])),
    filters: {
      eqMatch: query.eqMatch,
      minPrice: query.minPrice ?? null,
      maxPrice: query.maxPrice ?? null,
      currency: query.currency,
      minRating: query.minRating ?? null,
      gymAccessType: query.gymAccessType,
      accessibilityFeatures: query.accessibilityFeatures,
      open24h: query.open24h,
      gymSize: query.gymSize,
      minDumbbellKg: query.minDumbbellKg ?? null,
      minRacks: query.minRacks ?? null,
      adjustableBench: query.adjustableBench,
      openEarly: query.openEarly,
      openLate: query.openLate,
      entry: query.entry,
      point: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null,
    },
    sort: query.sort,
    needs: trainingNeedsOfQuery(query),
    page: query.page,
    pageSize: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/** Punctuation before and after a word ("(London)", "St.", "Zürich,"): words match from their first letter or digit. */
const aroundWord = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The same search for another text (a corrected spelling): its words follow it. */
export function withTerm(criteria: SearchCriteria, term: string): SearchCriteria {
  const cleaned = cleanTerm(term);
  return { ...criteria, term: cleaned, words: termWords(cleaned) };
}

/** The distinct words of a cleaned term without the punctuation around them, compared folded ("Paris paris" is one word). */
export function termWords(term: string): string[] {
  const seen = new Set<string>();
  return term
    .split(' ')
    .map((word) => word.replace(aroundWord, ''))
    .filter((word) => {
      const key = foldText(word);
      if (word === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A word as a JavaScript regular expression over folded text, the twin of SQL's search_word_regex (migration 021). */
function wordRegex(word: string, whole: boolean): string {
  const escaped = foldText(word).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return `(?<![\\p{L}\\p{N}_])${escaped}${whole ? '(?![\\p{L}\\p{N}_])' : ''}`;
}

/**
 * Whether a word of a search matches folded text: at the start of one of its words ("lond" matches "london", "uk"
 * does not match "shinjuku"); a short form ("uk") as a whole word or as its long form ("united kingdom").
 */
export function wordMatches(word: string, folded: string): boolean {
  const longForm = longFormOf(word);
  const pattern = longForm ? `${wordRegex(word, true)}|${wordRegex(longForm, true)}` : wordRegex(word, false);
  return new RegExp(pattern, 'u').test(folded);
}

/** A LIKE pattern for "contains": the term with LIKE's wildcards and escape character escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text rule in plain code, the reference the SQL must agree with, ignoring case and accents
 * (docs/decisions.md, "How search matches text"). Each word must start a word of a field, a short form
 * ("uk") match as a whole word or as its long form. One word: in the name, city or country. Several
 * words: each in the name, city, country or equipment (raw items or taxonomy labels). A term without
 * any letter or digit ("&") is looked for as it is, inside the name, city or country.
 */
export function matchesSearchTerm(hotel: { name: string; city: string | null; country: string | null; rawEquipment?: readonly string[] }, term: string): boolean {
  const cleaned = cleanTerm(term);
  const wanted = foldText(cleaned);
  if (wanted === '') return true;
  const words = termWords(cleaned);
  const place = [hotel.name, hotel.city ?? '', hotel.country ?? ''].map(foldText);
  if (words.length === 0) return place.some((field) => field.includes(wanted));
  if (words.length === 1) return place.some((field) => wordMatches(words[0]!, field));
  const raw = hotel.rawEquipment ?? [];
  const labels = Object.values(classifyEquipment(raw)).flat();
  const fields = [...place, ...[...raw, ...labels].map(foldText)];
  return words.every((word) => fields.some((field) => wordMatches(word, field)));
}

/** The whole rule (text and equipment) in plain code, for tests and checks. */
export function matchesSearch(
  hotel: { name: string; city: string | null; country: string | null; rawEquipment: readonly string[]; gym?: { heaviestDumbbellKg?: number | null } | null },
  criteria: Pick<SearchCriteria, 'term' | 'equipment'> & { eqMatch?: EquipmentMatch },
): boolean {
  // The labels as the catalog stores them: "dumbbells ≥40kg" follows the heaviest dumbbell when it is known.
  const labels = equipmentObject(equipmentLabelsOf({ rawEquipment: [...hotel.rawEquipment], gym: hotel.gym ? { heaviestDumbbellKg: hotel.gym.heaviestDumbbellKg ?? null } : null }));
  return matchesSearchTerm(hotel, criteria.term) && matchesEquipment(labels, criteria.equipment, criteria.eqMatch);
}
