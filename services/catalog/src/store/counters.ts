import type { Queryable } from '@reproute/platform';

/** One more approved review: running average into rating, totalReviews + 1. Returns false when the hotel is gone. */
export async function addReviewRating(tx: Queryable, hotelId: number, rating: number): Promise<boolean> {
  const result = await tx.query(
    `UPDATE hotels SET rating = (rating * total_reviews + $2) / (total_reviews + 1), total_reviews = total_reviews + 1 WHERE id = $1`,
    [hotelId, rating],
  );
  return (result.rowCount ?? 0) > 0;
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
