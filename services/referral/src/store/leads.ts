import { randomUUID } from 'node:crypto';
import { referralIdFor, type LeadDelivery, type LeadStatus, type ProviderLead, type ProviderLeadFilters, type ProviderLeadsPage, type ProviderLeadsQuery } from '@reproute/contracts';
import { limitWaitSql, outboxInsert, prepareEvent, scopeSql, withTransaction, type Pool, type PoolClient, type Queryable, type requireScope } from '@reproute/platform';

export interface NewLead {
  hotelId: number;
  hotelName: string;
  contactEmail: string | null;
  userId: string | null;
  name: string | null;
  email: string | null;
  message: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  referralUrl: string | null;
  /** The booking link's ref as the client sent it, already checked to name this hotel; null to have one made. */
  referralId: string | null;
  ipAddress: string | null;
  /** The client the lead is counted against (`clientGroup` of the address). */
  clientGroup: string | null;
  userAgent: string | null;
  repeatKey: string;
}

export interface LeadLimits {
  repeatWindowSeconds: number;
  windowSeconds: number;
  perClient: number;
  /** Distinct clients a hotel takes leads from within the window (a client already among them is never refused by it). */
  perHotel: number;
  /** Leads one client may send one hotel within the window: its share of the hotel's budget. */
  perHotelPerClient: number;
}

export type CreateLeadOutcome =
  | { kind: 'created'; id: string; referralId: string }
  | { kind: 'repeated'; id: string; referralId: string | null }
  | { kind: 'limited'; by: 'client' | 'client-share' | 'hotel'; retryAfterSeconds: number };

// Advisory lock classes (two-key form, apart from the one-key repeat lock): one per thing limited.
const clientLockClass = 4_004_001;
const hotelLockClass = 4_004_002;

/** A referral id no other lead has, from `timestamp` on: this hotel's id with the first free moment. */
async function firstFreeReferralId(tx: PoolClient, hotelId: number, timestamp: number): Promise<string> {
  while ((await tx.query('SELECT 1 FROM leads WHERE referral_id = $1', [referralIdFor(hotelId, timestamp)])).rows.length > 0) timestamp += 1;
  return referralIdFor(hotelId, timestamp);
}

interface LeadChecks {
  earlier_id: string | null;
  earlier_referral_id: string | null;
  client_wait: number | null;
  share_wait: number | null;
  hotel_wait: number | null;
  requested_taken: boolean;
  now_taken: boolean;
  recipients: string[] | null;
  delivery: LeadDelivery | null;
}

/**
 * Stores a lead and its `lead.created` event (which the notifier emails to the hotel) in one
 * transaction. The same lead repeated within the repeat window answers the first one's id and
 * emits nothing, so a double click or a retried request sends the hotel one email. Limits, checked
 * under advisory locks so concurrent requests on any instance cannot overshoot them (the hotel lock
 * also makes the referral id check race-free): leads per client; each client's share of one hotel
 * (leads per hotel and client); and the hotel's budget, counted in distinct clients, so no client,
 * nor a handful, can spend it for everyone else: a client already among the hotel's recent senders
 * only ever meets its own share, and a new one is refused only once the hotel has heard from
 * `perHotel` different clients within the window. Five round trips: the
 * locks, then every check in one statement (read after the locks are held, so under them), then the
 * lead and its event in one statement, between BEGIN and COMMIT.
 */
