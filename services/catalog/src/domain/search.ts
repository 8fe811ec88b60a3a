import {
  classifyEquipment,
  equipmentCategories,
  foldText,
  groupLabelsByCategory,
  matchesEquipment,
  parseEquipmentParam,
  type HotelSearchFilters,
  type HotelSearchQuery,
  type HotelSort,
} from '@reproute/contracts';

/** A search request reduced to what the matching rules need (document 1, section 5; ruling 2). */
export interface SearchCriteria {
  /** The trimmed term as typed ('' for none); Postgres folds it the same way as the stored text. */
  term: string;
  /** The term's words, once each: with two or more, every word must occur in name, city, country or equipment. */
  words: string[];
  /** Known labels only, in the order given; unknown ones are dropped. */
  equipment: string[];
  /** One list per category that has a selection: a hotel needs at least one label of each list. */
  equipmentGroups: string[][];
  /**
   * The filters beyond text and equipment (document 2, section 3), as applied; price bounds are in `currency`,
   * converted to USD with the catalog's currency_rates, and a hotel needs every accessibility feature.
   */
  filters: HotelSearchFilters;
  sort: HotelSort;
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
    equipmentGroups: equipmentCategories.flatMap((c) => (grouped[c] ? [grouped[c]] : [])),
    filters: {
      minPrice: query.minPrice ?? null,
      maxPrice: query.maxPrice ?? null,
      currency: query.currency,
      minRating: query.minRating ?? null,
      gymAccessType: query.gymAccessType,
      accessibilityFeatures: query.accessibilityFeatures,
      open24h: query.open24h,
      gymSize: query.gymSize,
      minDumbbellKg: query.minDumbbellKg ?? null,
      point: query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null,
    },
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/** The distinct words of a cleaned term, compared folded ("Paris paris" is one word). */
export function termWords(term: string): string[] {
  const seen = new Set<string>();
  return term.split(' ').filter((word) => {
    const key = foldText(word);
    if (word === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A LIKE pattern for "contains": the term with LIKE's wildcards and escape character escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text rule in plain code, the reference the SQL must agree with, ignoring case and accents.
 * One word (the spec's rule): the city equals or contains it, or the name or the country contains it.
 * Several words: every word occurs in the name, city, country or equipment (raw items or taxonomy
 * labels); a phrase the one-word rule matches always passes this too.
 */
export function matchesSearchTerm(hotel: { name: string; city: string | null; country: string | null; rawEquipment?: readonly string[] }, term: string): boolean {
  const cleaned = cleanTerm(term);
  const wanted = foldText(cleaned);
  if (wanted === '') return true;
  const words = termWords(cleaned).map(foldText);
  const city = foldText(hotel.city ?? '');
  if (words.length <= 1) return city === wanted || city.includes(wanted) || foldText(hotel.name).includes(wanted) || foldText(hotel.country ?? '').includes(wanted);
  const raw = hotel.rawEquipment ?? [];
  const labels = Object.values(classifyEquipment(raw)).flat();
  const fields = [hotel.name, hotel.city ?? '', hotel.country ?? '', ...raw, ...labels].map(foldText);
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/** The whole rule (text and equipment) in plain code, for tests and checks. */
export function matchesSearch(
  hotel: { name: string; city: string | null; country: string | null; rawEquipment: readonly string[] },
  criteria: Pick<SearchCriteria, 'term' | 'equipment'>,
): boolean {
  return matchesSearchTerm(hotel, criteria.term) && matchesEquipment(classifyEquipment(hotel.rawEquipment), criteria.equipment);
}
