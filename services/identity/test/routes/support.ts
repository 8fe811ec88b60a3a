/**
 * Identity in-process for route tests: one throwaway database per test file, started on first use and
 * dropped after the file. Its tokens are signed with the test run's key; sign-in failures are counted
 * in memory; Redis is never reached (a revocation announcement fails and is logged, as when Redis is
 * down, while identity itself refuses the token from Postgres). The helpers keep the names of the
 * integration helpers (register, claimsOf, outboxEventTypes, ...).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { QueryResultRow } from 'pg';
import { afterAll } from 'vitest';
import { serviceUnderTest, type ServiceUnderTest } from '@reproute/platform/testing/service-under-test';
import { buildApp, type IdentityDeps } from '../../src/app.ts';
import { configSchema, type Config } from '../../src/config.ts';
import { LoginLimiter } from '../../src/domain/login-limits.ts';
import { PasswordHasher } from '../../src/domain/passwords.ts';
import { TokenIssuer } from '../../src/domain/tokens.ts';
import { MemoryFailureStore, password } from '../fixtures.ts';
import { erasureReportConsumer, erasureReportHandlers } from '../../src/events/erasures.ts';
import { uniqueEmail } from '@reproute/platform/testing';
import { organisationClaimFor } from '../../src/store/organisations.ts';


/** The key reset and verification tokens are sealed with in route tests: a test opens an event's sealed token with it, as the notifier does. */
export const linkKey = randomBytes(32);
/** The key emails' unsubscribe and preferences links are signed with in route tests (the notifier's part). */
export const emailLinkKey = randomBytes(32);

export function identityUnderTest(env: Record<string, string> = {}) {
  return serviceUnderTest({
    service: 'identity',
    configSchema,
    migrationsDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'),
    // argon2's cheapest allowed cost: the tests hash many passwords.
    env: { ARGON2_MEMORY_KIB: '8192', ARGON2_TIME_COST: '1', ...env },
    // The services' erasure reports (a test publishes them on the bus, as the services would).
    consumers: (ctx) => [{ ...erasureReportConsumer, handlers: erasureReportHandlers(ctx.logger) }],
    buildApp: async (ctx, { signingKey }) => {
      const { config } = ctx;
      // Never connects: commands fail at once, as while Redis is down.
      const redis = new Redis(config.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
      redis.on('error', () => undefined);
      const deps: IdentityDeps = {
        redis,
        resetLinkKey: linkKey,
        emailLinkKey,
        tokens: new TokenIssuer(signingKey, { issuer: config.JWT_ISSUER, ttlSeconds: config.JWT_TTL_SECONDS, organisationOf: (userId) => organisationClaimFor(ctx.pool, userId) }),
        passwords: new PasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: config.ARGON2_PARALLELISM }),
        loginLimiter: new LoginLimiter(new MemoryFailureStore(), {
          freeFailuresPerAccountAndAddress: config.LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
          freeFailuresPerAddress: config.LOGIN_FREE_FAILURES_PER_ADDRESS,
          maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
          windowSeconds: config.LOGIN_WINDOW_SECONDS,
        }),
      };
      const app = await buildApp(ctx, deps);
      app.addHook('onClose', async () => redis.disconnect());
      return app;
    },
  });
}

let started: Promise<ServiceUnderTest<Config>> | undefined;

/** This file's identity service, started on first use. */
export function identity(): Promise<ServiceUnderTest<Config>> {
  started ??= identityUnderTest();
  return started;
}

afterAll(async () => {
  await (await started)?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
export async function api<T = any>(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string; remoteAddress?: string } = {}) {
  return (await identity()).api<T>(method, path, options);
}

/** Identity's own tables, through its pool. */
export const identityDb = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed rows
  query: async <R extends QueryResultRow = any>(text: string, values?: unknown[]) => (await identity()).pool.query<R>(text, values),
};

export { claimsOf, messageOf, password } from '../fixtures.ts';
export { uniqueEmail } from '@reproute/platform/testing';

export async function register(prefix = 'identity') {
  const email = uniqueEmail(prefix);
  const res = await api('POST', '/api/auth/register', { body: { email, password, firstName: 'Ivy', lastName: 'Tester' } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.token as string, user: res.body.user as { id: string; email: string } };
}


/** The events identity wrote for a user, and whether the relay has published each. */
export async function outboxEventTypes(userId: string): Promise<{ type: string; sent: boolean }[]> {
  await (await identity()).events();
  const { rows } = await identityDb.query<{ event_type: string; sent: boolean }>(
    'SELECT event_type, sent_at IS NOT NULL AS sent FROM outbox WHERE message_key = $1 ORDER BY created_at, event_type',
    [userId],
  );
  return rows.map((r) => ({ type: r.event_type, sent: r.sent }));
}