export async function createLead(pool: Pool, lead: NewLead, limits: LeadLimits): Promise<CreateLeadOutcome> {
  return withTransaction(pool, async (tx): Promise<CreateLeadOutcome> => {
    // Always taken in this order (repeat key, client, hotel), so two requests never wait on each other in a cycle.
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtext($1)),
              CASE WHEN $3::text IS NOT NULL THEN pg_advisory_xact_lock($2, hashtext($3::text)) END,
              pg_advisory_xact_lock($4, $5)`,
      [lead.repeatKey, clientLockClass, lead.clientGroup, hotelLockClass, lead.hotelId],
    );
    const timestamp = Date.now();
    const window = 'make_interval(secs => $6::double precision)';
    const waitUntilGone = (at: string) => `greatest(1, ceil(extract(epoch FROM ${at} + ${window} - now())))::int`;
    const hotelLeads = `FROM leads WHERE hotel_id = $3 AND created_at > now() - ${window}`;
    const { rows } = await tx.query<LeadChecks>(
      `SELECT e.id AS earlier_id, e.referral_id AS earlier_referral_id,
              ${limitWaitSql({ table: 'leads', column: 'client_group' }, { value: '$2', limit: '$7', windowSeconds: '$6' })} AS client_wait,
              (SELECT ${waitUntilGone('created_at')} ${hotelLeads} AND coalesce(client_group, '') = coalesce($2, '')
                ORDER BY created_at DESC OFFSET greatest($10::int - 1, 0) LIMIT 1) AS share_wait,
              CASE WHEN EXISTS (SELECT 1 ${hotelLeads} AND coalesce(client_group, '') = coalesce($2, '')) THEN NULL
                   ELSE (SELECT ${waitUntilGone('last')} FROM (SELECT max(created_at) AS last ${hotelLeads} GROUP BY coalesce(client_group, '')) AS clients
                          ORDER BY last DESC OFFSET greatest($8::int - 1, 0) LIMIT 1) END AS hotel_wait,
              EXISTS (SELECT 1 FROM leads WHERE referral_id = $4) AS requested_taken,
              EXISTS (SELECT 1 FROM leads WHERE referral_id = $5) AS now_taken,
              routing.recipients, routing.delivery
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (
           SELECT id, referral_id FROM leads WHERE repeat_key = $1 AND created_at > now() - make_interval(secs => $9::double precision)
            ORDER BY created_at DESC LIMIT 1
         ) e ON true
         LEFT JOIN lead_routing routing ON routing.hotel_id = $3`,
      [
        lead.repeatKey, lead.clientGroup, lead.hotelId, lead.referralId, referralIdFor(lead.hotelId, timestamp),
        limits.windowSeconds, limits.perClient, limits.perHotel, limits.repeatWindowSeconds, limits.perHotelPerClient,
      ],
    );
    const checks = rows[0]!;
    if (checks.earlier_id) return { kind: 'repeated', id: checks.earlier_id, referralId: checks.earlier_referral_id };
    if (lead.clientGroup && checks.client_wait !== null) return { kind: 'limited', by: 'client', retryAfterSeconds: checks.client_wait };
    if (checks.share_wait !== null) return { kind: 'limited', by: 'client-share', retryAfterSeconds: checks.share_wait };
    if (checks.hotel_wait !== null) return { kind: 'limited', by: 'hotel', retryAfterSeconds: checks.hotel_wait };

    // The requested referral id when free, else this hotel's id with the first free moment from now.
    const referralId =
      lead.referralId && !checks.requested_taken
        ? lead.referralId
        : !checks.now_taken
          ? referralIdFor(lead.hotelId, timestamp)
          : await firstFreeReferralId(tx, lead.hotelId, timestamp + 1);
    const id = randomUUID();
    const event = prepareEvent(
      'lead.created',
      {
        leadId: id,
        hotelId: lead.hotelId,
        hotelName: lead.hotelName,
        contactEmail: lead.contactEmail,
        userId: lead.userId,
        name: lead.name,
        email: lead.email,
        message: lead.message,
        checkInDate: lead.checkInDate,
        checkOutDate: lead.checkOutDate,
        guests: lead.guests,
        referralId,
        // The property's lead routing (read under the locks with the checks): every address the lead goes to.
        ...(checks.recipients && checks.recipients.length > 0 ? { recipients: checks.recipients } : {}),
        // A daily property's leads wait for each recipient's digest in the notifier; instant stays absent, as in older events.
        ...(checks.delivery === 'daily' ? { delivery: 'daily' as const } : {}),
      },
      { key: id },
    );
    await tx.query(
      `WITH lead AS (
         INSERT INTO leads (id, hotel_id, hotel_name, contact_email, user_id, name, email, message, check_in_date, check_out_date, guests,
                            referral_url, referral_id, ip_address, user_agent, repeat_key, client_group)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ) ${outboxInsert(18)}`,
      [
        id, lead.hotelId, lead.hotelName, lead.contactEmail, lead.userId, lead.name, lead.email, lead.message, lead.checkInDate, lead.checkOutDate,
        lead.guests, lead.referralUrl, referralId, lead.ipAddress, lead.userAgent, lead.repeatKey, lead.clientGroup, ...event.values,
      ],
    );
    return { kind: 'created', id, referralId };
  });
}

interface ProviderLeadRow {
  id: string;
  created_at: Date;
  hotel_id: number;
  hotel_name: string;
  name: string | null;
  email: string | null;
  check_in_date: string | null;
  check_out_date: string | null;
  guests: number | null;
  message: string | null;
  referral_id: string | null;
  note: string | null;
  assignee_id: string | null;
  assignee_email: string | null;
  status: LeadStatus;
}

const providerLeadColumns = `l.id, l.created_at, l.hotel_id, h.name AS hotel_name, l.name, l.email,
            to_char(l.check_in_date, 'YYYY-MM-DD') AS check_in_date, to_char(l.check_out_date, 'YYYY-MM-DD') AS check_out_date,
            l.guests, l.message, l.referral_id, l.status, l.note, l.assignee_id, l.assignee_email`;

function toProviderLead(row: ProviderLeadRow): ProviderLead {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    hotel: { id: row.hotel_id, name: row.hotel_name },
    name: row.name,
    email: row.email,
    checkInDate: row.check_in_date,
    checkOutDate: row.check_out_date,
    guests: row.guests,
    message: row.message,
    referralId: row.referral_id,
    status: row.status,
    note: row.note,
    assignee: row.assignee_id && row.assignee_email ? { id: row.assignee_id, email: row.assignee_email } : null,
  };
}

/** The organisation whose hotels' leads are asked for, and which of its hotels the member may see leads of. */
export type LeadAccess = ReturnType<typeof requireScope>;

/** The WHERE clause and its parameters for a provider's leads under the inbox filters; from/to are UTC days, both inclusive. */
function providerLeadWhere(access: LeadAccess, filters: ProviderLeadFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [access.organisationId];
  const conditions = ['h.provider_id = $1'];
  const scope = scopeSql('l.hotel_id', access.scope, 2);
  params.push(...scope.params);
  conditions.push(scope.sql);
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.hotelId !== null) add((p) => `l.hotel_id = ${p}`, filters.hotelId);
  if (filters.status !== null) add((p) => `l.status = ${p}`, filters.status);
  if (filters.from !== null) add((p) => `l.created_at >= (${p}::date)::timestamp AT TIME ZONE 'UTC'`, filters.from);
  if (filters.to !== null) add((p) => `l.created_at < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`, filters.to);
  return { sql: conditions.join(' AND '), params };
}

/** One page of the leads of the hotels the provider owns now (by the projection), newest first, with the count of all that match. */
export async function leadsForProvider(db: Queryable, access: LeadAccess, query: ProviderLeadsQuery): Promise<ProviderLeadsPage> {
  const where = providerLeadWhere(access, query);
  const offset = (query.page - 1) * query.limit;
  const [page, count] = await Promise.all([
    db.query<ProviderLeadRow>(
      `SELECT ${providerLeadColumns}
         FROM leads l JOIN hotels h ON h.hotel_id = l.hotel_id
        WHERE ${where.sql}
        ORDER BY l.created_at DESC, l.id
        LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`,
      [...where.params, query.limit, offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM leads l JOIN hotels h ON h.hotel_id = l.hotel_id WHERE ${where.sql}`, where.params),
  ]);
  return { items: page.rows.map(toProviderLead), total: Number(count.rows[0]?.total ?? 0), page: query.page, limit: query.limit };
}

