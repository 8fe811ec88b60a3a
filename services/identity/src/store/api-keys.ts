import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { apiKeyMessages, apiKeyPrefix, maxApiKeys, webhookMessages, type ApiKeyAnswer, type ApiKeyCreate, type ApiKeyScope, type ApiKeyVerifyAnswer } from '@reproute/contracts';
import { badRequest, forbidden, notFound, withTransaction, type Pool, type Queryable } from '@reproute/platform';

interface ApiKeyRow {
  id: string;
  name: string;
  start: string;
  scopes: ApiKeyScope[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const toAnswer = (row: ApiKeyRow): ApiKeyAnswer => ({
  id: row.id,
  name: row.name,
  start: row.start,
  scopes: row.scopes,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

/** The SHA-256 of a key, as stored: a key is 32 random bytes, so no slow hash is needed to keep it unguessable. */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The organisation the caller owns (role owner for every property, checked in Postgres now); 403 otherwise. */
async function ownedOrganisation(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ organisation_id: string }>(`SELECT organisation_id FROM organisation_members WHERE user_id = $1 AND grants->>'*' = 'owner'`, [userId]);
  if (!rows[0]) throw forbidden(webhookMessages.ownerOnly);
  return rows[0].organisation_id;
}

export async function listApiKeys(db: Queryable, userId: string): Promise<ApiKeyAnswer[]> {
  const organisationId = await ownedOrganisation(db, userId);
  const { rows } = await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE organisation_id = $1 ORDER BY created_at DESC, id', [organisationId]);
  return rows.map(toAnswer);
}

/** A new key: stored as its hash, answered once whole. */
export async function createApiKey(pool: Pool, userId: string, input: ApiKeyCreate): Promise<ApiKeyAnswer & { key: string }> {
  return withTransaction(pool, async (tx) => {
    const organisationId = await ownedOrganisation(tx, userId);
    await tx.query('SELECT pg_advisory_xact_lock(4001009, hashtext($1))', [organisationId]);
    const { rows: live } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE organisation_id = $1 AND revoked_at IS NULL', [organisationId]);
    if ((live[0]?.n ?? 0) >= maxApiKeys) throw badRequest(apiKeyMessages.tooMany);
    const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
    const { rows } = await tx.query<ApiKeyRow>(
      'INSERT INTO api_keys (id, organisation_id, created_by, name, start, key_hash, scopes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
      [randomUUID(), organisationId, userId, input.name, key.slice(0, apiKeyPrefix.length + 4), hashApiKey(key), input.scopes],
    );
    return { ...toAnswer(rows[0]!), key };
  });
}

export async function revokeApiKey(db: Queryable, userId: string, id: string): Promise<void> {
  const organisationId = await ownedOrganisation(db, userId);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(apiKeyMessages.notFound);
  const { rowCount } = await db.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND organisation_id = $2', [id, organisationId]);
  if (!rowCount) throw notFound(apiKeyMessages.notFound);
}

/** The key's organisation and scopes when it is known and not revoked (its use recorded); null otherwise. */
export async function verifyApiKey(db: Queryable, key: string): Promise<ApiKeyVerifyAnswer | null> {
  if (!key.startsWith(apiKeyPrefix)) return null;
  const { rows } = await db.query<{ id: string; organisation_id: string; name: string; scopes: ApiKeyScope[] }>(
    `UPDATE api_keys SET last_used_at = now() WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id, organisation_id, name, scopes`,
    [hashApiKey(key)],
  );
  const row = rows[0];
  return row ? { keyId: row.id, organisationId: row.organisation_id, name: row.name, scopes: row.scopes } : null;
}
