import type { WebhooksExport } from '@reproute/contracts';
import type { AccountToErase, PoolClient, Queryable } from '@reproute/platform';
import { toEndpoint, type EndpointRow } from './endpoints.ts';

/** The endpoints the account owns (as its organisation's founder), without secrets. */
export async function exportWebhooks(db: Queryable, userId: string): Promise<WebhooksExport> {
  const { rows } = await db.query<EndpointRow>('SELECT e.*, NULL AS hotel_name FROM endpoints e WHERE e.owner_id = $1 ORDER BY e.created_at', [userId]);
  return {
    endpoints: rows.map((row) => {
      const { hotelName: _hotelName, ...endpoint } = toEndpoint(row);
      return endpoint;
    }),
  };
}

/**
 * The webhooks service's part of deleting an account: the endpoints it owns go with their log; messages that
 * carry the account (a lead it sent, its address) leave every log, delivered or not; the hotels projection forgets it
 * as their owner.
 */
export async function eraseAccount(tx: PoolClient, account: AccountToErase): Promise<void> {
  const emails = account.emails.map((e) => e.toLowerCase());
  await tx.query('DELETE FROM endpoints WHERE owner_id = $1 OR lower(owner_email) = ANY($2::text[])', [account.userId, emails]);
  await tx.query(
    `DELETE FROM deliveries WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE strpos(lower(body), n) > 0)`,
    [[account.userId, ...emails].filter((n) => n.length >= 3)],
  );
  await tx.query('UPDATE hotels SET provider_id = NULL WHERE provider_id = $1', [account.userId]);
}
