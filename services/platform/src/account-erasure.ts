import type { ErasingService, EventData } from '@reproute/contracts';
import type { EventHandlers } from './consumer.ts';
import type { PoolClient, Queryable } from './db.ts';
import { enqueueEvent } from './outbox.ts';

/** The account a `user.deletion-requested` names: its id and the addresses it used. */
export type AccountToErase = EventData<'user.deletion-requested'>;

/** The id every anonymised "who did it" column takes when it may not be null (audit logs): no account has it. */
export const formerAccountId = '00000000-0000-0000-0000-000000000000';

/**
 * Forgets the service's published events that mention any of `needles` (an account's id, its addresses):
 * sent outbox rows are history once Kafka has them (delivery-retention.ts deletes them a day after anyway),
 * so a deleted account's go at once. Unsent rows stay: they still have to be published.
 */
export async function forgetPublishedMentions(db: Queryable, needles: readonly string[]): Promise<number> {
  const wanted = [...new Set(needles.map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 3))];
  if (wanted.length === 0) return 0;
  const { rowCount } = await db.query(
    `DELETE FROM outbox WHERE sent_at IS NOT NULL AND EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE strpos(lower(payload::text), n) > 0)`,
    [wanted],
  );
  return rowCount ?? 0;
}

/**
 * A service's part of deleting an account (docs/decisions.md, "Deleting an account"): `erase` removes or
 * anonymises what the service holds, in the consumer's transaction; then the service's published events that
 * mention the account go, and the service reports `user.data-erased`, in the same transaction. The consumer
 * records the event id, so a repeated delivery changes nothing; a request sent again (a new id: identity asks
 * again while a report is missing) finds nothing left to erase and reports again. `erase` may answer more
 * strings to forget published events by (an analytics session id).
 */
export function accountErasureHandlers(service: ErasingService, erase: (tx: PoolClient, account: AccountToErase) => Promise<{ mentions?: string[] } | void>): EventHandlers {
  return {
    'user.deletion-requested': async (event, tx) => {
      const account = event.data;
      const found = await erase(tx, account);
      await forgetPublishedMentions(tx, [account.userId, ...account.emails, ...((found && found.mentions) || [])]);
      await enqueueEvent(tx, 'user.data-erased', { userId: account.userId, service }, { key: account.userId });
    },
  };
}
