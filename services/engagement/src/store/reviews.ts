import { reviewPhotoSources, type ReviewStatus, type TrainingKind, type TrainingTimeBand } from '@reproute/contracts';
import { enqueueEvent, isUniqueViolation, withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { sentBeforeStayEnds } from './verified-stays.ts';
import { attachPhotos, dropPhotosOfReview } from './review-photos.ts';

class PhotosNotYours extends Error {}
import { canReply, moderationOutcome, reviewEventData, reviewerName, type ReviewRecord } from '../domain/reviews.ts';

export interface ReviewRow {
  id: string;
  hotel_id: number;
  user_id: string;
  reviewer_email: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  rating: number;
  gym_rating: number | null;
  title: string | null;
  content: string;
  travel_type: ReviewRecord['travelType'];
  room_type: string | null;
  stay_date: string | null;
  pros: string[];
  cons: string[];
  tags: string[];
  is_approved: boolean | null;
  created_at: Date;
  reply_text: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
  rejection_reason: string | null;
  moderated_at: Date | null;
  moderator_email: string | null;
  verified_stay: boolean;
  equipment_score: number | null;
  space_score: number | null;
  cleanliness_score: number | null;
  crowding_score: number | null;
  trained_hour: number | null;
  trained_band: TrainingTimeBand | null;
  trained_kinds: TrainingKind[];
  photos: { id: string; fileId: string; width: number; height: number }[];
}

export const columns = `r.id, r.hotel_id, r.user_id, r.reviewer_email, r.reviewer_first_name, r.reviewer_last_name, r.rating, r.gym_rating,
  r.title, r.content, r.travel_type, r.room_type, r.stay_date, r.pros, r.cons, r.tags, r.is_approved, r.created_at,
  r.reply_text, r.reply_created_at, r.reply_updated_at, r.rejection_reason, r.moderated_at, r.moderator_email, r.verified_stay,
  r.equipment_score, r.space_score, r.cleanliness_score, r.crowding_score, r.trained_hour, r.trained_band, r.trained_kinds,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'fileId', p.file_id, 'width', p.width, 'height', p.height) ORDER BY p.position, p.id)
     FROM review_photos p WHERE p.review_id = r.id), '[]'::json) AS photos`;

export function toRecord(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    hotelId: row.hotel_id,
    userId: row.user_id,
    reviewerEmail: row.reviewer_email,
    reviewerFirstName: row.reviewer_first_name,
    reviewerLastName: row.reviewer_last_name,
    rating: row.rating,
    gymRating: row.gym_rating,
    title: row.title,
    content: row.content,
    travelType: row.travel_type,
    roomType: row.room_type,
    stayDate: row.stay_date,
    pros: row.pros,
    cons: row.cons,
    tags: row.tags,
    isApproved: row.is_approved,
    createdAt: row.created_at.toISOString(),
    reply:
      row.reply_text !== null && row.reply_created_at && row.reply_updated_at
        ? { text: row.reply_text, createdAt: row.reply_created_at.toISOString(), updatedAt: row.reply_updated_at.toISOString() }
        : null,
    rejectionReason: row.rejection_reason,
    moderatedAt: row.moderated_at ? row.moderated_at.toISOString() : null,
    moderatorEmail: row.moderator_email,
    verifiedStay: row.verified_stay,
    gymScores: { equipment: row.equipment_score, space: row.space_score, cleanliness: row.cleanliness_score, crowding: row.crowding_score },
    trainedHour: row.trained_hour,
    trainedBand: row.trained_band,
    trainedKinds: row.trained_kinds,
    photos: row.photos.map((p) => ({ id: p.id, ...reviewPhotoSources(p.fileId, p.width), width: p.width, height: p.height })),
  };
}

/** SQL condition on r.is_approved for a status filter. */
export function statusCondition(status: ReviewStatus): string {
  switch (status) {
    case 'approved':
      return 'r.is_approved IS TRUE';
    case 'pending':
      return 'r.is_approved IS NULL';
    case 'rejected':
      return 'r.is_approved IS FALSE';
    case 'all':
      return 'TRUE';
  }
}

/**
 * Stores a pending review and its `review.submitted` event in one transaction. Answers 'duplicate'
 * when the user already has a pending or approved review of the hotel (the unique index decides,
 * so two concurrent submissions cannot both land).
 */
export async function createReview(pool: Pool, review: ReviewRecord, hotelName: string | null, photoIds: string[] = []): Promise<ReviewRecord | 'duplicate' | 'photos-not-yours'> {
  try {
    return await insertReview(pool, review, hotelName, photoIds);
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    if (err instanceof PhotosNotYours) return 'photos-not-yours';
    throw err;
  }
}

