import pg from 'pg';
import { Redis } from 'ioredis';
import { api, uniqueEmail, stack } from '@reproute/platform/testing';
import { password } from '../fixtures.ts';

/** Direct access to identity's own schema and to Redis, for assertions the HTTP answers cannot show. */
export const identityDb = new pg.Pool({ connectionString: process.env.IDENTITY_DATABASE_URL ?? stack.databaseUrl('identity'), max: 2 });
export const redis = new Redis(stack.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });

export { claimsOf, messageOf, password } from '../fixtures.ts';

export async function register(prefix = 'identity') {
  const email = uniqueEmail(prefix);
  const res = await api('POST', '/api/auth/register', { body: { email, password, firstName: 'Ivy', lastName: 'Tester' } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.token as string, user: res.body.user as { id: string; email: string } };
}


export async function outboxEventTypes(userId: string): Promise<{ type: string; sent: boolean }[]> {
  const { rows } = await identityDb.query<{ event_type: string; sent: boolean }>(
    'SELECT event_type, sent_at IS NOT NULL AS sent FROM identity.outbox WHERE message_key = $1 ORDER BY created_at, event_type',
    [userId],
  );
  return rows.map((r) => ({ type: r.event_type, sent: r.sent }));
}
