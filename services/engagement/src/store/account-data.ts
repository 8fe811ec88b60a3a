import { reviewStateOf, type EngagementExport, type MyReview } from '@reproute/contracts';
import { formerAccountId, type AccountToErase, type PoolClient, type Queryable } from '@reproute/platform';
import { toReviewAnswer } from '../domain/reviews.ts';
import { forgetTrainingNeeds, trainingNeedsOf } from './training-needs.ts';
import { columns, toRecord, type ReviewRow } from './reviews.ts';
import { alertAddressOf, eraseAlertAddress } from './favorite-alerts.ts';
import { unusedPhotosOf } from './review-photos.ts';

/** What an anonymised review shows as its author, and an anonymised moderator or audit actor as theirs. */
export const formerMember = 'Former member';
export const formerAdmin = 'Former admin';

const iso = (value: Date) => value.toISOString();

/** The caller's own reviews, newest first, with their hotel's name and where each stands. */
export async function listMyReviews(db: Queryable, userId: string): Promise<MyReview[]> {
  const { rows } = await db.query<ReviewRow & { hotel_name: string | null }>(
    `SELECT ${columns}, h.name AS hotel_name FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id
      WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id LIMIT 500`,
    [userId],
  );
  return rows.map((row) => {
    const record = toRecord(row);
    return {
      ...toReviewAnswer(record),
      hotelName: row.hotel_name || null,
      status: reviewStateOf(record.isApproved),
      rejectionReason: record.rejectionReason,
      moderatedAt: record.moderatedAt,
    };
  });
}

/** Everything engagement keeps about the account, for its owner. Contact messages: sent signed in, or from one of its addresses. */
export async function exportEngagement(db: Queryable, user: { id: string; email: string }): Promise<EngagementExport> {
  const training = await trainingNeedsOf(db, user.id);
  const [favorites, reviews, contact, replies, decisions, registered, sentTo, alertAddress] = await Promise.all([
    db.query<{ hotel_id: number; name: string | null; created_at: Date }>(
      'SELECT f.hotel_id, h.name, f.created_at FROM favorites f LEFT JOIN hotels h ON h.id = f.hotel_id WHERE f.user_id = $1 ORDER BY f.created_at DESC',
      [user.id],
    ),
    listMyReviews(db, user.id),
    db.query<{ id: string; name: string; email: string; subject: string | null; message: string; inquiry_type: string; created_at: Date }>(
      `SELECT id, name, email, subject, message, inquiry_type, created_at FROM contact_messages
        WHERE user_id = $1 OR lower(email) = lower($2) ORDER BY created_at DESC`,
      [user.id, user.email],
    ),
    db.query<{ id: string; hotel_id: number; reply_text: string; reply_created_at: Date; reply_updated_at: Date }>(
      'SELECT id, hotel_id, reply_text, reply_created_at, reply_updated_at FROM reviews WHERE reply_by = $1 AND reply_text IS NOT NULL ORDER BY reply_created_at DESC',
      [user.id],
    ),
    db.query<{ review_id: string; action: string; hotel_id: number; detail: string | null; created_at: Date }>(
      'SELECT review_id, action, hotel_id, detail, created_at FROM review_audit WHERE actor_id = $1 ORDER BY created_at DESC, id DESC',
      [user.id],
    ),
    db.query<{ registered_at: Date }>('SELECT registered_at FROM reviewer_accounts WHERE user_id = $1', [user.id]),
    db.query<{ hotel_id: number; first_sent_at: Date }>('SELECT hotel_id, first_sent_at FROM hotels_sent_to WHERE user_id = $1 ORDER BY first_sent_at, hotel_id', [user.id]),
    alertAddressOf(db, user.id),
  ]);
  const unusedReviewPhotos = await unusedPhotosOf(db, user.id);
  return {
    favorites: favorites.rows.map((r) => ({ hotelId: r.hotel_id, hotelName: r.name || null, createdAt: iso(r.created_at) })),
    reviews,
    ...(training.needs ? { trainingNeeds: training.needs } : {}),
    contactMessages: contact.rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, inquiryType: r.inquiry_type, createdAt: iso(r.created_at) })),
    repliesWritten: replies.rows.map((r) => ({ reviewId: r.id, hotelId: r.hotel_id, text: r.reply_text, createdAt: iso(r.reply_created_at), updatedAt: iso(r.reply_updated_at) })),
    reviewDecisions: decisions.rows.map((r) => ({ reviewId: r.review_id, action: r.action, hotelId: r.hotel_id, detail: r.detail, createdAt: iso(r.created_at) })),
    registeredAt: registered.rows[0] ? iso(registered.rows[0].registered_at) : null,
    hotelsSentTo: sentTo.rows.map((r) => ({ hotelId: r.hotel_id, firstSentAt: iso(r.first_sent_at) })),
    favoriteAlertAddress: alertAddress,
    unusedReviewPhotos,
  };
}

