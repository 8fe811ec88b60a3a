import { z } from 'zod';

// How a process is reached (its ops port) and how it reaches Kafka, Redis and Postgres outside loopback
// (credentials and TLS). Every setting is optional: unset, a local run connects to 127.0.0.1 in plain text as
// before. The shapes are spread into the platform's config schema (config.ts) and the gateway's; the clients'
// options are made from them in connections.ts. This module imports nothing of the platform (config.ts imports it).

/** An unset variable or an empty one (docker-compose's `${X:-}`) is not set. */
const unset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const port = z.coerce.number().int().min(1).max(65535);
const file = z.string().min(1);

/** The ops port's distance from the process's PORT when OPS_PORT is not set (every instance keeps its own pair). */
export const opsPortOffset = 50;

/** The process's operational endpoints (/health/live, /health/ready, /metrics: ops.ts), on a port of their own. */
export const opsSettingsShape = {
  /** Default: PORT + 50. Bound to the same HOST as PORT; never published to the internet (docs/security.md). */
  OPS_PORT: unset(port),
};

export const kafkaSaslMechanisms = ['scram-sha-256', 'scram-sha-512', 'plain'] as const;
export type KafkaSaslMechanism = (typeof kafkaSaslMechanisms)[number];

export const kafkaSettingsShape = {
  /** SASL: scram-sha-256 or scram-sha-512 (plain only with KAFKA_TLS=true); unset: no authentication. */
  KAFKA_SASL_MECHANISM: unset(z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(kafkaSaslMechanisms))),
  KAFKA_SASL_USERNAME: unset(z.string().min(1)),
  /** Never logged (logger.ts redacts it). */
  KAFKA_SASL_PASSWORD: unset(z.string().min(1)),
  /** TLS to the brokers, verifying their certificates (system CAs, or KAFKA_TLS_CA_FILE). */
  KAFKA_TLS: unset(z.stringbool()),
  KAFKA_TLS_CA_FILE: unset(file),
};

export const redisSettingsShape = {
  /** Redis AUTH password, used instead of one in REDIS_URL; a `rediss://` URL turns TLS on. Never logged. */
  REDIS_PASSWORD: unset(z.string().min(1)),
  /** PEM file of the CA that signed the Redis server's certificate (with a rediss:// URL); unset: system CAs. */
  REDIS_TLS_CA_FILE: unset(file),
};

/** libpq's modes that node-postgres can honour (it cannot fall back to plain text, so not `allow` or `prefer`). */
export const pgSslModes = ['disable', 'require', 'verify-ca', 'verify-full', 'no-verify'] as const;
export type PgSslMode = (typeof pgSslModes)[number];

export const postgresSettingsShape = {
  /** As libpq (a `sslmode` in DATABASE_URL wins): disable, require (encrypted, unverified unless a CA is given), verify-ca, verify-full. */
  PGSSLMODE: unset(z.enum(pgSslModes)),
  /** PEM file of the CA the server's certificate must chain to (libpq's name; `sslrootcert` in the URL wins). */
  PGSSLROOTCERT: unset(file),
};

/** Every connection setting a service reads (the gateway reads the Kafka and Redis ones, and the ops port). */
export const connectionSettingsShape = { ...opsSettingsShape, ...kafkaSettingsShape, ...redisSettingsShape, ...postgresSettingsShape };

export interface KafkaSettings {
  KAFKA_SASL_MECHANISM?: KafkaSaslMechanism;
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
  KAFKA_TLS?: boolean;
  KAFKA_TLS_CA_FILE?: string;
}
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_PASSWORD?: string;
  REDIS_TLS_CA_FILE?: string;
}
export interface PostgresTls {
  PGSSLMODE?: PgSslMode;
  PGSSLROOTCERT?: string;
}

type Issue = { variable: string; message: string };

/** What is wrong with a combination of these settings (each one valid alone); empty when nothing is. */
export function connectionSettingsIssues(settings: Partial<KafkaSettings & RedisSettings & { PORT: number; OPS_PORT?: number }>): Issue[] {
  const issues: Issue[] = [];
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = settings;
  if (mechanism) {
    if (!username) issues.push({ variable: 'KAFKA_SASL_USERNAME', message: `is required with KAFKA_SASL_MECHANISM=${mechanism}` });
    if (!password) issues.push({ variable: 'KAFKA_SASL_PASSWORD', message: `is required with KAFKA_SASL_MECHANISM=${mechanism}` });
    if (mechanism === 'plain' && settings.KAFKA_TLS !== true) issues.push({ variable: 'KAFKA_TLS', message: 'must be true with KAFKA_SASL_MECHANISM=plain (PLAIN sends the password as it is)' });
  } else if (username || password) {
    issues.push({ variable: 'KAFKA_SASL_MECHANISM', message: 'is required with KAFKA_SASL_USERNAME or KAFKA_SASL_PASSWORD (scram-sha-256, scram-sha-512)' });
  }
  if (settings.KAFKA_TLS_CA_FILE && settings.KAFKA_TLS !== true) issues.push({ variable: 'KAFKA_TLS', message: 'must be true with KAFKA_TLS_CA_FILE' });
  if (settings.REDIS_URL !== undefined) {
    const scheme = /^([a-z]+):\/\//i.exec(settings.REDIS_URL)?.[1]?.toLowerCase();
    if (scheme !== 'redis' && scheme !== 'rediss') issues.push({ variable: 'REDIS_URL', message: 'must be a redis:// or rediss:// (TLS) URL' });
    else if (settings.REDIS_TLS_CA_FILE && scheme !== 'rediss') issues.push({ variable: 'REDIS_TLS_CA_FILE', message: 'needs a rediss:// REDIS_URL (TLS)' });
  }
  if (settings.OPS_PORT !== undefined && settings.OPS_PORT === settings.PORT) issues.push({ variable: 'OPS_PORT', message: 'must differ from PORT' });
  if (settings.OPS_PORT === undefined && settings.PORT !== undefined && settings.PORT + opsPortOffset > 65535) {
    issues.push({ variable: 'OPS_PORT', message: `is required when PORT + ${opsPortOffset} is past 65535` });
  }
  return issues;
}

/** A zod refinement reporting `connectionSettingsIssues` on the variables concerned. */
export function checkConnectionSettings(settings: object, ctx: z.RefinementCtx): void {
  for (const issue of connectionSettingsIssues(settings as Parameters<typeof connectionSettingsIssues>[0])) ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
}

/** The port of a process's operational endpoints. */
export function opsPortOf(config: { PORT: number; OPS_PORT?: number }): number {
  return config.OPS_PORT ?? config.PORT + opsPortOffset;
}

/** Kafka's address and security, for the tools that talk only to Kafka (infra/scripts/create-topics.ts, replay-dlq.ts). */
export const kafkaConfigSchema = z
  .object({ KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9092'), ...kafkaSettingsShape })
  .superRefine(checkConnectionSettings);

/** Postgres TLS alone, for the tools that build their own database URLs (infra/scripts/migrate.ts). */
export const postgresTlsConfigSchema = z.object(postgresSettingsShape);
