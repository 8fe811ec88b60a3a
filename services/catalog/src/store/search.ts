import { allEquipmentLabels, type HotelSort } from '@reproute/contracts';
import type { Pool } from '@reproute/platform';
import { containsPattern, type SearchCriteria } from '../domain/search.ts';
import type { StoredHotel } from '../domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from './rows.ts';

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/**
 * The WHERE clause of a search: approved hotels; the folded term contained in the folded
 * name/city/country text (trigram index); for each category with a selection, an overlap with
 * its labels (GIN index on equipment_labels), so categories AND together and labels within one OR.
 */
export function searchConditions(criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'>): SqlQuery {
  const conditions = ['h.is_approved'];
  const values: unknown[] = [];
  if (criteria.term !== '') {
    values.push(containsPattern(criteria.term));
    conditions.push(`h.search_text LIKE fold_text($${values.length})`);
  }
  for (const group of criteria.equipmentGroups) {
    values.push(group);
    conditions.push(`h.equipment_labels && $${values.length}::text[]`);
  }
  return { text: conditions.join(' AND '), values };
}

const orderBy: Record<HotelSort, string> = {
  rating: 'h.rating DESC, h.id',
  price: 'h.price_usd ASC NULLS LAST, h.id',
  name: 'h.name_key, h.id',
};

/** One page of matching hotels in the chosen order. */
export function searchPageSql(criteria: SearchCriteria): SqlQuery {
  const where = searchConditions(criteria);
  const values = [...where.values, criteria.pageSize, criteria.offset];
  return {
    text: `SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE ${where.text} ORDER BY ${orderBy[criteria.sort]} LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  };
}

/** The total and, for each label, how many of all matching hotels (every page) carry it. */
export function searchSummarySql(criteria: SearchCriteria): SqlQuery {
  const where = searchConditions(criteria);
  return {
    text: `WITH matched AS (SELECT h.equipment_labels FROM hotels h WHERE ${where.text})
      SELECT (SELECT count(*)::int FROM matched) AS total,
             (SELECT coalesce(jsonb_object_agg(label, n), '{}'::jsonb)
                FROM (SELECT label, count(*)::int AS n FROM matched, unnest(matched.equipment_labels) AS label GROUP BY label) counts) AS facets`,
    values: where.values,
  };
}

export interface SearchResult {
  hotels: StoredHotel[];
  total: number;
  facets: Record<string, number>;
}

export async function searchHotels(pool: Pool, criteria: SearchCriteria): Promise<SearchResult> {
  const page = searchPageSql(criteria);
  const summary = searchSummarySql(criteria);
  const [pageResult, summaryResult] = await Promise.all([
    pool.query<HotelRow>(page.text, page.values),
    pool.query<{ total: number; facets: Record<string, number> }>(summary.text, summary.values),
  ]);
  const counted = summaryResult.rows[0]?.facets ?? {};
  const facets = Object.fromEntries(allEquipmentLabels.map((label) => [label, counted[label] ?? 0]));
  return { hotels: pageResult.rows.map(hotelFromRow), total: summaryResult.rows[0]?.total ?? 0, facets };
}
