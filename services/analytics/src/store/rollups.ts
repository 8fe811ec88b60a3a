import type { HotelCounters, HotelFigures } from '@reproute/contracts';
import type { Pool, Queryable } from '@reproute/platform';
import { countersFromColumns, hotelColumns, siteMetrics, type ConversionSide, type HotelColumn, type RollupChange, type SiteMetric } from '../domain/rollups.ts';

/** Adds one event's change to the rollups, inside the consumer's transaction. */
export async function applyRollup(db: Queryable, change: RollupChange): Promise<void> {
  await db.query(
    `INSERT INTO activity_hourly (metric, hour, count) VALUES ($1, $2, 1)
     ON CONFLICT (metric, hour) DO UPDATE SET count = activity_hourly.count + 1`,
    [change.metric, change.hour],
  );
  if (change.hotel) {
    // The column name comes from the fixed list of hotel columns, never from input.
    const column = change.hotel.column satisfies HotelColumn;
    if (!(column in hotelColumns)) throw new Error(`unknown rollup column ${column}`);
    await db.query(
      `INSERT INTO hotel_daily_stats (hotel_id, day, ${column}) VALUES ($1, $2, 1)
       ON CONFLICT (hotel_id, day) DO UPDATE SET ${column} = hotel_daily_stats.${column} + 1`,
      [change.hotel.hotelId, change.hotel.day],
    );
  }
  if (change.page) {
    await db.query(
      `INSERT INTO page_views_hourly (path, hour, views) VALUES ($1, $2, 1)
       ON CONFLICT (path, hour) DO UPDATE SET views = page_views_hourly.views + 1`,
      [change.page, change.hour],
    );
  }
  if (change.search) {
    await db.query(
      `INSERT INTO searches_hourly (query, hour, count) VALUES ($1, $2, 1)
       ON CONFLICT (query, hour) DO UPDATE SET count = searches_hourly.count + 1`,
      [change.search, change.hour],
    );
  }
}

/**
 * Notes one side of a conversion (inside the consumer's transaction) and answers the click's day when this
 * event completed it: both a click and a lead with contact details seen for the referral id, not counted
 * before. The upsert locks the row, so of a click and its lead handled at once exactly one counts it.
 */
export async function noteConversion(db: Queryable, side: ConversionSide): Promise<string | null> {
  const click = side.side === 'click';
  await db.query(
    `INSERT INTO referral_conversions AS c (referral_id, hotel_id, click_day, lead_seen)
     VALUES ($1, $2, $3::date, $4)
     ON CONFLICT (referral_id) DO UPDATE SET
       click_day = COALESCE(c.click_day, EXCLUDED.click_day),
       lead_seen = c.lead_seen OR EXCLUDED.lead_seen
     WHERE c.hotel_id = EXCLUDED.hotel_id`,
    [side.referralId, side.hotelId, click ? side.day : null, !click],
  );
  const { rows } = await db.query<{ day: string }>(
    `UPDATE referral_conversions SET counted = true
      WHERE referral_id = $1 AND hotel_id = $2 AND NOT counted AND lead_seen AND click_day IS NOT NULL
      RETURNING to_char(click_day, 'YYYY-MM-DD') AS day`,
    [side.referralId, side.hotelId],
  );
  return rows[0]?.day ?? null;
}

/** Forgets conversion notes older than `days`: a lead that long after its click no longer counts as converting it. */
export async function purgeConversions(pool: Pool, days: number): Promise<void> {
  await pool.query('DELETE FROM referral_conversions WHERE created_at < now() - make_interval(days => $1)', [days]);
}

export interface TwoWindows<T> {
  recent: T;
  week: T;
}

/** Site-wide metric sums since `recentFrom` and since `weekFrom`. */
export async function metricTotals(db: Queryable, recentFrom: Date, weekFrom: Date): Promise<TwoWindows<Record<SiteMetric, number>>> {
  const { rows } = await db.query<{ metric: string; recent: number; week: number }>(
    `SELECT metric, COALESCE(sum(count) FILTER (WHERE hour >= $1), 0)::int AS recent, sum(count)::int AS week
       FROM activity_hourly WHERE hour >= $2 GROUP BY metric`,
    [recentFrom, weekFrom],
  );
  const zeros = () => Object.fromEntries(siteMetrics.map((m) => [m, 0])) as Record<SiteMetric, number>;
  const result = { recent: zeros(), week: zeros() };
  for (const row of rows) {
    if (!(siteMetrics as readonly string[]).includes(row.metric)) continue;
    result.recent[row.metric as SiteMetric] = row.recent;
    result.week[row.metric as SiteMetric] = row.week;
  }
  return result;
}

