import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { authPlugin, serviceConfigSchema, createHttpApp, opsAppOf, requireRole } from '../../src/index.ts';
import { adminDatabaseUrl, serviceUnderTest } from '../../src/testing/service-under-test.ts';

// A service with no migrations of its own: the platform's outbox tables only.
const emptyMigrations = mkdtempSync(path.join(os.tmpdir(), 'rt-migrations-'));
afterAll(() => rmSync(emptyMigrations, { recursive: true, force: true }));

async function databases(pattern: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern])).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

const start = () =>
  serviceUnderTest({
    service: 'harness',
    configSchema: serviceConfigSchema,
    migrationsDir: emptyMigrations,
    buildApp: async (ctx, { key }) => {
      const app = createHttpApp({ logger: ctx.logger, readiness: { postgres: () => ctx.pool.query('SELECT 1'), kafka: () => ctx.bus.ping() } });
      await app.register(authPlugin, { key, issuer: ctx.config.JWT_ISSUER, revocations: ctx.revocations });
      app.get('/whoami', async (request) => ({ id: requireRole(request, 'admin').id }));
      return app;
    },
  });

describe('serviceUnderTest', () => {
  it('drops a throwaway database of a run that crashed more than an hour ago, and keeps a recent one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [stale, recent] = [`rt_harness_${now - 7200}_dead0001`, `rt_harness_${now - 60}_dead0002`];
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    try {
      for (const name of [stale, recent]) await admin.query(`CREATE DATABASE "${name}"`);
      const sut = await start();
      await sut.close();
      const left = await databases('rt\\_harness\\_%');
      expect(left).not.toContain(stale);
      expect(left).toContain(recent);
    } finally {
      for (const name of [stale, recent]) await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  });

  it('runs the service on a database of its own, verifies the test tokens, honours revocations, and drops the database on close', async () => {
    const sut = await start();
    expect(await databases(sut.databaseName)).toEqual([sut.databaseName]);
    const { rows } = await sut.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    expect(rows[0]?.n).toBe(0);

    const admin = await sut.asAdmin();
    expect((await sut.inject({ method: 'GET', url: '/whoami', as: admin })).json()).toEqual({ id: admin.id });
    expect((await sut.inject({ method: 'GET', url: '/whoami', as: await sut.asTraveller() })).statusCode).toBe(403);
    expect((await sut.inject({ method: 'GET', url: '/whoami' })).statusCode).toBe(401);
    sut.revocations.apply({ kind: 'token', jti: admin.jti, expiresAt: admin.expiresAt });
    expect((await sut.inject({ method: 'GET', url: '/whoami', as: admin })).statusCode).toBe(401);
    // Ready with only Postgres running: the bus is in memory. Readiness is on the ops app (ops.ts), not the app's port.
    expect((await opsAppOf(sut.app).inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect((await sut.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(404);

    await sut.close();
    expect(await databases(sut.databaseName)).toEqual([]);
  });
});
