import { z } from 'zod';

// How a process is reached (its ops port) and how it reaches Kafka, Redis and Postgres outside loopback
// (credentials and TLS). Every setting is optional: unset, a local run connects to 127.0.0.1 in plain text as
// before. The shapes are spread into the platform's config schemas (config.ts: the process schema every process
// extends, the gateway included, and the services' part); the clients' options are made from them in
// connections.ts. Each key's `.describe()` is its entry in docs/configuration.md (infra/scripts/config-doc.ts).
// This module imports nothing of the platform (config.ts imports it).

/** An unset variable or an empty one (docker-compose's `${X:-}`) is not set. */
const unset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const port = z.coerce.number().int().min(1).max(65535);
const file = z.string().min(1);

/** The ops port's distance from the process's PORT when OPS_PORT is not set (every instance keeps its own pair). */
export const opsPortOffset = 50;

/** The process's operational endpoints (/health/live, /health/ready, /metrics: ops.ts), on a port of their own. */
export const opsSettingsShape = {
  OPS_PORT: unset(port).describe(
    'Where /health/live, /health/ready and /metrics are served, on the same HOST (the main port keeps only /health/live); never published to the internet (docs/security.md). Unset: PORT + 50 (gateway 8130, identity 4051, catalog-2 4152).',
  ),
};

export const kafkaSaslMechanisms = ['scram-sha-256', 'scram-sha-512', 'plain'] as const;
export type KafkaSaslMechanism = (typeof kafkaSaslMechanisms)[number];

export const kafkaSettingsShape = {
  KAFKA_SASL_MECHANISM: unset(z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(kafkaSaslMechanisms))).describe(
    'SASL authentication to the brokers: scram-sha-256 or scram-sha-512 (plain only with KAFKA_TLS=true: PLAIN sends the password as it is). Needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD (checked at start). Unset: no authentication.',
  ),
  KAFKA_SASL_USERNAME: unset(z.string().min(1)).describe('The SASL user (with KAFKA_SASL_MECHANISM).'),
  KAFKA_SASL_PASSWORD: unset(z.string().min(1)).describe('The SASL password (with KAFKA_SASL_MECHANISM). Never logged (logger.ts redacts it).'),
  KAFKA_TLS: unset(z.stringbool()).describe('`true`: TLS to the brokers, verifying their certificates (the system CAs, or KAFKA_TLS_CA_FILE). Unset: plain text (loopback).'),
  KAFKA_TLS_CA_FILE: unset(file).describe('PEM file of the CA the brokers\' certificates chain to; needs KAFKA_TLS=true. Unset: the system CAs.'),
};

export const redisSettingsShape = {
  REDIS_PASSWORD: unset(z.string().min(1)).describe('Redis AUTH password; it wins over a password in REDIS_URL. Never logged. Unset: none (or the URL\'s).'),
  REDIS_TLS_CA_FILE: unset(file).describe('PEM file of the CA that signed the Redis server\'s certificate; needs a rediss:// REDIS_URL. Unset: the system CAs.'),
};

/** libpq's modes that node-postgres can honour (it cannot fall back to plain text, so not `allow` or `prefer`). */
export const pgSslModes = ['disable', 'require', 'verify-ca', 'verify-full', 'no-verify'] as const;
export type PgSslMode = (typeof pgSslModes)[number];

export const postgresSettingsShape = {
  PGSSLMODE: unset(z.enum(pgSslModes)).describe(
    'TLS to Postgres, in libpq\'s meaning (a `sslmode` in DATABASE_URL wins): disable, require (encrypted, unverified unless a CA is given), verify-ca, verify-full, no-verify; `allow` and `prefer` are refused (node-postgres cannot fall back to plain text). Use verify-full beyond a trusted network. Unset: plain text.',
  ),
  PGSSLROOTCERT: unset(file).describe('PEM file of the CA the Postgres server\'s certificate must chain to (libpq\'s name; `sslrootcert` in DATABASE_URL wins). Unset: the system CAs.'),
};


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

/** Kafka's addresses (every process reads them too: config.ts). */
export const kafkaBrokersSetting = z
  .string()
  .min(1)
  .default('127.0.0.1:9092')
  .describe('Comma-separated Kafka brokers (host:port): services publish and consume their events there, the gateway hears the catalog\'s hotel events (page heads, the sitemap).');

/** Kafka's address and security, for the tools that talk only to Kafka (infra/scripts/create-topics.ts, replay-dlq.ts). */
export const kafkaConfigSchema = z.object({ KAFKA_BROKERS: kafkaBrokersSetting, ...kafkaSettingsShape }).superRefine(checkConnectionSettings);

/** A whole number of at least 1, else (unset, or not such a number) `fallback`: a bad value is not an error here. */
const positiveOr = (fallback: number) =>
  z.preprocess((value) => {
    const configured = Number(value ?? fallback);
    return Number.isInteger(configured) && configured >= 1 ? configured : fallback;
  }, z.number().int().min(1).default(fallback));

/** What infra/scripts/create-topics.ts (make up, the chart's migration Job) creates every topic with. */
export const topicsConfigSchema = kafkaConfigSchema.extend({
  KAFKA_PARTITIONS: positiveOr(6).describe(
    'Partitions per topic, as create-topics.ts (make up, the chart\'s migration Job) makes them: the most consumers of one group that share its work. Topics with fewer are raised to it (Kafka cannot remove partitions); adding them moves where new messages of a key land, so raise it while traffic is quiet. Not a whole number of at least 1: the default.',
  ),
  KAFKA_REPLICATION_FACTOR: positiveOr(1).describe('Replicas of each new topic\'s partitions (1 locally; a cluster of three brokers takes 3). Not a whole number of at least 1: the default.'),
});

/** Postgres TLS alone, for the tools that build their own database URLs (infra/scripts/migrate.ts). */
export const postgresTlsConfigSchema = z.object(postgresSettingsShape);