/** Distinct browser sessions seen since each start. */
export async function sessionCounts(db: Queryable, recentFrom: Date, weekFrom: Date): Promise<TwoWindows<number>> {
  const { rows } = await db.query<{ recent: number; week: number }>(
    `SELECT count(DISTINCT session_id) FILTER (WHERE received_at >= $1)::int AS recent, count(DISTINCT session_id)::int AS week
       FROM raw_events WHERE received_at >= $2`,
    [recentFrom, weekFrom],
  );
  return { recent: rows[0]?.recent ?? 0, week: rows[0]?.week ?? 0 };
}

export interface KeyCount {
  key: string;
  recent: number;
  week: number;
}

/** Views per path in both windows (ranking happens in the domain). */
export async function pageCounts(db: Queryable, recentFrom: Date, weekFrom: Date): Promise<KeyCount[]> {
  const { rows } = await db.query<KeyCount>(
    `SELECT path AS key, COALESCE(sum(views) FILTER (WHERE hour >= $1), 0)::int AS recent, sum(views)::int AS week
       FROM page_views_hourly WHERE hour >= $2 GROUP BY path`,
    [recentFrom, weekFrom],
  );
  return rows;
}

export async function searchCounts(db: Queryable, recentFrom: Date, weekFrom: Date): Promise<KeyCount[]> {
  const { rows } = await db.query<KeyCount>(
    `SELECT query AS key, COALESCE(sum(count) FILTER (WHERE hour >= $1), 0)::int AS recent, sum(count)::int AS week
       FROM searches_hourly WHERE hour >= $2 GROUP BY query`,
    [recentFrom, weekFrom],
  );
  return rows;
}

const hotelSums = Object.keys(hotelColumns)
  .map((column) => `COALESCE(sum(s.${column}), 0)::int AS ${column}`)
  .join(', ');

type ColumnRow = Record<HotelColumn, number>;

/** Per-hotel and per-day counters from one statement, so both are read in one snapshot. */
export interface HotelActivity {
  hotels: HotelFigures[];
  /** Counters per day, summed over the same hotels; days without activity are absent. */
  daily: (HotelCounters & { day: string })[];
}

/**
 * Each hotel's counters from `fromDay` on, and the same counters per day. With `onlyHotels`, exactly
 * those hotels (zeros included, in the order given); otherwise every hotel with any activity.
 * One statement with two grouping sets: the totals and the days come from one snapshot, so a count
 * committed meanwhile shows in both or in neither.
 */
export async function hotelActivity(db: Queryable, fromDay: string, onlyHotels?: { hotelId: number; name: string }[]): Promise<HotelActivity> {
  const { rows } = await db.query<ColumnRow & { hotel_id: number | null; name: string | null; day: string | null; by_day: boolean }>(
    `SELECT s.hotel_id, ${onlyHotels ? 'NULL::text AS name' : 'h.name'}, to_char(s.day, 'YYYY-MM-DD') AS day,
            GROUPING(s.day) = 0 AS by_day, ${hotelSums}
       FROM hotel_daily_stats s ${onlyHotels ? '' : 'LEFT JOIN hotels h ON h.hotel_id = s.hotel_id'}
      WHERE s.day >= $1 AND ($2::int[] IS NULL OR s.hotel_id = ANY($2::int[]))
      GROUP BY GROUPING SETS ((s.hotel_id${onlyHotels ? '' : ', h.name'}), (s.day))
      ORDER BY s.day`,
    [fromDay, onlyHotels ? onlyHotels.map((h) => h.hotelId) : null],
  );
  const daily = rows.filter((row) => row.by_day).map((row) => ({ day: row.day as string, ...countersFromColumns(row) }));
  const perHotel = rows.filter((row) => !row.by_day);
  if (onlyHotels) {
    const byHotel = new Map(perHotel.map((row) => [row.hotel_id, row]));
    return { hotels: onlyHotels.map((hotel) => ({ hotelId: hotel.hotelId, name: hotel.name, ...countersFromColumns(byHotel.get(hotel.hotelId) ?? {}) })), daily };
  }
  return { hotels: perHotel.map((row) => ({ hotelId: row.hotel_id as number, name: row.name, ...countersFromColumns(row) })), daily };
}

/** Deletes hourly buckets older than the retention period (the windows need only 7 days). */
export async function purgeHourly(pool: Pool, retentionDays: number): Promise<void> {
  for (const table of ['activity_hourly', 'page_views_hourly', 'searches_hourly']) {
    await pool.query(`DELETE FROM ${table} WHERE hour < now() - make_interval(days => $1)`, [retentionDays]);
  }
}
