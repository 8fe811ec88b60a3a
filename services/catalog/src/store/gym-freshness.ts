import { randomUUID } from 'node:crypto';
import {
  gymFreshnessMessages,
  messages,
  type AdminGymReportList,
  type CatalogExport,
  type GymConfirmationSource,
  type GymFreshness,
  type GymReport,
  type GymReportCreate,
  type GymReportKind,
  type GymReportResolve,
  type GymReportStatus,
} from '@reproute/contracts';
import { badRequest, conflict, enqueueEvent, forbidden, notFound, withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { canView, isAdmin, ownsHotel, type HotelRecord, type StoredHotel, type Viewer } from '../domain/hotel.ts';
import { findHotel } from './hotels.ts';
import { refreshGymScores } from './gym-score.ts';
import { invalidateSearchSummaries } from './search.ts';

// Gym facts that say how old they are (docs/decisions.md): confirmations, travellers' reports and their answers, and
// the reminders to providers whose facts are older than GYM_FACTS_STALE_DAYS. Nothing here writes a listing's
// reviewed fields: a confirmation moves the confirmation time, a report is stored beside the listing.

interface ReportRow {
  id: string;
  hotel_id: string;
  kind: GymReportKind;
  detail: string;
  status: GymReportStatus;
  created_at: Date;
  resolution_note: string | null;
  resolved_role: 'hotel' | 'admin' | null;
  resolved_at: Date | null;
}

const reportColumns = 'r.id, r.hotel_id, r.kind, r.detail, r.status, r.created_at, r.resolution_note, r.resolved_role, r.resolved_at';

const toReport = (row: ReportRow): GymReport => ({
  id: row.id,
  hotelId: Number(row.hotel_id),
  kind: row.kind,
  detail: row.detail,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  resolutionNote: row.resolution_note,
  resolvedBy: row.resolved_role,
  resolvedAt: row.resolved_at?.toISOString() ?? null,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a signed-in caller confirms a hotel's facts as: its owner as the hotel, an admin as admin, anyone else as a traveller. */
export function confirmationSourceOf(viewer: Viewer, hotel: Pick<HotelRecord, 'providerId'>): GymConfirmationSource {
  if (ownsHotel(viewer, hotel)) return 'hotel';
  if (isAdmin(viewer)) return 'admin';
  return 'traveller';
}

/** A hotel the caller may see, else "Hotel not found". */
async function visibleHotel(db: Queryable, id: number, viewer: Viewer | null, options: { forUpdate?: boolean } = {}): Promise<StoredHotel> {
  const hotel = await findHotel(db, { id }, options);
  if (!hotel || !canView(viewer, hotel)) throw notFound(messages.hotelNotFound);
  return hotel;
}

/** How current a hotel's gym facts are, as `GET /api/hotels/{id}/gym-facts` answers. */
export async function readGymFreshness(db: Queryable, id: number, viewer: Viewer | null, staleDays: number): Promise<GymFreshness> {
  const hotel = await visibleHotel(db, id, viewer);
  const [facts, travellers, reports, mine] = await Promise.all([
    db.query<{ confirmed_at: Date; confirmed_by: 'hotel' | 'admin' | null; provider_id: string | null; stale: boolean }>(
      `SELECT gym_facts_confirmed_at AS confirmed_at, gym_facts_confirmed_by AS confirmed_by, provider_id,
              gym_facts_confirmed_at < now() - make_interval(days => $2) AS stale
         FROM hotels WHERE id = $1`,
      [id, staleDays],
    ),
    db.query<{ total: number; latest_month: Date | null; latest_count: number }>(
      `WITH recent AS (SELECT month FROM gym_fact_confirmations WHERE hotel_id = $1 AND source = 'traveller' AND created_at >= now() - interval '365 days')
       SELECT (SELECT count(*)::int FROM recent) AS total, (SELECT max(month) FROM recent) AS latest_month,
              (SELECT count(*)::int FROM recent WHERE month = (SELECT max(month) FROM recent)) AS latest_count`,
      [id],
    ),
    db.query<ReportRow>(`SELECT ${reportColumns} FROM gym_fact_reports r WHERE r.hotel_id = $1 AND r.status IN ('open', 'disputed') ORDER BY r.created_at DESC, r.id LIMIT 50`, [id]),
    viewer
      ? db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM gym_fact_confirmations
            WHERE hotel_id = $1 AND user_id = $2 AND source = 'traveller' AND month = date_trunc('month', now() AT TIME ZONE 'UTC')::date`,
          [id, viewer.id],
        )
      : Promise.resolve({ rows: [{ n: 0 }] }),
  ]);
  const row = facts.rows[0]!;
  const t = travellers.rows[0]!;
  const month = t.latest_month;
  return {
    hotelId: hotel.id,
    confirmedAt: row.confirmed_at.toISOString(),
    confirmedBy: row.confirmed_by ?? (row.provider_id ? 'hotel' : 'admin'),
    stale: row.stale,
    staleDays,
    travellerConfirmations: {
      total: t.total,
      latestMonth: month ? `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}` : null,
      latestMonthCount: t.latest_count,
    },
    reports: reports.rows.map(toReport),
    viewer: {
      confirmAs: viewer ? confirmationSourceOf(viewer, hotel) : null,
      confirmedThisMonth: (mine.rows[0]?.n ?? 0) > 0,
      canResolve: viewer !== null && (isAdmin(viewer) || ownsHotel(viewer, hotel)),
    },
  };
}

/**
 * Confirms a live hotel's gym facts are current. The owner (as the hotel) and admins move the listing's confirmation
 * time and start the reminder clock again; a traveller's confirmation counts once per calendar month (409 after).
 * `hotel.gym-facts-confirmed` and the rescored gym score are written in the same transaction.
 */
export async function confirmGymFacts(pool: Pool, id: number, viewer: Viewer & { emailVerified: boolean }): Promise<GymConfirmationSource> {
  const source = await withTransaction(pool, async (tx) => {
    const hotel = await visibleHotel(tx, id, viewer, { forUpdate: true });
    const source = confirmationSourceOf(viewer, hotel);
    if (source === 'traveller') {
      if (hotel.status !== 'approved') throw notFound(messages.hotelNotFound);
      if (!viewer.emailVerified) throw forbidden(gymFreshnessMessages.needsVerifiedEmail);
    }
    const { rows } = await tx.query<{ created_at: Date }>(
      `INSERT INTO gym_fact_confirmations (hotel_id, source, user_id, month)
         VALUES ($1, $2, $3, date_trunc('month', now() AT TIME ZONE 'UTC')::date)
       ON CONFLICT (hotel_id, user_id, month) WHERE source = 'traveller' AND user_id IS NOT NULL DO NOTHING
       RETURNING created_at`,
      [id, source, viewer.id],
    );
    if (!rows[0]) throw conflict(gymFreshnessMessages.alreadyConfirmed);
    if (source !== 'traveller') {
      await tx.query('UPDATE hotels SET gym_facts_confirmed_at = now(), gym_facts_confirmed_by = $2, gym_facts_reminded_at = NULL WHERE id = $1', [id, source]);
    }
    await refreshGymScores(tx, [id]);
    await enqueueEvent(tx, 'hotel.gym-facts-confirmed', { hotelId: id, by: source, confirmedAt: rows[0].created_at.toISOString() }, { key: id });
    return source;
  });
  invalidateSearchSummaries();
  return source;
}

/**
 * A traveller's report of a change to a live hotel's gym: stored open (the listing does not change), shown on the
 * hotel page, in the admin queue, and emailed to the owning provider through `hotel.gym-report-opened`.
 */
export async function createGymReport(pool: Pool, id: number, viewer: Viewer & { emailVerified: boolean }, input: GymReportCreate): Promise<GymReport> {
  const report = await withTransaction(pool, async (tx) => {
    const hotel = await visibleHotel(tx, id, viewer, { forUpdate: true });
    if (hotel.status !== 'approved') throw notFound(messages.hotelNotFound);
    if (ownsHotel(viewer, hotel)) throw badRequest(gymFreshnessMessages.ownListingReport);
    if (!viewer.emailVerified) throw forbidden(gymFreshnessMessages.needsVerifiedEmail);
    const { rows: same } = await tx.query(`SELECT 1 FROM gym_fact_reports WHERE hotel_id = $1 AND reporter_id = $2 AND kind = $3 AND status = 'open' LIMIT 1`, [id, viewer.id, input.kind]);
    if (same.length > 0) throw conflict(gymFreshnessMessages.reportDuplicate);
    const { rows } = await tx.query<ReportRow>(
      `INSERT INTO gym_fact_reports AS r (id, hotel_id, reporter_id, kind, detail) VALUES ($1, $2, $3, $4, $5) RETURNING ${reportColumns}`,
      [randomUUID(), id, viewer.id, input.kind, input.detail],
    );
    const report = toReport(rows[0]!);
    await refreshGymScores(tx, [id]);
    await enqueueEvent(
      tx,
      'hotel.gym-report-opened',
      {
        reportId: report.id,
        hotelId: id,
        name: hotel.name,
        slug: hotel.slug,
        providerId: hotel.providerId,
        providerEmail: hotel.providerEmail,
        kind: report.kind,
        detail: report.detail,
        reportedAt: report.createdAt,
      },
      { key: id },
    );
    return report;
  });
  invalidateSearchSummaries();
  return report;
}

/**
 * The owner's or an admin's answer to a report: `edited` or `dismissed` close it, `disputed` keeps it on the page with
 * the hotel's note and in the admin queue until an admin closes it. `hotel.gym-report-resolved` in the same transaction.
 */
export async function resolveGymReport(pool: Pool, reportId: string, viewer: Viewer, input: GymReportResolve): Promise<GymReport> {
  if (!uuidPattern.test(reportId)) throw notFound(gymFreshnessMessages.reportNotFound);
  const report = await withTransaction(pool, async (tx) => {
    const { rows: found } = await tx.query<{ hotel_id: string; status: GymReportStatus }>('SELECT hotel_id, status FROM gym_fact_reports WHERE id = $1', [reportId]);
    if (!found[0]) throw notFound(gymFreshnessMessages.reportNotFound);
    const hotel = await findHotel(tx, { id: Number(found[0].hotel_id) }, { forUpdate: true });
    if (!hotel) throw notFound(gymFreshnessMessages.reportNotFound);
    const owner = ownsHotel(viewer, hotel);
    // The owner answers as the hotel (edited, disputed); an admin for our team (edited, dismissed).
    const admin = !owner && isAdmin(viewer);
    if (!admin && !owner) throw forbidden();
    if (input.resolution === 'dismissed' && !admin) throw forbidden(gymFreshnessMessages.resolutionAdminOnly);
    if (input.resolution === 'disputed' && admin) throw badRequest(gymFreshnessMessages.resolutionHotelOnly, [{ path: 'resolution', message: gymFreshnessMessages.resolutionHotelOnly }]);
    const { rows: locked } = await tx.query<{ status: GymReportStatus }>('SELECT status FROM gym_fact_reports WHERE id = $1 FOR UPDATE', [reportId]);
    const status = locked[0]!.status;
    // Closed reports stay closed; the hotel disputes once, then it is the admin's to decide.
    if (status === 'edited' || status === 'dismissed' || (status === 'disputed' && !admin)) throw conflict(gymFreshnessMessages.reportClosed);
    const role = admin ? 'admin' : 'hotel';
    const { rows } = await tx.query<ReportRow>(
      `UPDATE gym_fact_reports r SET status = $2, resolution_note = coalesce($3, r.resolution_note), resolved_by = $4, resolved_role = $5, resolved_at = now()
        WHERE r.id = $1 RETURNING ${reportColumns}`,
      [reportId, input.resolution, input.note || null, viewer.id, role],
    );
    const report = toReport(rows[0]!);
    await refreshGymScores(tx, [hotel.id]);
    await enqueueEvent(
      tx,
      'hotel.gym-report-resolved',
      { reportId, hotelId: hotel.id, name: hotel.name, slug: hotel.slug, kind: report.kind, resolution: input.resolution, note: input.note || null, resolvedBy: role },
      { key: hotel.id },
    );
    return report;
  });
  invalidateSearchSummaries();
  return report;
}

/** The admin queue: reports still open or disputed, oldest first. */
export async function listAdminGymReports(db: Queryable, status: 'open' | 'disputed' | 'all'): Promise<AdminGymReportList> {
  const statuses = status === 'all' ? ['open', 'disputed'] : [status];
  const { rows } = await db.query<ReportRow & { hotel_name: string; hotel_slug: string; provider_email: string | null }>(
    `SELECT ${reportColumns}, h.name AS hotel_name, h.slug AS hotel_slug, h.provider_email
       FROM gym_fact_reports r JOIN hotels h ON h.id = r.hotel_id
      WHERE r.status = ANY($1::text[]) ORDER BY r.created_at, r.id LIMIT 500`,
    [statuses],
  );
  return { items: rows.map((row) => ({ ...toReport(row), hotelName: row.hotel_name, hotelSlug: row.hotel_slug, providerEmail: row.provider_email })) };
}

/**
 * Reminds the providers of live listings whose gym facts the hotel or an admin last confirmed more than `staleDays`
 * ago: `hotel.gym-facts-stale` (emailed with the link to confirm them), then again every `staleDays` while they stay
 * unconfirmed. Locked rows are skipped, so instances running it at once remind each listing once. Returns how many.
 */
export async function remindStaleGymFacts(pool: Pool, staleDays: number, batchSize = 200): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ id: string; name: string; slug: string; provider_id: string; provider_email: string; confirmed_at: Date; open_reports: number }>(
      `SELECT h.id, h.name, h.slug, h.provider_id, h.provider_email, h.gym_facts_confirmed_at AS confirmed_at,
              (SELECT count(*)::int FROM gym_fact_reports r WHERE r.hotel_id = h.id AND r.status = 'open') AS open_reports
         FROM hotels h
        WHERE h.is_approved AND h.provider_id IS NOT NULL AND h.provider_email IS NOT NULL
          AND h.gym_facts_confirmed_at < now() - make_interval(days => $1)
          AND (h.gym_facts_reminded_at IS NULL OR h.gym_facts_reminded_at < now() - make_interval(days => $1))
        ORDER BY h.gym_facts_confirmed_at, h.id
        LIMIT $2
        FOR UPDATE OF h SKIP LOCKED`,
      [staleDays, batchSize],
    );
    for (const row of rows) {
      const hotelId = Number(row.id);
      await tx.query('UPDATE hotels SET gym_facts_reminded_at = now() WHERE id = $1', [hotelId]);
      await enqueueEvent(
        tx,
        'hotel.gym-facts-stale',
        { hotelId, name: row.name, slug: row.slug, providerId: row.provider_id, providerEmail: row.provider_email, confirmedAt: row.confirmed_at.toISOString(), staleDays, openReports: row.open_reports },
        { key: hotelId },
      );
    }
    return rows.length;
  });
}

/** Everything the gym facts keep of an account: its reports, confirmations and answers to reports. */
export async function exportGymFreshness(db: Queryable, userId: string): Promise<Pick<CatalogExport, 'gymReports' | 'gymConfirmations' | 'gymReportAnswers'>> {
  const [reports, confirmations, answers] = await Promise.all([
    db.query<ReportRow>(`SELECT ${reportColumns} FROM gym_fact_reports r WHERE r.reporter_id = $1 ORDER BY r.created_at, r.id`, [userId]),
    db.query<{ hotel_id: string; source: string; created_at: Date }>('SELECT hotel_id, source, created_at FROM gym_fact_confirmations WHERE user_id = $1 ORDER BY created_at, id', [userId]),
    db.query<{ id: string; hotel_id: string; status: string; resolution_note: string | null; resolved_at: Date }>(
      'SELECT id, hotel_id, status, resolution_note, resolved_at FROM gym_fact_reports WHERE resolved_by = $1 ORDER BY resolved_at, id',
      [userId],
    ),
  ]);
  return {
    gymReports: reports.rows.map((r) => ({ id: r.id, hotelId: Number(r.hotel_id), kind: r.kind, detail: r.detail, status: r.status, createdAt: r.created_at.toISOString(), resolvedAt: r.resolved_at?.toISOString() ?? null })),
    gymConfirmations: confirmations.rows.map((r) => ({ hotelId: Number(r.hotel_id), as: r.source, createdAt: r.created_at.toISOString() })),
    gymReportAnswers: answers.rows.map((r) => ({ reportId: r.id, hotelId: Number(r.hotel_id), resolution: r.status, note: r.resolution_note, resolvedAt: r.resolved_at.toISOString() })),
  };
}

/**
 * A deleted account's part in the gym facts: its reports and confirmations stay (they are about the hotel, and still
 * count) without its id; its answers to reports lose its id too (the note is the hotel's, not the person's).
 */
export async function eraseGymFreshness(tx: PoolClient, userId: string): Promise<void> {
  await tx.query('UPDATE gym_fact_reports SET reporter_id = NULL WHERE reporter_id = $1', [userId]);
  await tx.query('UPDATE gym_fact_reports SET resolved_by = NULL WHERE resolved_by = $1', [userId]);
  await tx.query('UPDATE gym_fact_confirmations SET user_id = NULL WHERE user_id = $1', [userId]);
}

