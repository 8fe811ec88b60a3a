import type { AdminHotelListQuery, AdminHotelSortKey, AdminHotelStats } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';
import { containsPattern } from '../domain/search.ts';
import { hotelColumns, hotelFromRow, type HotelRow } from './rows.ts';
import type { StoredHotel } from '../domain/hotel.ts';

/** Each sort key as the columns migration 009's indexes are built on, so a page is an index walk. */
const sortColumns: Record<AdminHotelSortKey, string[]> = {
  name: ['h.name_key'],
  created: ['h.created_at'],
  status: ['h.status', 'h.created_at'],
  city: ['fold_text(h.city)'],
};

/**
 * One page of every hotel (any status) for the admin table, with the count of all matches. `q` matches the
 * name, city or country; with an "@" in it, also the provider's email.
 */
export async function listAdminHotels(db: Queryable, query: AdminHotelListQuery): Promise<{ hotels: StoredHotel[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    const text = `h.search_text LIKE fold_text($${values.length})`;
    if (query.q.includes('@')) {
      // An email or a part of one with its "@": the provider's listings too (migration 018's index).
      values.push(containsPattern(query.q.toLowerCase()));
      conditions.push(`(${text} OR (h.provider_email IS NOT NULL AND lower(h.provider_email) LIKE $${values.length}))`);
    } else {
      conditions.push(text);
    }
  }
  if (query.status) {
    values.push(query.status);
    conditions.push(`h.status = $${values.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const descending = query.sort.startsWith('-');
  const direction = descending ? 'DESC' : 'ASC';
  const key = (descending ? query.sort.slice(1) : query.sort) as AdminHotelSortKey;
  // Every column in one direction, id last, so pages never overlap and an index can be read backwards.
  const orderBy = [...sortColumns[key], 'h.id'].map((column) => `${column} ${direction}`).join(', ');
  const countValues = [...values];
  values.push(query.pageSize, (query.page - 1) * query.pageSize);
  const [page, count] = await Promise.all([
    db.query<HotelRow>(
      // The page's ids first (an index walk on hotels alone), then their gyms: joining before paging lets
      // the planner hash-join every gym for a deep page.
      `SELECT ${hotelColumns} FROM (SELECT h.id FROM hotels h ${where} ORDER BY ${orderBy} LIMIT $${values.length - 1} OFFSET $${values.length}) page
       JOIN hotels h ON h.id = page.id LEFT JOIN gyms g ON g.hotel_id = h.id ORDER BY ${orderBy}`,
      values,
    ),
    // Without text the total comes from the per-status counts the triggers keep (migration 013).
    query.q
      ? db.query<{ total: string }>(`SELECT count(*) AS total FROM hotels h ${where}`, countValues)
      : db.query<{ total: string }>(`SELECT coalesce(sum(hotels), 0) AS total FROM hotel_status_counts ${query.status ? 'WHERE status = $1' : ''}`, countValues),
  ]);
  return { hotels: page.rows.map(hotelFromRow), total: Number(count.rows[0]!.total) };
}

/** The dashboard's cards, from the totals triggers keep (migrations 013 and 017), not a pass over every hotel. */
export async function adminHotelStats(db: Queryable): Promise<AdminHotelStats> {
  const { rows } = await db.query<{ total: string; premium: string; clicks: string }>(
    `SELECT (SELECT coalesce(sum(hotels), 0) FROM hotel_status_counts) AS total,
            (SELECT value FROM hotel_totals WHERE name = 'premium') AS premium,
            (SELECT value FROM hotel_totals WHERE name = 'affiliate_clicks') AS clicks`,
  );
  const row = rows[0]!;
  return { total: Number(row.total), premium: Number(row.premium), affiliateClicks: Number(row.clicks) };
}
