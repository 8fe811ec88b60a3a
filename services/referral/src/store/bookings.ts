import { randomUUID } from 'node:crypto';
import { bookingMessages, commissionOn, parseReferralId, statementCommissionRate, type Booking, type BookingReport, type FunnelRow, type StatementAnswer } from '@reproute/contracts';
import { conflict, badRequest, isUniqueViolation, scopeSql, type Queryable } from '@reproute/platform';
import type { LeadAccess } from './leads.ts';

interface BookingRow {
  id: string;
  referral_id: string;
  hotel_id: number;
  hotel_name: string;
  value: string;
  currency: string;
  check_in_date: string;
  check_out_date: string;
  source: Booking['source'];
  reported_at: Date;
}

const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  referralId: row.referral_id,
  hotel: { id: row.hotel_id, name: row.hotel_name },
  value: Number(row.value),
  currency: row.currency,
  checkInDate: row.check_in_date,
  checkOutDate: row.check_out_date,
  source: row.source,
  reportedAt: row.reported_at.toISOString(),
});

const bookingColumns = `b.id, b.referral_id, b.hotel_id, h.name AS hotel_name, b.value, b.currency, to_char(b.check_in_date, 'YYYY-MM-DD') AS check_in_date,
  to_char(b.check_out_date, 'YYYY-MM-DD') AS check_out_date, b.source, b.reported_at`;

/**
 * Records a referred booking: its referral id must name one of the organisation's properties the caller may use and
 * match a lead or a booking-link click RepRoute sent there; one booking per referral id. 400 / 409 otherwise.
 */
export async function reportBooking(db: Queryable, access: LeadAccess, report: BookingReport, source: Booking['source']): Promise<Booking> {
  const parsed = parseReferralId(report.referralId)!;
  const scope = scopeSql('h.hotel_id', access.scope, 4);
  const { rows } = await db.query<{ lead_id: string | null }>(
    `SELECT (SELECT id FROM leads WHERE referral_id = $1 AND hotel_id = $2) AS lead_id
       FROM hotels h
      WHERE h.hotel_id = $2 AND h.provider_id = $3 AND ${scope.sql}
        AND (EXISTS (SELECT 1 FROM leads WHERE referral_id = $1 AND hotel_id = $2)
             OR EXISTS (SELECT 1 FROM referral_clicks WHERE hotel_id = $2 AND booking_url LIKE '%ref=' || $1 || '%'))`,
    [report.referralId, parsed.hotelId, access.organisationId, ...scope.params],
  );
  if (!rows[0]) throw badRequest(bookingMessages.referralIdUnknown, [{ path: 'referralId', message: bookingMessages.referralIdUnknown }]);
  const id = randomUUID();
  try {
    await db.query(
      `INSERT INTO bookings (id, referral_id, hotel_id, lead_id, value, currency, check_in_date, check_out_date, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, report.referralId, parsed.hotelId, rows[0].lead_id, report.value, report.currency, report.checkInDate, report.checkOutDate, source],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(bookingMessages.alreadyReported);
    throw err;
  }
  const { rows: made } = await db.query<BookingRow>(`SELECT ${bookingColumns} FROM bookings b JOIN hotels h ON h.hotel_id = b.hotel_id WHERE b.id = $1`, [id]);
  return toBooking(made[0]!);
}

/** Clicks → leads → bookings per property and UTC month over the last 12 months, newest month first. */
export async function funnel(db: Queryable, access: LeadAccess): Promise<FunnelRow[]> {
  const scope = scopeSql('h.hotel_id', access.scope, 2);
  const { rows } = await db.query<{ month: string; hotel_id: number; hotel_name: string; clicks: number; leads: number; bookings: number }>(
    `WITH own AS (SELECT h.hotel_id, h.name FROM hotels h WHERE h.provider_id = $1 AND ${scope.sql}),
          since AS (SELECT date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months' AS at),
          counted AS (
            SELECT hotel_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, 1 AS clicks, 0 AS leads, 0 AS bookings
              FROM referral_clicks WHERE hotel_id IN (SELECT hotel_id FROM own) AND created_at AT TIME ZONE 'UTC' >= (SELECT at FROM since)
            UNION ALL
            SELECT hotel_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), 0, 1, 0
              FROM leads WHERE hotel_id IN (SELECT hotel_id FROM own) AND created_at AT TIME ZONE 'UTC' >= (SELECT at FROM since)
            UNION ALL
            SELECT hotel_id, to_char(check_in_date, 'YYYY-MM'), 0, 0, 1
              FROM bookings WHERE hotel_id IN (SELECT hotel_id FROM own) AND check_in_date >= (SELECT at FROM since)::date
          )
     SELECT c.month, c.hotel_id, o.name AS hotel_name, sum(c.clicks)::int AS clicks, sum(c.leads)::int AS leads, sum(c.bookings)::int AS bookings
       FROM counted c JOIN own o ON o.hotel_id = c.hotel_id
      GROUP BY c.month, c.hotel_id, o.name
      ORDER BY c.month DESC, o.name, c.hotel_id`,
    [access.organisationId, ...scope.params],
  );
  return rows.map((r) => ({ month: r.month, hotel: { id: r.hotel_id, name: r.hotel_name }, clicks: r.clicks, leads: r.leads, bookings: r.bookings }));
}

/** The month's statement: bookings checking in that month at the organisation's properties, commission on each and per currency. */
export async function statement(db: Queryable, access: LeadAccess, month: string): Promise<StatementAnswer> {
  const scope = scopeSql('h.hotel_id', access.scope, 3);
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns} FROM bookings b JOIN hotels h ON h.hotel_id = b.hotel_id
      WHERE h.provider_id = $1 AND ${scope.sql} AND to_char(b.check_in_date, 'YYYY-MM') = $2
      ORDER BY b.check_in_date, b.referral_id`,
    [access.organisationId, month, ...scope.params],
  );
  const items = rows.map((row) => {
    const b = toBooking(row);
    return { ...b, commission: commissionOn(b.value) };
  });
  const totals = new Map<string, { currency: string; value: number; commission: number; bookings: number }>();
  for (const item of items) {
    const total = totals.get(item.currency) ?? { currency: item.currency, value: 0, commission: 0, bookings: 0 };
    total.value = Math.round((total.value + item.value) * 100) / 100;
    total.commission = Math.round((total.commission + item.commission) * 100) / 100;
    total.bookings += 1;
    totals.set(item.currency, total);
  }
  return { month, rate: statementCommissionRate, items, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
