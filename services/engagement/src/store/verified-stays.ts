import type { Queryable } from '@reproute/platform';

/**
 * The first moment after a review's stay (`stay_date`, "YYYY-MM" or "YYYY-MM-DD"): the first day of the month
 * after the stay's month. RepRoute sent the author before it: a verified stay (docs/decisions.md, "Verified stays").
 */
const stayMonthEnd = (column: string) => `((left(${column}, 7) || '-01')::date + interval '1 month')`;

/** Whether `userId` was sent to `hotelId` before the end of the month of `stayDate`, as a SQL expression on $user, $hotel, $stay. */
export const sentBeforeStayEnds = (user: string, hotel: string, stay: string) =>
  `EXISTS (SELECT 1 FROM hotels_sent_to s WHERE s.user_id = ${user} AND s.hotel_id = ${hotel} AND s.first_sent_at < ${stayMonthEnd(stay)})`;

/**
 * RepRoute sent a signed-in account to a hotel at `at` (a booking-link click or a lead): kept as the earliest such
 * moment per account and hotel, and the account's reviews of that hotel for stays that ended after it become
 * verified stays (a review can be written before its click's event arrives). Replaying the event changes nothing.
 */
export async function recordSentTo(db: Queryable, userId: string, hotelId: number, at: string): Promise<void> {
  await db.query(
    `INSERT INTO hotels_sent_to (user_id, hotel_id, first_sent_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, hotel_id) DO UPDATE SET first_sent_at = LEAST(hotels_sent_to.first_sent_at, EXCLUDED.first_sent_at)`,
    [userId, hotelId, at],
  );
  await db.query(
    `UPDATE reviews SET verified_stay = true
      WHERE user_id = $1 AND hotel_id = $2 AND NOT verified_stay AND stay_date IS NOT NULL AND $3::timestamptz < ${stayMonthEnd('stay_date')}`,
    [userId, hotelId, at],
  );
}
