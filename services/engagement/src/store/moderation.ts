import type { AdminReview, AdminReviewListQuery, AdminReviewSort, ReviewAuditAction, ReviewAuditEntry } from '@reproute/contracts';
import { withTransaction, type Pool, type Queryable } from '@reproute/platform';
import { moderationOutcome, toAdminReview } from '../domain/reviews.ts';
import { applyDecision, columns, lockReviews, statusCondition, toRecord, type Moderator, type ReviewRow } from './reviews.ts';

const sortOrder: Record<AdminReviewSort, string> = {
  oldest: 'r.created_at, r.id',
  newest: 'r.created_at DESC, r.id DESC',
  'rating-high': 'r.rating DESC, r.created_at, r.id',
  'rating-low': 'r.rating, r.created_at, r.id',
};

/** `%`, `_` and `\` typed by an admin are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type AdminReviewRow = ReviewRow & { hotel_name: string | null; registered_at: Date | null; review_count: string };

const adminColumns = `${columns}, h.name AS hotel_name, a.registered_at,
  (SELECT count(*) FROM reviews o WHERE o.user_id = r.user_id) AS review_count`;

function toAdminAnswer(row: AdminReviewRow): AdminReview {
  return toAdminReview(toRecord(row), row.hotel_name, { registeredAt: row.registered_at ? row.registered_at.toISOString() : null, reviewCount: Number(row.review_count) });
}

/**
 * One page of the moderation list and the count of everything the filters match. Reviews of deleted
 * hotels are left out, as in the spec's pending list. Dates are UTC days of submission.
 */
export async function listAdminReviews(db: Queryable, query: AdminReviewListQuery): Promise<{ items: AdminReview[]; total: number }> {
  const where = [statusCondition(query.status), 'h.deleted_at IS NULL'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.hotelId !== undefined) where.push(`r.hotel_id = ${param(query.hotelId)}`);
  if (query.rating !== undefined) where.push(`r.rating = ${param(query.rating)}`);
  if (query.from) where.push(`r.created_at >= (${param(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (query.to) where.push(`r.created_at < (${param(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (query.q) {
    const p = param(likePattern(query.q));
    where.push(
      `(r.title ILIKE ${p} OR r.content ILIKE ${p} OR h.name ILIKE ${p} OR r.reviewer_email ILIKE ${p}
        OR concat_ws(' ', r.reviewer_first_name, r.reviewer_last_name) ILIKE ${p})`,
    );
  }
  const filters = `WHERE ${where.join(' AND ')}`;
  const countParams = [...params];
  const limit = param(query.pageSize);
  const offset = param((query.page - 1) * query.pageSize);
  const [rows, count] = await Promise.all([
    db.query<AdminReviewRow>(
      `SELECT ${adminColumns} FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id LEFT JOIN reviewer_accounts a ON a.user_id = r.user_id
        ${filters} ORDER BY ${sortOrder[query.sort]} LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id ${filters}`, countParams),
  ]);
  return { items: rows.rows.map(toAdminAnswer), total: Number(count.rows[0]!.total) };
}

/** Reviews by id in the moderation list's shape (after a bulk decision), in the order asked. */
async function adminReviewsById(db: Queryable, ids: string[]): Promise<AdminReview[]> {
  const { rows } = await db.query<AdminReviewRow>(
    `SELECT ${adminColumns} FROM reviews r LEFT JOIN hotels h ON h.id = r.hotel_id LEFT JOIN reviewer_accounts a ON a.user_id = r.user_id
      WHERE r.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, toAdminAnswer(row)]));
  return ids.map((id) => byId.get(id)).filter((review): review is AdminReview => review !== undefined);
}

export type BulkResult =
  | { outcome: 'done'; decided: number; unchanged: number; reviews: AdminReview[] }
  | { outcome: 'not-found'; missing: string[] }
  | { outcome: 'conflict'; decidedOtherwise: string[] };

/**
 * One decision on many reviews, all or nothing: every review is locked first; an unknown review or
 * one already decided the other way writes nothing. Each review decided here gets its own event and
 * audit entry; one that already has this decision is left as it is (no second event or email).
 */
export async function bulkModerate(pool: Pool, reviewIds: string[], isApproved: boolean, admin: Moderator, reason: string | null): Promise<BulkResult> {
  const ids = reviewIds.map((id) => id.toLowerCase());
  const result = await withTransaction(pool, async (tx): Promise<BulkResult> => {
    const locked = await lockReviews(tx, ids);
    const found = new Set(locked.map(({ review }) => review.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return { outcome: 'not-found', missing };
    const decidedOtherwise = locked.filter(({ review }) => moderationOutcome(review.isApproved, isApproved) === 'conflict').map(({ review }) => review.id);
    if (decidedOtherwise.length > 0) return { outcome: 'conflict', decidedOtherwise };
    let decided = 0;
    for (const item of locked) {
      if (moderationOutcome(item.review.isApproved, isApproved) !== 'apply') continue;
      await applyDecision(tx, item, isApproved, admin, reason);
      decided += 1;
    }
    return { outcome: 'done', decided, unchanged: locked.length - decided, reviews: [] };
  });
  if (result.outcome !== 'done') return result;
  return { ...result, reviews: await adminReviewsById(pool, ids) };
}

/** Records when an account was registered (a repeated event keeps the first). */
export async function recordRegistration(db: Queryable, userId: string, registeredAt: string): Promise<void> {
  await db.query('INSERT INTO reviewer_accounts (user_id, registered_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, registeredAt]);
}

interface AuditRow {
  id: string;
  actor_id: string;
  actor_email: string;
  action: ReviewAuditAction;
  review_id: string;
  review_title: string | null;
  hotel_id: number;
  hotel_name: string | null;
  reviewer_name: string | null;
  detail: string | null;
  created_at: Date;
}

/** One page of the review audit log, newest first, with the count of all entries. */
export async function listReviewAudit(db: Queryable, page: number, pageSize: number): Promise<{ items: ReviewAuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<AuditRow>('SELECT * FROM review_audit ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2', [pageSize, (page - 1) * pageSize]),
    db.query<{ total: string }>('SELECT count(*) AS total FROM review_audit'),
  ]);
  return {
    items: rows.rows.map((row) => ({
      id: Number(row.id),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      reviewId: row.review_id,
      reviewTitle: row.review_title,
      hotelId: row.hotel_id,
      hotelName: row.hotel_name,
      reviewerName: row.reviewer_name,
      detail: row.detail,
      createdAt: row.created_at.toISOString(),
    })),
    total: Number(count.rows[0]!.total),
  };
}