/** Every lead the filters match, newest first, for the CSV export (capped so one request stays bounded). */
export async function allLeadsForProvider(db: Queryable, access: LeadAccess, filters: ProviderLeadFilters, cap = 50_000): Promise<ProviderLead[]> {
  const where = providerLeadWhere(access, filters);
  const { rows } = await db.query<ProviderLeadRow>(
    `SELECT ${providerLeadColumns}
       FROM leads l JOIN hotels h ON h.hotel_id = l.hotel_id
      WHERE ${where.sql}
      ORDER BY l.created_at DESC, l.id
      LIMIT $${where.params.length + 1}`,
    [...where.params, cap],
  );
  return rows.map(toProviderLead);
}

/** Sets a lead's status when one of the provider's hotels owns it; null when no such lead is theirs. */
export async function setLeadStatus(db: Queryable, access: LeadAccess, leadId: string, status: LeadStatus): Promise<ProviderLead | null> {
  const scope = scopeSql('l.hotel_id', access.scope, 4);
  const { rows } = await db.query<ProviderLeadRow>(
    `WITH changed AS (
       UPDATE leads l SET status = $3, status_changed_at = CASE WHEN l.status = $3 THEN l.status_changed_at ELSE now() END
         FROM hotels h
        WHERE l.id = $2 AND h.hotel_id = l.hotel_id AND h.provider_id = $1 AND ${scope.sql}
        RETURNING l.*
     )
     SELECT ${providerLeadColumns} FROM changed l JOIN hotels h ON h.hotel_id = l.hotel_id`,
    [access.organisationId, leadId, status, ...scope.params],
  );
  return rows[0] ? toProviderLead(rows[0]) : null;
}

