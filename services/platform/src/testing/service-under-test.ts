/**
 * Route tests: one service built in-process (its buildApp, called with `inject`) against a throwaway
 * database of its own on the local Postgres, with an in-memory event bus, revocations kept in memory
 * and tokens signed by a key made for the test run. Only Postgres has to be running.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { Envelope, EventType, PublicSigningKey, Role } from '@reproute/contracts';
import { loadConfig, type serviceConfigSchema } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createPool, type Pool } from '../db.ts';
import { migrate } from '../migrate.ts';
import { OutboxRelay, outboxBacklog } from '../outbox.ts';
import { startConsumer, type ConsumerOptions } from '../consumer.ts';
import { RevocationSet, type RevocationCheck, type RevocationNotice, type TokenIdentity } from '../revocations.ts';
import type { ServiceContext } from '../service.ts';
import type { KeySource } from '../auth.ts';
import { InMemoryBus } from './in-memory-bus.ts';
import { stack } from './stack.ts';

/** Databases made by route tests start with this; the time of their making (seconds) follows it. */
export const throwawayDatabasePrefix = 'rt_';
const staleAfterSeconds = 3600;

/** The stack's Postgres (PGPORT, or 5432 moved by the stack's offset) as its superuser; PGHOST and PGUSER override the defaults. */
export function adminDatabaseUrl(database = 'postgres'): string {
  const host = process.env.PGHOST ?? '127.0.0.1';
  const user = process.env.PGUSER ?? 'postgres';
  return `postgres://${user}@${host}:${stack.pgPort}/${database}`;
}

/** Revocations held in memory, with the shape the services' auth checks read; a test revokes with `apply`. */
export class InMemoryRevocations implements RevocationCheck {
  private readonly set = new RevocationSet();
  readonly ready = true;

  apply(notice: RevocationNotice): void {
    this.set.apply(notice);
  }

  isRevoked(token: TokenIdentity): boolean {
    return this.set.isRevoked(token);
  }
}

/** The key pair of a test run: the private half signs test tokens, the public half is what the app verifies with. */
export interface TestSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: PublicSigningKey;
}

let signingKey: Promise<TestSigningKey> | undefined;

/** One Ed25519 key pair per test process, made in-process. */
export function testSigningKey(): Promise<TestSigningKey> {
  signingKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const kid = `route-test-${randomUUID()}`;
    const jwk = await exportJWK(publicKey);
    return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } as PublicSigningKey };
  })();
  return signingKey;
}

export interface TestUser {
  id: string;
  email: string;
  roles: Role[];
  firstName: string | null;
  lastName: string | null;
  /**
   * The token's `email_verified` claim. Test tokens claim a verified address unless told
   * `emailVerified: false` (a new account's token before its link is opened).
   */
  emailVerified: boolean;
  /** The token's `org` claim (an organisation and the member's grants); absent: a provider's token is its founder's. */
  org?: { id: string; email: string; grants: Record<string, 'owner' | 'manager' | 'responder' | 'viewer'> };
  jti: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  token: string;
  /** The person as identity's register and login answers name them. */
  user: { id: string; email: string; firstName: string | null; lastName: string | null; roles: Role[] };
  /** `{ authorization: 'Bearer …' }`, for `inject`'s headers. */
  headers: { authorization: string };
}

/** Signs an access token as identity would (same claims, EdDSA), for a user who need not exist anywhere. */
export async function signTestToken(
  key: TestSigningKey,
  issuer: string,
  user: Partial<Omit<TestUser, 'token' | 'headers' | 'jti' | 'user'>> & { roles: Role[] },
): Promise<TestUser> {
  const id = user.id ?? randomUUID();
  const issuedAt = user.issuedAt ?? Math.floor(Date.now() / 1000);
  const claims = {
    id,
    email: user.email ?? `${user.roles[0] ?? 'user'}.${id.slice(0, 8)}@example.com`,
    roles: user.roles,
    firstName: user.firstName === undefined ? 'Test' : user.firstName,
    lastName: user.lastName === undefined ? 'User' : user.lastName,
    emailVerified: user.emailVerified ?? true,
    jti: randomUUID(),
    issuedAt,
    expiresAt: user.expiresAt ?? issuedAt + 3600,
  };
  const token = await new SignJWT({ email: claims.email, roles: claims.roles, firstName: claims.firstName, lastName: claims.lastName, email_verified: claims.emailVerified, ...(user.org ? { org: user.org } : {}) })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(id)
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(claims.expiresAt)
    .setJti(claims.jti)
    .sign(key.privateKey);
  const person = { id, email: claims.email, firstName: claims.firstName, lastName: claims.lastName, roles: claims.roles };
  return { ...claims, ...(user.org ? { org: user.org } : {}), token, user: person, headers: { authorization: `Bearer ${token}` } };
}