/**
 * Engagement's part of deleting an account (docs/decisions.md, "Deleting an account"): favourites go; reviews
 * never published (pending, rejected) go; published ones stay for other travellers and the hotel's rating, shown
 * as "Former member" with no name, address or link to the account (a fresh random id each); the review audit
 * names the reviewer "Former member" too. A provider's replies stay as the hotel's answer without their id; an
 * admin's decisions stay in the audit as "Former admin". Contact messages sent signed in or from one of the
 * account's addresses go, and so do its registration date and when it was sent to hotels (its published reviews
 * keep their "Verified stay" mark). Every statement finds nothing the second time.
 */
export async function eraseAccount(tx: PoolClient, account: AccountToErase): Promise<void> {
  const { userId } = account;
  const emails = account.emails.map((e) => e.toLowerCase());
  await tx.query('DELETE FROM favorites WHERE user_id = $1', [userId]);
  // What the account needed from a gym ("My training, matched").
  await forgetTrainingNeeds(tx, userId);
  await tx.query('UPDATE review_audit SET reviewer_name = $2 WHERE review_id IN (SELECT id FROM reviews WHERE user_id = $1)', [userId, formerMember]);
  await tx.query('DELETE FROM reviews WHERE user_id = $1 AND is_approved IS NOT TRUE', [userId]);
  await tx.query(
    `UPDATE reviews SET user_id = gen_random_uuid(), reviewer_email = NULL, reviewer_first_name = $2, reviewer_last_name = NULL WHERE user_id = $1`,
    [userId, formerMember],
  );
  await tx.query('UPDATE reviews SET reply_by = NULL WHERE reply_by = $1', [userId]);
  await tx.query('UPDATE reviews SET moderated_by = NULL, moderator_email = NULL WHERE moderated_by = $1 OR lower(moderator_email) = ANY($2::text[])', [userId, emails]);
  await tx.query('UPDATE review_audit SET actor_id = $2, actor_email = $3 WHERE actor_id = $1', [userId, formerAccountId, formerAdmin]);
  await tx.query('DELETE FROM contact_messages WHERE user_id = $1 OR lower(email) = ANY($2::text[])', [userId, emails]);
  await tx.query('DELETE FROM reviewer_accounts WHERE user_id = $1', [userId]);
  // When RepRoute sent the account to hotels goes; a published review keeps its "Verified stay" mark.
  await tx.query('DELETE FROM hotels_sent_to WHERE user_id = $1', [userId]);
  // Where a favourite's gym changes were emailed.
  await eraseAlertAddress(tx, userId, account.emails);
  // Gym photos uploaded and not yet in a review (those of its unpublished reviews went with them; the files follow
  // with the next sweep, routes/review-photos.ts). A published review's photos stay with it, naming no one.
  await tx.query('DELETE FROM review_photos WHERE user_id = $1', [userId]);
  // The hotels projection: a provider's listings go with their account in the catalog (hotel.deleted follows).
  await tx.query('UPDATE hotels SET provider_id = NULL WHERE provider_id = $1', [userId]);
}
