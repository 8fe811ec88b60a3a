// Review values without schemas: the review form, the hotel page's reviews and the admin's moderation import
// these without pulling zod into their first load (engagement.ts builds the schemas from them).

export const travelTypes = ['business', 'leisure', 'fitness'] as const;

/** Splits the review form's comma-separated pros and cons into trimmed non-empty lists. */
export function splitCommaList(text: string | undefined | null): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Which reviews a list call asks for; anything but `approved` is for admins only. */
export const reviewStatuses = ['approved', 'pending', 'rejected', 'all'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** What a "Verified stay" mark on a review means, said where the mark is shown (ruling 15). */
export const verifiedStayMeaning = 'RepRoute sent this reviewer to the hotel (a booking click or a request to the hotel, signed in) before the end of the month of their stay.';
/** What the review form says is checked. */
export const verifiedStayRule =
  'Your review is marked "Verified stay" when RepRoute sent you to this hotel (a booking click or a request to the hotel while signed in) before the end of the month you stayed. Stays in the future cannot be reviewed.';

/** Sort orders of the admin review list; the queue is worked oldest first. */
export const adminReviewSorts = ['oldest', 'newest', 'rating-high', 'rating-low'] as const;
export type AdminReviewSort = (typeof adminReviewSorts)[number];
