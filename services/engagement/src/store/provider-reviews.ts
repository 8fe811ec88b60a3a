import type { Queryable } from '@reproute/platform';
import { scopeSql, type requireScope } from '@reproute/platform';
import { columns, toRecord, type ReviewRow } from './reviews.ts';
import type { ReviewRecord } from '../domain/reviews.ts';

export const providerReviewsPageSize = 20;

/**
 * The reviews inbox (docs/decisions.md, "The reviews inbox"): approved reviews of the organisation's live hotels that the
 * member's role answers for, newest first, under the filters, with the count of those and of the unanswered ones.
 */
export async function providerReviews(
  db: Queryable,
  access: ReturnType<typeof requireScope>,
  query: { unanswered: boolean; rating?: number | undefined; hotelId?: number | undefined; page: number },
): Promise<{ items: { review: ReviewRecord; hotelName: string | null }[]; total: number; unanswered: number }> {
  const scope = scopeSql('r.hotel_id', access.scope, 2);
  const params: unknown[] = [access.organisationId, ...scope.params];
  const conditions = ['h.provider_id = $1', scope.sql, 'h.deleted_at IS NULL', 'r.is_approved IS TRUE'];
  if (query.rating !== undefined) conditions.push(`r.rating = $${params.push(query.rating)}`);
  if (query.hotelId !== undefined) conditions.push(`r.hotel_id = $${params.push(query.hotelId)}`);
  const base = `FROM reviews r JOIN hotels h ON h.id = r.hotel_id WHERE ${conditions.join(' AND ')}`;
  const listed = query.unanswered ? `${base} AND r.reply_text IS NULL` : base;
  const [page, counts] = await Promise.all([
    db.query<ReviewRow & { hotel_name: string | null }>(
      `SELECT ${columns}, h.name AS hotel_name ${listed} ORDER BY r.created_at DESC, r.id LIMIT ${providerReviewsPageSize} OFFSET $${params.length + 1}`,
      [...params, (query.page - 1) * providerReviewsPageSize],
    ),
    db.query<{ total: number; unanswered: number }>(
      `SELECT count(*) FILTER (WHERE ${query.unanswered ? 'r.reply_text IS NULL' : 'true'})::int AS total, count(*) FILTER (WHERE r.reply_text IS NULL)::int AS unanswered ${base}`,
      params,
    ),
  ]);
  return { items: page.rows.map((row) => ({ review: toRecord(row), hotelName: row.hotel_name })), total: counts.rows[0]?.total ?? 0, unanswered: counts.rows[0]?.unanswered ?? 0 };
}
