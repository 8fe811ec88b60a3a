import type { Queryable } from '@reproute/platform';
import { refreshGymScores } from './gym-score.ts';

/**
 * Records one approved review (once per review id) and recomputes the hotel's rating and
 * totalReviews from every approved review it has. Answers whether the hotel exists and whether this
 * review was recorded now for the first time (its event read again, as a renamed consumer group does, is not).
 */
export async function recordApprovedReview(
  tx: Queryable,
  review: { reviewId: string; hotelId: number; rating: number; gymRating?: number | null },
): Promise<{ found: boolean; firstTime: boolean }> {
  // Locking the hotel row keeps a concurrent delete from racing the insert below.
  const { rows } = await tx.query('SELECT 1 FROM hotels WHERE id = $1 FOR UPDATE', [review.hotelId]);
  if (rows.length === 0) return { found: false, firstTime: false };
  // A review recorded before gym ratings were kept gets its gym rating when its event is read again.
  // xmax is 0 only on a row this statement inserted (an update of the conflicting row sets it).
  const { rows: recorded } = await tx.query<{ inserted: boolean }>(
    `INSERT INTO approved_reviews (review_id, hotel_id, rating, gym_rating) VALUES ($1, $2, $3, $4)
       ON CONFLICT (review_id) DO UPDATE SET gym_rating = coalesce(approved_reviews.gym_rating, EXCLUDED.gym_rating)
       RETURNING (xmax = 0) AS inserted`,
    [review.reviewId, review.hotelId, review.rating, review.gymRating ?? null],
  );
  await refreshReviewFigures(tx, [review.hotelId]);
  await refreshGymScores(tx, [review.hotelId]);
  return { found: true, firstTime: recorded[0]?.inserted === true };
}

/** rating = average of the approved reviews (0 without any), totalReviews = their count. */
export async function refreshReviewFigures(tx: Queryable, hotelIds: number[]): Promise<void> {
  await tx.query(
    `UPDATE hotels h SET rating = coalesce(f.average, 0), total_reviews = coalesce(f.count, 0)
       FROM (SELECT id, (SELECT round(avg(rating), 4) FROM approved_reviews a WHERE a.hotel_id = ids.id) AS average,
                        (SELECT count(*) FROM approved_reviews a WHERE a.hotel_id = ids.id) AS count
               FROM unnest($1::bigint[]) AS ids (id)) f
      WHERE h.id = f.id AND (h.rating IS DISTINCT FROM coalesce(f.average, 0) OR h.total_reviews IS DISTINCT FROM coalesce(f.count, 0))`,
    [hotelIds],
  );
}

/** One more referral click, by hotel id when the click has one, else by the hotel's exact name. */
export async function addReferralClick(tx: Queryable, hotelId: number | null, hotelName: string): Promise<boolean> {
  const result =
    hotelId !== null
      ? await tx.query('UPDATE hotels SET affiliate_clicks = affiliate_clicks + 1 WHERE id = $1', [hotelId])
      : await tx.query(
          `UPDATE hotels SET affiliate_clicks = affiliate_clicks + 1
            WHERE id = (SELECT id FROM hotels WHERE name_key = fold_text($1) AND name = $1 ORDER BY is_approved DESC, id LIMIT 1)`,
          [hotelName.trim()],
        );
  return (result.rowCount ?? 0) > 0;
}
