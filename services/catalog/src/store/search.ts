import { allEquipmentLabels, foldText, type HotelSort } from '@reproute/contracts';
import type { Pool, Queryable } from '@reproute/platform';
import { containsPattern, type SearchCriteria } from '../domain/search.ts';
import { equipmentMask, type StoredHotel } from '../domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from './rows.ts';

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/**
 * The WHERE clause of a search: approved hotels; the folded term contained in the folded
 * name/city/country text (trigram index); for each category with a selection, an overlap with
 * its labels (GIN index on equipment_labels), so categories AND together and labels within one OR.
 * `viaMask` states the equipment rule on equipment_mask bits instead, which lets a count without
 * a term run as an index-only scan of hotels_approved_mask_idx.
 */
export function searchConditions(criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'>, options: { viaMask?: boolean } = {}): SqlQuery {
  const conditions = ['h.is_approved'];
  const values: unknown[] = [];
  if (criteria.term !== '') {
    values.push(containsPattern(criteria.term));
    conditions.push(`h.search_text LIKE fold_text($${values.length})`);
  }
  for (const group of criteria.equipmentGroups) {
    if (options.viaMask) {
      conditions.push(`h.equipment_mask & ${equipmentMask(group)} <> 0`);
    } else {
      values.push(group);
      conditions.push(`h.equipment_labels && $${values.length}::text[]`);
    }
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

/**
 * The total and, for each label, how many of all matching hotels (every page) carry it: one pass
 * adding the label bits of equipment_mask (bit i = allEquipmentLabels[i]).
 */
export function searchSummarySql(criteria: Pick<SearchCriteria, 'term' | 'equipmentGroups'>): SqlQuery {
  const where = searchConditions(criteria, { viaMask: criteria.term === '' });
  const facets = allEquipmentLabels.map((_, bit) => `count(*) FILTER (WHERE h.equipment_mask & ${1 << bit} <> 0)::int AS f${bit}`);
  return { text: `SELECT count(*)::int AS total, ${facets.join(', ')} FROM hotels h WHERE ${where.text}`, values: where.values };
}

/** equipment_mask computed in SQL from equipment_labels, in the taxonomy's current order. */
export function equipmentMaskSql(column = 'equipment_labels'): string {
  return allEquipmentLabels.map((label, bit) => `(CASE WHEN ${column} @> ARRAY['${label.replace(/'/g, "''")}'] THEN ${1 << bit} ELSE 0 END)`).join(' | ');
}

/** Re-derives equipment_mask where it disagrees with equipment_labels (a new taxonomy order); returns the rows fixed. */
export async function reconcileEquipmentMasks(db: Queryable): Promise<number> {
  const expression = equipmentMaskSql();
  const result = await db.query(`UPDATE hotels SET equipment_mask = ${expression} WHERE equipment_mask <> (${expression})`);
  return result.rowCount ?? 0;
}

interface Summary {
  total: number;
  facets: Record<string, number>;
}

/**
 * Totals and facets depend only on the term and the equipment, not on sort or page, and the
 * broad ones (the home page, /search with no query) are the costliest: keep them a few seconds.
 * Every hotel write in this process clears the cache; other instances see a change within the TTL.
 */
class SummaryCache {
  private readonly entries = new Map<string, { summary: Summary; expires: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 1_000) {}

  get(key: string): Summary | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.summary;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, summary: Summary): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { summary, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

const summaries = new SummaryCache(Number(process.env.SEARCH_SUMMARY_CACHE_MS ?? 5_000));

/** Called after every hotel write: totals and facets may have changed. */
export function invalidateSearchSummaries(): void {
  summaries.clear();
}

async function searchSummary(pool: Pool, criteria: SearchCriteria): Promise<Summary> {
  const key = JSON.stringify([foldText(criteria.term), criteria.equipmentGroups]);
  const cached = summaries.get(key);
  if (cached) return cached;
  const sql = searchSummarySql(criteria);
  const { rows } = await pool.query<Record<string, number>>(sql.text, sql.values);
  const counted = rows[0] ?? {};
  const summary = { total: counted.total ?? 0, facets: Object.fromEntries(allEquipmentLabels.map((label, bit) => [label, counted[`f${bit}`] ?? 0])) };
  summaries.set(key, summary);
  return summary;
}

export interface SearchResult {
  hotels: StoredHotel[];
  total: number;
  facets: Record<string, number>;
}

export async function searchHotels(pool: Pool, criteria: SearchCriteria): Promise<SearchResult> {
  const page = searchPageSql(criteria);
  const [pageResult, summary] = await Promise.all([pool.query<HotelRow>(page.text, page.values), searchSummary(pool, criteria)]);
  return { hotels: pageResult.rows.map(hotelFromRow), total: summary.total, facets: summary.facets };
}
