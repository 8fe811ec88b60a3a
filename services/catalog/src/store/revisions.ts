import { messages, type ProviderHotelUpdate } from '@reproute/contracts';
import { enqueueEvent, notFound, withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { applyListingUpdate, hotelSnapshot, type HotelEvent, type HotelRecord, type StoredHotel } from '../domain/hotel.ts';
import { statusAfterProviderEdit } from '../domain/approval.ts';
import { mergeRevision, revisionChangeLabels, splitProviderUpdate, type RevisionFields, type StoredRevision } from '../domain/revision.ts';
import { findHotel, rewriteHotel } from './hotels.ts';
import { hotelColumns, hotelFromRow, type HotelRow } from './rows.ts';
import { invalidateSearchSummaries } from './search.ts';
import { recordAudit, type AuditActor } from './audit.ts';

interface RevisionRow {
  hotel_id: number;
  fields: RevisionFields;
  submitted_at: Date;
  status: 'pending' | 'rejected';
  rejection_reason: string | null;
  decided_at: Date | null;
}
const revisionColumns = 'hotel_id, fields, submitted_at, status, rejection_reason, decided_at';
const toRevision = (row: RevisionRow): StoredRevision => ({
  hotelId: row.hotel_id,
  fields: row.fields,
  submittedAt: row.submitted_at,
  status: row.status,
  rejectionReason: row.rejection_reason,
  decidedAt: row.decided_at,
});

/** A hotel's revision, pending or rejected (the provider's edit page shows either). */
export async function findRevision(db: Queryable, hotelId: number, options: { forUpdate?: boolean } = {}): Promise<StoredRevision | undefined> {
  const { rows } = await db.query<RevisionRow>(`SELECT ${revisionColumns} FROM hotel_revisions WHERE hotel_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [hotelId]);
  return rows[0] && toRevision(rows[0]);
}

/** The revisions of the given hotels, by hotel id. */
export async function revisionsOf(db: Queryable, hotelIds: number[]): Promise<Map<number, StoredRevision>> {
  if (hotelIds.length === 0) return new Map();
  const { rows } = await db.query<RevisionRow>(`SELECT ${revisionColumns} FROM hotel_revisions WHERE hotel_id = ANY($1::bigint[])`, [hotelIds]);
  return new Map(rows.map((row) => [row.hotel_id, toRevision(row)]));
}

/** Every waiting revision with its live hotel, oldest first (the admin's queue; rejected ones wait on their provider, not here). */
export async function listRevisions(db: Queryable): Promise<{ hotel: StoredHotel; revision: StoredRevision }[]> {
  const { rows } = await db.query<HotelRow & { revision_fields: RevisionFields; revision_submitted_at: Date }>(
    `SELECT ${hotelColumns}, r.fields AS revision_fields, r.submitted_at AS revision_submitted_at
       FROM hotel_revisions r JOIN hotels h ON h.id = r.hotel_id LEFT JOIN gyms g ON g.hotel_id = h.id
      WHERE r.status = 'pending'
      ORDER BY r.submitted_at, r.hotel_id LIMIT 1000`,
  );
  return rows.map((row) => ({
    hotel: hotelFromRow(row),
    revision: { hotelId: row.id, fields: row.revision_fields, submittedAt: row.revision_submitted_at, status: 'pending', rejectionReason: null, decidedAt: null },
  }));
}

async function saveRevision(tx: Queryable, hotelId: number, fields: RevisionFields, userId: string): Promise<StoredRevision | null> {
  if (Object.keys(fields).length === 0) {
    await tx.query('DELETE FROM hotel_revisions WHERE hotel_id = $1', [hotelId]);
    return null;
  }
  // Saving (again) sends it to review: a rejected proposal the provider fixed is pending once more.
  const { rows } = await tx.query<RevisionRow>(
    `INSERT INTO hotel_revisions (hotel_id, fields, submitted_by) VALUES ($1, $2, $3)
       ON CONFLICT (hotel_id) DO UPDATE SET fields = EXCLUDED.fields, submitted_by = EXCLUDED.submitted_by, submitted_at = now(),
         status = 'pending', rejection_reason = NULL, decided_at = NULL
       RETURNING ${revisionColumns}`,
    [hotelId, JSON.stringify(fields), userId],
  );
  return toRevision(rows[0]!);
}

/** An update, or one computed from the listing as its provider last submitted it (read under the hotel's lock, so concurrent edits queue). */
export type ListingEdit = ProviderHotelUpdate | ((submitted: HotelRecord) => ProviderHotelUpdate);

/**
 * A provider's edit. An approved listing keeps its reviewed fields live as approved: changes to them
 * become (or join) the hotel's revision, and only the other fields apply at once. A listing not yet
 * approved takes the whole edit (a rejected one goes back to review), since it is not public anyway.
 */
export async function editListing(
  pool: Pool,
  id: number,
  userId: string,
  edit: ListingEdit,
  /** Refuses (throws) or lets the edit go on; it may write in the edit's transaction (the organisation's activity). */
  authorize: (current: StoredHotel, tx: PoolClient) => void | Promise<void>,
): Promise<{ hotel: StoredHotel; revision: StoredRevision | null }> {
  const result = await withTransaction(pool, async (tx) => {
    const current = await findHotel(tx, { id }, { forUpdate: true });
    if (!current) throw notFound(messages.hotelNotFound);
    await authorize(current, tx);
    const earlier = await findRevision(tx, id, { forUpdate: true });
    const input = typeof edit === 'function' ? edit(applyListingUpdate(current, earlier?.fields ?? {})) : edit;
    if (current.status !== 'approved') {
      const { status, resubmitted } = statusAfterProviderEdit(current);
      const events: HotelEvent[] = [{ type: 'hotel.updated' }];
      if (resubmitted) events.push({ type: 'hotel.submitted' });
      if (earlier) await saveRevision(tx, id, {}, userId);
      const record = { ...applyListingUpdate(current, { ...earlier?.fields, ...input }), status, rejectionReason: resubmitted ? null : current.rejectionReason };
      return { hotel: await rewriteHotel(tx, current, record, events), revision: null };
    }
    const { immediate, reviewed } = splitProviderUpdate(input);
    const revision = await saveRevision(tx, id, mergeRevision(current, earlier?.fields ?? {}, reviewed), userId);
    const hotel = Object.keys(immediate).length > 0 ? await rewriteHotel(tx, current, applyListingUpdate(current, immediate), [{ type: 'hotel.updated' }]) : current;
    return { hotel, revision };
  });
  invalidateSearchSummaries();
  return result;
}

/**
 * An admin's decision on a hotel's pending revision: approval applies it (hotel.updated carries the new state to the
 * other services; hotel.revision-approved tells the provider), rejection keeps it, marked rejected with the reason
 * (hotel.revision-rejected emails it), for the provider to fix and send again or discard; the live listing stays.
 * The hotel row is locked first, so two decisions at once are taken one after the other and the second finds
 * nothing pending (404).
 */
export async function decideRevision(
  pool: Pool,
  id: number,
  decision: { isApproved: boolean; reason?: string | undefined },
  audit?: AuditActor,
): Promise<{ hotel: StoredHotel; revision: StoredRevision | null }> {
  const result = await withTransaction(pool, async (tx) => {
    const current = await findHotel(tx, { id }, { forUpdate: true });
    if (!current) throw notFound(messages.hotelNotFound);
    const revision = await findRevision(tx, id, { forUpdate: true });
    if (!revision || revision.status !== 'pending') throw notFound(messages.revisionNotFound);
    const changes = revisionChangeLabels(revision.fields);
    if (!decision.isApproved) {
      const reason = decision.reason ?? '';
      const { rows } = await tx.query<RevisionRow>(
        `UPDATE hotel_revisions SET status = 'rejected', rejection_reason = $2, decided_at = now() WHERE hotel_id = $1 RETURNING ${revisionColumns}`,
        [id, reason],
      );
      if (audit) await recordAudit(tx, audit, 'revision_rejected', current, reason);
      await enqueueEvent(tx, 'hotel.revision-rejected', { ...hotelSnapshot(current), changes, reason }, { key: id });
      return { hotel: current, revision: toRevision(rows[0]!) };
    }
    await tx.query('DELETE FROM hotel_revisions WHERE hotel_id = $1', [id]);
    if (audit) await recordAudit(tx, audit, 'revision_approved', current);
    const hotel = await rewriteHotel(tx, current, applyListingUpdate(current, revision.fields), [{ type: 'hotel.updated' }]);
    await enqueueEvent(tx, 'hotel.revision-approved', { ...hotelSnapshot(hotel), changes }, { key: id });
    return { hotel, revision: null };
  });
  invalidateSearchSummaries();
  return result;
}

/** The provider drops their rejected change (the live listing stays as it is); 404 when there is none. */
export async function discardRejectedRevision(pool: Pool, id: number, authorize: (current: StoredHotel, tx: PoolClient) => void | Promise<void>): Promise<StoredHotel> {
  return withTransaction(pool, async (tx) => {
    const current = await findHotel(tx, { id }, { forUpdate: true });
    if (!current) throw notFound(messages.hotelNotFound);
    await authorize(current, tx);
    const { rowCount } = await tx.query(`DELETE FROM hotel_revisions WHERE hotel_id = $1 AND status = 'rejected'`, [id]);
    if (!rowCount) throw notFound(messages.rejectedRevisionNotFound);
    return current;
  });
}
