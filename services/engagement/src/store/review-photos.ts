import { randomUUID } from 'node:crypto';
import { reviewPhotoSources, reviewPhotoWidthsOf, type ReviewPhoto } from '@reproute/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import type { PhotoStorage } from '@reproute/platform/photos/storage';

/** Photos one account may hold uploaded but not yet in a review. */
export const unusedPhotosMax = 12;
/** An upload not named by a review within this long goes (the sweep below). */
export const unusedPhotoHours = 24;

export interface UploadedPhoto {
  fileId: string;
  width: number;
  height: number;
}

/**
 * Records an account's uploaded photos (their files are already stored), unless it would then hold more than
 * `unusedPhotosMax` not yet in a review: 'full', nothing written. The account's row is locked first, so two
 * uploads at once cannot both pass the count.
 */
export async function recordUploads(pool: Pool, userId: string, photos: UploadedPhoto[]): Promise<ReviewPhoto[] | 'full'> {
  return withTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`review-photos:${userId}`]);
    const { rows } = await tx.query<{ n: string }>('SELECT count(*) AS n FROM review_photos WHERE user_id = $1 AND review_id IS NULL', [userId]);
    if (Number(rows[0]!.n) + photos.length > unusedPhotosMax) return 'full' as const;
    const saved: ReviewPhoto[] = [];
    for (const photo of photos) {
      const id = randomUUID();
      await tx.query('INSERT INTO review_photos (id, file_id, user_id, width, height) VALUES ($1, $2, $3, $4, $5)', [id, photo.fileId, userId, photo.width, photo.height]);
      saved.push({ id, ...reviewPhotoSources(photo.fileId, photo.width), width: photo.width, height: photo.height });
    }
    return saved;
  });
}

/**
 * Puts the named uploads of the author in their new review, in the order named. False when any is not theirs,
 * already in a review or gone: the caller's transaction is then rolled back. The uploader's id goes from the
 * row (the review names its author).
 */
export async function attachPhotos(tx: PoolClient, reviewId: string, userId: string, photoIds: string[]): Promise<boolean> {
  if (photoIds.length === 0) return true;
  const { rowCount } = await tx.query(
    `UPDATE review_photos p SET review_id = $1, user_id = NULL, position = named.position
       FROM unnest($3::uuid[]) WITH ORDINALITY AS named(id, position)
      WHERE p.id = named.id AND p.user_id = $2 AND p.review_id IS NULL`,
    [reviewId, userId, photoIds.map((id) => id.toLowerCase())],
  );
  return rowCount === photoIds.length;
}

/** A rejected review's photos go (their files with the next sweep, once no other row names them). */
export async function dropPhotosOfReview(tx: PoolClient, reviewId: string): Promise<void> {
  await tx.query('DELETE FROM review_photos WHERE review_id = $1', [reviewId]);
}

/**
 * Whether a stored file may be served, and how: 'public' when some approved review shows it, 'private' while
 * only a pending review or an upload holds it (its address is given to the author and moderators only), null
 * when nothing holds it (a rejected or deleted review's, an unused upload that went): 404.
 */
export async function photoFileState(db: Queryable, fileId: string, width: number): Promise<'public' | 'private' | null> {
  const { rows } = await db.query<{ width: number; approved: boolean | null }>(
    `SELECT p.width, r.is_approved AS approved FROM review_photos p LEFT JOIN reviews r ON r.id = p.review_id
      WHERE p.file_id = $1 AND (p.review_id IS NULL OR r.is_approved IS NOT FALSE)`,
    [fileId],
  );
  const holding = rows.filter((row) => reviewPhotoWidthsOf(row.width).includes(width));
  if (holding.length === 0) return null;
  return holding.some((row) => row.approved === true) ? 'public' : 'private';
}

/** Files under `storage` whose photo no row names any more. */
async function unnamedFileIds(db: Queryable, fileIds: string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const { rows } = await db.query<{ file_id: string }>('SELECT DISTINCT file_id FROM review_photos WHERE file_id = ANY($1::text[])', [fileIds]);
  const named = new Set(rows.map((r) => r.file_id));
  return new Set(fileIds.filter((id) => !named.has(id)));
}

/**
 * The sweep: uploads no review named within `unusedPhotoHours` go, then every stored file no row names and
 * written more than `graceMs` ago (an upload stores its files just before its row) is deleted: those of rejected
 * reviews, of reviews erased with their account, of unused uploads. Answers how many files went.
 */
export async function sweepReviewPhotos(pool: Pool, storage: PhotoStorage, graceMs = 3_600_000, now = new Date()): Promise<number> {
  await pool.query(`DELETE FROM review_photos WHERE review_id IS NULL AND created_at < $1::timestamptz - make_interval(hours => $2)`, [now, unusedPhotoHours]);
  const candidates: { key: string; fileId: string }[] = [];
  for await (const file of storage.list()) {
    if (now.getTime() - file.writtenAt.getTime() < graceMs) continue;
    candidates.push({ key: file.key, fileId: file.key.slice(0, 32) });
  }
  const unnamed = await unnamedFileIds(pool, [...new Set(candidates.map((c) => c.fileId))]);
  let removed = 0;
  for (const candidate of candidates) {
    if (!unnamed.has(candidate.fileId)) continue;
    await storage.delete(candidate.key);
    removed += 1;
  }
  return removed;
}

/** The account's uploads not yet in a review, for its export. */
export async function unusedPhotosOf(db: Queryable, userId: string): Promise<(ReviewPhoto & { createdAt: string })[]> {
  const { rows } = await db.query<{ id: string; file_id: string; width: number; height: number; created_at: Date }>(
    'SELECT id, file_id, width, height, created_at FROM review_photos WHERE user_id = $1 AND review_id IS NULL ORDER BY created_at, id',
    [userId],
  );
  return rows.map((r) => ({ id: r.id, ...reviewPhotoSources(r.file_id, r.width), width: r.width, height: r.height, createdAt: r.created_at.toISOString() }));
}