async function insertReview(pool: Pool, review: ReviewRecord, hotelName: string | null, photoIds: string[]): Promise<ReviewRecord> {
  return withTransaction(pool, async (tx) => {
    await tx.query(
      `INSERT INTO reviews AS r (id, hotel_id, user_id, reviewer_email, reviewer_first_name, reviewer_last_name, rating, gym_rating,
          title, content, travel_type, room_type, stay_date, pros, cons, tags, verified_stay,
          equipment_score, space_score, cleanliness_score, crowding_score, trained_hour, trained_band, trained_kinds)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, ${sentBeforeStayEnds('$3::uuid', '$2::integer', '$13::text')},
          $17, $18, $19, $20, $21, $22, $23)`,
      [
        review.id, review.hotelId, review.userId, review.reviewerEmail, review.reviewerFirstName, review.reviewerLastName, review.rating,
        review.gymRating, review.title, review.content, review.travelType, review.roomType, review.stayDate, review.pros, review.cons, review.tags,
        review.gymScores.equipment, review.gymScores.space, review.gymScores.cleanliness, review.gymScores.crowding,
        review.trainedHour, review.trainedBand, review.trainedKinds,
      ],
    );
    // The photos named must be the author's own uploads not yet in a review; else nothing is written (400).
    if (!(await attachPhotos(tx, review.id, review.userId, photoIds))) throw new PhotosNotYours();
    const { rows } = await tx.query<ReviewRow>(`SELECT ${columns} FROM reviews r WHERE r.id = $1`, [review.id]);
    const saved = toRecord(rows[0]!);
    await enqueueEvent(tx, 'review.submitted', reviewEventData(saved, hotelName), { key: saved.hotelId });
    return saved;
  });
}

/** One hotel's reviews with the given status, newest first. */
export async function listHotelReviews(db: Queryable, hotelId: number, status: ReviewStatus): Promise<ReviewRecord[]> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${columns} FROM reviews r WHERE r.hotel_id = $1 AND ${statusCondition(status)} ORDER BY r.created_at DESC, r.id LIMIT 500`,
    [hotelId],
  );
  return rows.map(toRecord);
}

/**
 * Reviews of every hotel with the given status and each hotel's name, in one query (ruling 6).
 * Oldest first: the moderation queue is worked in arrival order. Reviews of deleted hotels are left out.
 */
export async function listReviewsWithHotel(db: Queryable, status: ReviewStatus): Promise<{ review: ReviewRecord; hotelName: string | null }[]> {
  const { rows } = await db.query<ReviewRow & { hotel_name: string | null }>(
    `SELECT ${columns}, h.name AS hotel_name FROM reviews r
       LEFT JOIN hotels h ON h.id = r.hotel_id
      WHERE ${statusCondition(status)} AND h.deleted_at IS NULL
      ORDER BY r.created_at, r.id LIMIT 1000`,
  );
  return rows.map((row) => ({ review: toRecord(row), hotelName: row.hotel_name }));
}

async function lockReview(tx: PoolClient, reviewId: string): Promise<LockedReview | undefined> {
  return (await lockReviews(tx, [reviewId]))[0];
}

export interface LockedReview {
  review: ReviewRecord;
  hotelName: string | null;
}

/** Locks reviews by id in one order (so two bulk decisions cannot deadlock), with their hotels' names. */
export async function lockReviews(tx: PoolClient, reviewIds: string[]): Promise<LockedReview[]> {
  const { rows } = await tx.query<ReviewRow & { hotel_name: string | null }>(
    `SELECT ${columns}, h.name AS hotel_name FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id
      WHERE r.id = ANY($1::uuid[]) ORDER BY r.id FOR UPDATE OF r`,
    [reviewIds],
  );
  return rows.map((row) => ({ review: toRecord(row), hotelName: row.hotel_name }));
}

/** The admin deciding, as the review and the audit log record them. */
export interface Moderator {
  id: string;
  email: string;
}

export type ModerationResult =
  | { outcome: 'apply' | 'unchanged'; review: ReviewRecord }
  | { outcome: 'conflict'; review: ReviewRecord }
  | { outcome: 'not-found' };

/**
 * Writes a decision on a locked pending review: the review row, its audit entry and its own
 * `review.approved` or `review.rejected` event (with the reason), all in the caller's transaction.
 */
export async function applyDecision(tx: PoolClient, found: LockedReview, isApproved: boolean, admin: Moderator, reason: string | null): Promise<ReviewRecord> {
  const rejectionReason = isApproved ? null : reason;
  const updated = await tx.query<{ moderated_at: Date }>(
    `UPDATE reviews SET is_approved = $2, moderated_by = $3, moderator_email = $4, rejection_reason = $5, moderated_at = clock_timestamp()
      WHERE id = $1 RETURNING moderated_at`,
    [found.review.id, isApproved, admin.id, admin.email, rejectionReason],
  );
  const review: ReviewRecord = {
    ...found.review,
    isApproved,
    rejectionReason,
    moderatorEmail: admin.email,
    moderatedAt: updated.rows[0]!.moderated_at.toISOString(),
  };
  const hotelName = found.hotelName || null;
  await tx.query(
    `INSERT INTO review_audit (actor_id, actor_email, action, review_id, review_title, hotel_id, hotel_name, reviewer_name, detail)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [admin.id, admin.email, isApproved ? 'approved' : 'rejected', review.id, review.title, review.hotelId, hotelName, reviewerName(review), rejectionReason],
  );
  // A rejected review's photos go with the decision (their files once no other row names them: store/review-photos.ts).
  if (!isApproved && review.photos.length > 0) {
    await dropPhotosOfReview(tx, review.id);
    review.photos = [];
  }
  if (isApproved) await enqueueEvent(tx, 'review.approved', reviewEventData(review, hotelName), { key: review.hotelId });
  else await enqueueEvent(tx, 'review.rejected', { ...reviewEventData(review, hotelName), reason: rejectionReason }, { key: review.hotelId });
  return review;
}

