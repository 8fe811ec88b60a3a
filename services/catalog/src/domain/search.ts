import {
  classifyEquipment,
  equipmentCategories,
  foldText,
  groupLabelsByCategory,
  matchesEquipment,
  parseEquipmentParam,
  type HotelSearchQuery,
  type HotelSort,
} from '@reproute/contracts';

/** A search request reduced to what the matching rules need (document 1, section 5; ruling 2). */
export interface SearchCriteria {
  /** The trimmed term as typed ('' for none); Postgres folds it the same way as the stored text. */
  term: string;
  /** Known labels only, in the order given; unknown ones are dropped. */
  equipment: string[];
  /** One list per category that has a selection: a hotel needs at least one label of each list. */
  equipmentGroups: string[][];
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
  return {
    term: cleanTerm(query.query ?? query.q),
    equipment,
    equipmentGroups: equipmentCategories.flatMap((c) => (grouped[c] ? [grouped[c]] : [])),
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/** A LIKE pattern for "contains": the term with LIKE's wildcards and escape character escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The text rule in plain code, the reference the SQL must agree with: ignoring case and accents,
 * the city equals or contains the term, or the name or the country contains it.
 */
export function matchesSearchTerm(hotel: { name: string; city: string | null; country: string | null }, term: string): boolean {
  const wanted = foldText(cleanTerm(term));
  if (wanted === '') return true;
  const city = foldText(hotel.city ?? '');
  return city === wanted || city.includes(wanted) || foldText(hotel.name).includes(wanted) || foldText(hotel.country ?? '').includes(wanted);
}

/** The whole rule (text and equipment) in plain code, for tests and checks. */
export function matchesSearch(
  hotel: { name: string; city: string | null; country: string | null; rawEquipment: readonly string[] },
  criteria: Pick<SearchCriteria, 'term' | 'equipment'>,
): boolean {
  return matchesSearchTerm(hotel, criteria.term) && matchesEquipment(classifyEquipment(hotel.rawEquipment), criteria.equipment);
}
