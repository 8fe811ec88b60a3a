import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queryable } from '@reproute/platform';
import { RevocationMirror } from '../../src/store/revocations.ts';
import { api, identity, identityDb, register } from './support.ts';

/**
 * Identity's revocation check keeps Postgres' revocations in memory (RevocationMirror): loaded once its
 * LISTEN is in place, kept current by the notification each revocation's commit sends (migration 003), and
 * asking Postgres only while that connection is down. A revocation written by another identity instance is
 * a row committed in the same database, as these tests write it.
 */
const mirrors: RevocationMirror[] = [];
afterEach(async () => {
  await Promise.all(mirrors.splice(0).map((m) => m.stop()));
});

/** A mirror over this file's database, with a count of the queries it makes. */
async function startMirror() {
  const svc = await identity();
  const counted = { queries: 0 };
  const db: Queryable = {
    query: ((...args: Parameters<Queryable['query']>) => {
      counted.queries += 1;
      return (svc.pool.query as (...a: unknown[]) => unknown)(...args);
    }) as Queryable['query'],
  };
  const mirror = new RevocationMirror({ db, url: svc.ctx.config.DATABASE_URL, schema: 'identity', tokenTtlSeconds: 3600, logger: svc.ctx.logger });
  mirrors.push(mirror);
  mirror.start();
  await until(() => mirror.current, 'the mirror to load');
  return { mirror, counted };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

const now = () => Math.floor(Date.now() / 1000);
const tokenOf = (sub: string, iat = now()) => ({ jti: randomUUID(), sub, iat });
const revokeInPostgres = (token: { jti: string; sub: string }) =>
  identityDb.query('INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, now() + interval \'1 hour\')', [token.jti, token.sub]);

describe('identity checks tokens against its copy of the revocations', () => {
  it('answers from memory once loaded: no query per check', async () => {
    const { mirror, counted } = await startMirror();
    const before = counted.queries;
    const token = tokenOf(randomUUID());
    for (let i = 0; i < 100; i += 1) expect(await mirror.isRevoked(token)).toBe(false);
    expect(counted.queries).toBe(before);
  });

  it("learns another instance's logout and password reset from their commits, within a second", async () => {
    const { mirror, counted } = await startMirror();
    const { user } = await register('mirror-other');
    const loggedOut = tokenOf(user.id);
    await revokeInPostgres(loggedOut);
    expect(await until(() => mirror.isRevoked(loggedOut), 'the logout to arrive', 1_000)).toBeLessThan(1_000);

    const older = tokenOf(user.id, now() - 60);
    expect(await mirror.isRevoked(older)).toBe(false);
    await identityDb.query('UPDATE users SET tokens_not_before = now() WHERE id = $1', [user.id]);
    await until(() => mirror.isRevoked(older), 'the password reset to arrive', 1_000);
    // A token issued after the reset is still good.
    expect(await mirror.isRevoked(tokenOf(user.id, now() + 2))).toBe(false);
    expect(counted.queries).toBe(2); // the load only
  });

  it('loads what was revoked before it started', async () => {
    const earlier = tokenOf((await register('mirror-earlier')).user.id);
    await revokeInPostgres(earlier);
    const { mirror } = await startMirror();
    expect(await mirror.isRevoked(earlier)).toBe(true);
  });

  it('asks Postgres while its LISTEN connection is down, and loads again when it is back', async () => {
    const { mirror, counted } = await startMirror();
    const svc = await identity();
    await identityDb.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'identity-revocations-listener' AND datname = $1`,
      [svc.databaseName],
    );
    await until(() => !mirror.current, 'the mirror to notice the lost connection');
    // Revoked while nobody listens: no notification will come, yet the check holds.
    const missed = tokenOf((await register('mirror-missed')).user.id);
    await revokeInPostgres(missed);
    const queries = counted.queries;
    expect(await mirror.isRevoked(missed)).toBe(true);
    // Back, and loaded again: known without a query.
    await until(() => mirror.current, 'the mirror to reconnect and load');
    expect(counted.queries).toBeGreaterThan(queries);
    const loaded = counted.queries;
    expect(await mirror.isRevoked(missed)).toBe(true);
    expect(await mirror.isRevoked(tokenOf(randomUUID()))).toBe(false);
    expect(counted.queries).toBe(loaded);
  });

  it('refuses a token revoked by another instance at this service', async () => {
    const { token } = await register('mirror-service');
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; sub: string };
    await revokeInPostgres(claims);
    await until(async () => (await api('GET', '/api/auth/me', { token })).status === 401, 'identity to refuse the token', 1_000);
  });
});
