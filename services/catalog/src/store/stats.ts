import type { SiteStats } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';

/**
 * The home page's figures from the live catalogue and accounts: approved hotels (the per-status count kept
 * by triggers, migration 013), the distinct countries they are in (case and accents folded), travellers'
 * accounts (identity's events, migration 019), and the mean and number of approved reviews of approved hotels.
 */
export async function readSiteStats(db: Queryable): Promise<Omit<SiteStats, 'generatedAt'>> {
  const { rows } = await db.query<{ hotels: string | null; countries: number; travellers: number; average: string | null; ratings: number }>(
    `SELECT (SELECT hotels FROM hotel_status_counts WHERE status = 'approved') AS hotels,
            (SELECT count(DISTINCT fold_text(country))::int FROM hotels WHERE is_approved AND btrim(coalesce(country, '')) <> '') AS countries,
            (SELECT count(*)::int FROM traveller_accounts WHERE is_traveler) AS travellers,
            r.average, r.ratings
       FROM (SELECT avg(a.rating) AS average, count(*)::int AS ratings
               FROM approved_reviews a JOIN hotels h ON h.id = a.hotel_id WHERE h.is_approved) r`,
  );
  const row = rows[0]!;
  return {
    hotels: Number(row.hotels ?? 0),
    countries: row.countries,
    travellers: row.travellers,
    averageRating: row.ratings > 0 && row.average !== null ? Number(row.average) : null,
    ratings: row.ratings,
  };
}

/** An account registered: a traveller until its profile says otherwise (identity's default). */
export async function recordAccount(db: Queryable, userId: string): Promise<void> {
  await db.query('INSERT INTO traveller_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}

/** The account's profile set its traveller flag. */
export async function setTravellerFlag(db: Queryable, userId: string, isTraveler: boolean): Promise<void> {
  await db.query(
    `INSERT INTO traveller_accounts (user_id, is_traveler) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET is_traveler = EXCLUDED.is_traveler`,
    [userId, isTraveler],
  );
}

/** The account is being deleted: it is no longer counted. */
export async function forgetAccount(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM traveller_accounts WHERE user_id = $1', [userId]);
}
