import type { AdminAuditAction, AdminAuditEntry } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';
import type { StoredHotel } from '../domain/hotel.ts';

/** The admin whose action is being recorded. */
export interface AuditActor {
  id: string;
  email: string;
}

/** Writes one audit entry inside the caller's transaction. */
export async function recordAudit(tx: Queryable, actor: AuditActor, action: AdminAuditAction, hotel: Pick<StoredHotel, 'id' | 'name'>, detail: string | null = null): Promise<void> {
  await tx.query('INSERT INTO admin_audit (actor_id, actor_email, action, hotel_id, hotel_name, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    actor.id,
    actor.email,
    action,
    hotel.id,
    hotel.name,
    detail,
  ]);
}

/** What an admin's write did: a status change reads as the decision, anything else as an edit. */
export function auditActionOf(before: Pick<StoredHotel, 'status'>, after: Pick<StoredHotel, 'status'>): AdminAuditAction {
  if (before.status !== after.status && after.status === 'approved') return 'approved';
  if (before.status !== after.status && after.status === 'rejected') return 'rejected';
  return 'edited';
}

interface AuditRow {
  id: string;
  actor_id: string;
  actor_email: string;
  action: AdminAuditAction;
  hotel_id: string;
  hotel_name: string;
  detail: string | null;
  created_at: Date;
}

/** One page of the audit log, newest first, with the count of all entries. */
export async function listAudit(db: Queryable, page: number, pageSize: number): Promise<{ items: AdminAuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<AuditRow>('SELECT * FROM admin_audit ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2', [pageSize, (page - 1) * pageSize]),
    db.query<{ total: string }>('SELECT count(*) AS total FROM admin_audit'),
  ]);
  return {
    items: rows.rows.map((row) => ({
      id: Number(row.id),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      hotelId: Number(row.hotel_id),
      hotelName: row.hotel_name,
      detail: row.detail,
      createdAt: row.created_at.toISOString(),
    })),
    total: Number(count.rows[0]!.total),
  };
}
