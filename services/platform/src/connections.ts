import fs from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { SASLOptions } from 'kafkajs';
import type { RedisOptions } from 'ioredis';
import { ConfigError } from './config-error.ts';
import { connectionSettingsIssues, pgSslModes, type KafkaSettings, type PgSslMode, type PostgresTls, type RedisSettings } from './deployment-settings.ts';

// The client options of Kafka (kafkajs), Redis (ioredis, BullMQ) and Postgres (node-postgres, node-pg-migrate)
// made from the connection settings (deployment-settings.ts). Pure but for reading the CA files named, which
// happens once, when a client is made; tests pass their own reader.

/** Reads a PEM file named by a setting; a missing or unreadable one is a configuration error naming it. */
export type FileReader = (file: string) => string;

const readFile: FileReader = (file) => fs.readFileSync(file, 'utf8');

function readSetting(read: FileReader, variable: string, file: string): string {
  try {
    return read(file);
  } catch (err) {
    throw new ConfigError([variable], `${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function refuse(issues: { variable: string; message: string }[]): void {
  if (issues.length > 0) throw new ConfigError(issues.map((i) => i.variable), issues.map((i) => `${i.variable}: ${i.message}`).join('; '));
}

/** kafkajs's `ssl` and `sasl` (none of either when unset: plain text, as on loopback). */
export function kafkaClientSecurity(settings: KafkaSettings = {}, read: FileReader = readFile): { ssl?: ConnectionOptions; sasl?: SASLOptions } {
  refuse(connectionSettingsIssues(settings));
  const security: { ssl?: ConnectionOptions; sasl?: SASLOptions } = {};
  if (settings.KAFKA_TLS) {
    security.ssl = { rejectUnauthorized: true, ...(settings.KAFKA_TLS_CA_FILE ? { ca: [readSetting(read, 'KAFKA_TLS_CA_FILE', settings.KAFKA_TLS_CA_FILE)] } : {}) };
  }
  if (settings.KAFKA_SASL_MECHANISM) {
    security.sasl = { mechanism: settings.KAFKA_SASL_MECHANISM, username: settings.KAFKA_SASL_USERNAME!, password: settings.KAFKA_SASL_PASSWORD! } as SASLOptions;
  }
  return security;
}

/**
 * ioredis's connection options for REDIS_URL: host, port, database, user and password (REDIS_PASSWORD wins
 * over one in the URL), and TLS for a `rediss://` URL, verifying the server (system CAs, or REDIS_TLS_CA_FILE).
 * Spread the client's own options (retries, names) after these.
 */
export function redisClientOptions(settings: RedisSettings, read: FileReader = readFile): RedisOptions {
  refuse(connectionSettingsIssues(settings));
  let url: URL;
  try {
    url = new URL(settings.REDIS_URL);
  } catch {
    throw new ConfigError(['REDIS_URL'], 'REDIS_URL: is not a URL');
  }
  const tls = url.protocol === 'rediss:';
  const database = url.pathname.replace(/^\//, '');
  if (database !== '' && !/^\d+$/.test(database)) throw new ConfigError(['REDIS_URL'], 'REDIS_URL: the path must be a database number');
  const password = settings.REDIS_PASSWORD ?? (url.password ? decodeURIComponent(url.password) : undefined);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    ...(database ? { db: Number(database) } : {}),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(password ? { password } : {}),
    ...(tls ? { tls: { rejectUnauthorized: true, ...(settings.REDIS_TLS_CA_FILE ? { ca: [readSetting(read, 'REDIS_TLS_CA_FILE', settings.REDIS_TLS_CA_FILE)] } : {}) } } : {}),
  };
}

/** The TLS parameters a Postgres URL may carry, read here; node-postgres must not see them (it would override `ssl`). */
const urlTlsParameters = ['sslmode', 'sslrootcert'];
const unsupportedUrlTlsParameters = ['ssl', 'sslcert', 'sslkey', 'sslpassword', 'uselibpqcompat'];

/**
 * node-postgres's `connectionString` and `ssl` for a database URL, with libpq's meaning of sslmode (the URL's
 * `sslmode`/`sslrootcert`, else PGSSLMODE/PGSSLROOTCERT): `disable` or unset, plain text; `require`, encrypted
 * without verifying the server unless a CA is given (then as `verify-ca`); `verify-ca`, the certificate must
 * chain to the CA (system CAs without one); `verify-full`, that and the host name; `no-verify`, node-postgres's
 * encrypted-and-unverified.
 */
export function postgresConnection(databaseUrl: string, settings: PostgresTls = {}, read: FileReader = readFile): { connectionString: string; ssl: false | ConnectionOptions } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new ConfigError(['DATABASE_URL'], 'DATABASE_URL: is not a URL');
  }
  const unsupported = unsupportedUrlTlsParameters.filter((name) => url.searchParams.has(name));
  if (unsupported.length > 0) {
    throw new ConfigError(['DATABASE_URL'], `DATABASE_URL: ${unsupported.join(', ')} is not supported; use sslmode and sslrootcert (or PGSSLMODE, PGSSLROOTCERT)`);
  }
  const fromUrl = url.searchParams.get('sslmode') ?? undefined;
  if (fromUrl !== undefined && !(pgSslModes as readonly string[]).includes(fromUrl)) {
    throw new ConfigError(['DATABASE_URL'], `DATABASE_URL: sslmode must be one of ${pgSslModes.join(', ')}`);
  }
  const mode = (fromUrl as PgSslMode | undefined) ?? settings.PGSSLMODE ?? 'disable';
  const caVariable = url.searchParams.has('sslrootcert') ? 'DATABASE_URL' : 'PGSSLROOTCERT';
  const caFile = url.searchParams.get('sslrootcert') ?? settings.PGSSLROOTCERT;
  const carriesTls = urlTlsParameters.some((name) => url.searchParams.has(name));
  for (const name of urlTlsParameters) url.searchParams.delete(name);
  const connectionString = carriesTls ? url.toString() : databaseUrl;
  if (mode === 'disable') return { connectionString, ssl: false };
  if (mode === 'no-verify') return { connectionString, ssl: { rejectUnauthorized: false } };
  const ca = caFile ? { ca: [readSetting(read, caVariable, caFile)] } : {};
  if (mode === 'require' && !caFile) return { connectionString, ssl: { rejectUnauthorized: false } };
  // verify-ca (and require with a CA): the chain is checked, the host name is not.
  if (mode === 'require' || mode === 'verify-ca') return { connectionString, ssl: { rejectUnauthorized: true, ...ca, checkServerIdentity: () => undefined } };
  return { connectionString, ssl: { rejectUnauthorized: true, ...ca } };
}