let staleSwept: Promise<void> | undefined;

/** Drops the throwaway databases of runs that crashed (made more than an hour ago); once per process. */
function dropStaleDatabases(admin: pg.Client): Promise<void> {
  staleSwept ??= (async () => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'rt\\_%'");
    const now = Math.floor(Date.now() / 1000);
    for (const { datname } of rows) {
      const madeAt = Number(/^rt_[a-z0-9]+_(\d+)_[a-z0-9]+$/.exec(datname)?.[1]);
      if (Number.isFinite(madeAt) && now - madeAt > staleAfterSeconds) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
    }
  })();
  return staleSwept;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl(), application_name: 'route-tests' });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Creates the database with the extensions the services use and the service's schema in it. */
async function createThrowawayDatabase(service: string): Promise<string> {
  const name = `${throwawayDatabasePrefix}${service.replace(/[^a-z0-9]/g, '')}_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    await dropStaleDatabases(admin);
    // CREATE DATABASE fails while another session is copying template1 at the same moment: try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await sleep(100 + Math.random() * 200);
      }
    }
  });
  const db = new pg.Client({ connectionString: adminDatabaseUrl(name) });
  await db.connect();
  try {
    await db.query(`CREATE EXTENSION IF NOT EXISTS unaccent; CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE SCHEMA "${service}"`);
  } finally {
    await db.end();
  }
  return name;
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

type ConsumerSpec = Omit<ConsumerOptions, 'bus' | 'pool' | 'logger'>;

export interface RouteAnswer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface ServiceUnderTest<C> {
  app: FastifyInstance;
  ctx: ServiceContext<C & z.infer<typeof serviceConfigSchema>>;
  pool: Pool;
  bus: InMemoryBus;
  revocations: InMemoryRevocations;
  /** The test run's key pair (identity's tests issue their tokens with it). */
  signingKey: TestSigningKey;
  databaseName: string;
  /** `app.inject` with an optional signed-in user. */
  inject(options: InjectOptions & { as?: TestUser }): Promise<LightMyRequestResponse>;
  /** A JSON call, answered as the integration helpers' `api` answers: status, parsed body, headers. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
  api<T = any>(method: string, path: string, options?: { body?: unknown; as?: TestUser; token?: string; headers?: Record<string, string>; rawBody?: string; remoteAddress?: string }): Promise<RouteAnswer<T>>;
  /** A token for a new person with these roles (or these claims). */
  signIn(user: Partial<Omit<TestUser, 'token' | 'headers' | 'jti' | 'user'>> & { roles: Role[] }): Promise<TestUser>;
  asTraveller(overrides?: Partial<Omit<TestUser, 'token' | 'headers' | 'jti' | 'user' | 'roles'>>): Promise<TestUser>;
  asProvider(overrides?: Partial<Omit<TestUser, 'token' | 'headers' | 'jti' | 'user' | 'roles'>>): Promise<TestUser>;
  asAdmin(overrides?: Partial<Omit<TestUser, 'token' | 'headers' | 'jti' | 'user' | 'roles'>>): Promise<TestUser>;
  /** Publishes every outbox row written so far and waits until consumers have handled them; returns the envelopes published (of `type`). */
  events<T extends EventType>(type?: T): Promise<Envelope<T>[]>;
  /** Waits until every consumer has handled what is on the bus. */
  settled(): Promise<void>;
  /** Stops everything and drops the database. */
  close(): Promise<void>;
}

/**
 * Builds a service as startService would (config, pool, migrations, relay, consumers, app), but in
 * a database of its own made for this test file, on an in-memory bus, verifying tokens with the
 * test run's key. Call `close()` in afterAll: it drops the database.
 */
export async function serviceUnderTest<S extends typeof serviceConfigSchema>(definition: {
  /** The service's name, also its schema's. */
  service: string;
  configSchema: S;
  migrationsDir: string;
  buildApp: (ctx: ServiceContext<z.infer<S>>, test: { key: KeySource; signingKey: TestSigningKey }) => Promise<FastifyInstance>;
  consumers?: (ctx: ServiceContext<z.infer<S>>) => ConsumerSpec[];
  /** Configuration beyond the defaults (values as in the environment). */
  env?: Record<string, string>;
}): Promise<ServiceUnderTest<z.infer<S>>> {
  const databaseName = await createThrowawayDatabase(definition.service);
  const databaseUrl = adminDatabaseUrl(databaseName);
  const config = loadConfig(definition.configSchema, {
    NODE_ENV: 'test',
    SERVICE_NAME: definition.service,
    PORT: '1',
    LOG_LEVEL: (process.env.ROUTE_TEST_LOG_LEVEL as string | undefined) ?? 'silent',
    DATABASE_URL: databaseUrl,
    DB_SCHEMA: definition.service,
    DB_POOL_MAX: '5',
    // Nothing else runs: any attempt to reach Kafka, Redis or identity fails at once.
    KAFKA_BROKERS: '127.0.0.1:1',
    REDIS_URL: 'redis://127.0.0.1:1',
    IDENTITY_JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
    ...definition.env,
  });
  const logger: Logger = createLogger(definition.service, config.LOG_LEVEL);
  const pool = createPool({ url: databaseUrl, schema: definition.service, max: config.DB_POOL_MAX, logger });
  const bus = new InMemoryBus({ redeliveryDelayMs: 5 });
  const revocations = new InMemoryRevocations();
  const relay = new OutboxRelay({ pool, bus, logger, schema: definition.service, pollMs: 50 });
  const consumers: { stop: () => Promise<void> }[] = [];
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close().catch(() => undefined);
    await Promise.allSettled(consumers.map((c) => c.stop()));
    await relay.stop().catch(() => undefined);
    await bus.close();
    await pool.end().catch(() => undefined);
    await dropDatabase(databaseName);
  };
  try {
    await migrate({ databaseUrl, schema: definition.service, dir: definition.migrationsDir, logger });
    const ctx: ServiceContext<z.infer<S>> = { config, logger, pool, bus, relay, revocations };
    const key = await testSigningKey();
    app = await definition.buildApp(ctx, { key: key.publicKey, signingKey: key });
    await app.ready();
    relay.start();
    for (const spec of definition.consumers?.(ctx) ?? []) consumers.push(await startConsumer({ ...spec, bus, pool, logger, retryDelayMs: 10, maxRetryDelayMs: 100 }));

    const builtApp = app;
    const signIn = (user: Parameters<ServiceUnderTest<unknown>['signIn']>[0]) => signTestToken(key, config.JWT_ISSUER, user);
    const settled = () => bus.settled();
    return {
      app: builtApp,
      ctx,
      pool,
      bus,
      revocations,
      signingKey: key,
      databaseName,
      inject: ({ as, ...options }) => builtApp.inject({ ...options, headers: { ...options.headers, ...(as ? as.headers : {}) } }),
      api: async (method, path, options = {}) => {
        const headers: Record<string, string> = { ...options.headers };
        if (options.body !== undefined) headers['content-type'] ??= 'application/json';
        const token = options.as?.token ?? options.token;
        if (token) headers.authorization = `Bearer ${token}`;
        const res = await builtApp.inject({
          method: method as InjectOptions['method'],
          url: path,
          headers,
          payload: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
          ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        });
        let body: unknown = res.body;
        try {
          body = res.body ? JSON.parse(res.body) : null;
        } catch {
          // not JSON: keep the text
        }
        return { status: res.statusCode, body: body as never, headers: res.headers };
      },
      signIn,
      asTraveller: (overrides = {}) => signIn({ ...overrides, roles: ['traveller'] }),
      asProvider: (overrides = {}) => signIn({ ...overrides, roles: ['provider'] }),
      asAdmin: (overrides = {}) => signIn({ ...overrides, roles: ['admin'] }),
      events: async <T extends EventType>(type?: T) => {
        const deadline = Date.now() + 20_000;
        while ((await outboxBacklog(pool)).unsent > 0) {
          if (Date.now() > deadline) throw new Error('outbox rows still unsent after 20 s');
          relay.nudge();
          await sleep(10);
        }
        await bus.settled();
        return bus.events(type);
      },
      settled,
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

const octet = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A client address other than 127.0.0.1, random per call, for `api`'s `remoteAddress` (per-client limits). */
export function uniqueClientAddress(): string {
  return `10.${octet(0, 255)}.${octet(0, 255)}.${octet(1, 254)}`;
}

/** Polls `check` until it returns something truthy (and returns that), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}