/**
 * A lead's note and assignee, for a member whose role allows leads for its property (the scope): null when no such
 * lead is theirs. `assignee` "me" takes it (the member's id and address), null gives it back.
 */
export async function setLeadDetails(
  db: Queryable,
  access: LeadAccess,
  leadId: string,
  details: { note?: string | null | undefined; assignee?: 'me' | null | undefined },
  member: { id: string; email: string },
): Promise<ProviderLead | null> {
  const scope = scopeSql('l.hotel_id', access.scope, 8);
  const note = details.note === undefined ? undefined : details.note === '' ? null : details.note;
  const { rows } = await db.query<ProviderLeadRow>(
    `WITH changed AS (
       UPDATE leads l SET
              note = CASE WHEN $3 THEN $4 ELSE l.note END,
              note_updated_at = CASE WHEN $3 THEN now() ELSE l.note_updated_at END,
              assignee_id = CASE WHEN $5 THEN $6::uuid ELSE l.assignee_id END,
              assignee_email = CASE WHEN $5 THEN $7 ELSE l.assignee_email END,
              assigned_at = CASE WHEN $5 THEN (CASE WHEN $6::uuid IS NULL THEN NULL ELSE now() END) ELSE l.assigned_at END
         FROM hotels h
        WHERE l.id = $2 AND h.hotel_id = l.hotel_id AND h.provider_id = $1 AND ${scope.sql}
        RETURNING l.*
     )
     SELECT ${providerLeadColumns} FROM changed l JOIN hotels h ON h.hotel_id = l.hotel_id`,
    [
      access.organisationId, leadId, note !== undefined, note ?? null,
      details.assignee !== undefined, details.assignee === 'me' ? member.id : null, details.assignee === 'me' ? member.email : null, ...scope.params,
    ],
  );
  return rows[0] ? toProviderLead(rows[0]) : null;
}