/**
 * Applies an admin's decision to a pending review and emits `review.approved` or `review.rejected`
 * in the same transaction. The row is locked, so two concurrent decisions cannot both emit.
 */
export async function moderateReview(pool: Pool, reviewId: string, isApproved: boolean, admin: Moderator, reason: string | null = null): Promise<ModerationResult> {
  return withTransaction(pool, async (tx) => {
    const found = await lockReview(tx, reviewId);
    if (!found) return { outcome: 'not-found' as const };
    const outcome = moderationOutcome(found.review.isApproved, isApproved);
    if (outcome !== 'apply') return { outcome, review: found.review };
    return { outcome, review: await applyDecision(tx, found, isApproved, admin, reason) };
  });
}

export type ReplyResult = { outcome: 'saved'; review: ReviewRecord } | { outcome: 'not-found' | 'exists' | 'no-reply' };

/**
 * Writes the owning provider's reply to an approved review. `create` adds the first reply and emits
 * `review.replied` (the reviewer's email) in the same transaction; `edit` changes an existing one
 * without a new email. The review row is locked, so two first replies at once store one.
 */
export async function saveReply(
  pool: Pool,
  reviewId: string,
  replier: { userId: string; email: string } & Parameters<typeof canReply>[2],
  text: string,
  mode: 'create' | 'edit',
): Promise<ReplyResult> {
  const providerId = replier.userId;
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<ReviewRow & { hotel_name: string | null; provider_id: string | null; hotel_deleted: boolean | null }>(
      `SELECT ${columns}, h.name AS hotel_name, h.provider_id, h.deleted_at IS NOT NULL AS hotel_deleted
         FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id WHERE r.id = $1 FOR UPDATE OF r`,
      [reviewId],
    );
    const row = rows[0];
    if (!row) return { outcome: 'not-found' as const };
    const review = toRecord(row);
    const hotel = row.hotel_deleted === null ? undefined : { providerId: row.provider_id, deleted: row.hotel_deleted };
    if (!canReply(review, hotel, replier)) return { outcome: 'not-found' as const };
    if (mode === 'create' && review.reply) return { outcome: 'exists' as const };
    if (mode === 'edit' && !review.reply) return { outcome: 'no-reply' as const };
    const updated = await tx.query<ReviewRow>(
      `UPDATE reviews r SET reply_text = $2, reply_by = $3, reply_updated_at = clock_timestamp(),
          reply_created_at = COALESCE(reply_created_at, clock_timestamp())
        WHERE r.id = $1 RETURNING ${columns}`,
      [reviewId, text, providerId],
    );
    const saved = toRecord(updated.rows[0]!);
    if (mode === 'create') {
      await enqueueEvent(tx, 'review.replied', { ...reviewEventData(saved, row.hotel_name || null), replyText: text }, { key: saved.hotelId });
    }
    // The organisation's activity log (identity keeps it): who replied, to which review of which property.
    await enqueueEvent(
      tx,
      'organisation.activity',
      {
        organisationId: replier.organisationId,
        actorId: replier.userId,
        actorEmail: replier.email,
        action: mode === 'create' ? 'review.replied' : 'review.reply-edited',
        hotelId: saved.hotelId,
        hotelName: row.hotel_name || null,
        subjectId: saved.id,
        detail: null,
      },
      { key: replier.organisationId },
    );
    return { outcome: 'saved' as const, review: saved };
  });
}
