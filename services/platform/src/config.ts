import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDeliveryRetention } from './delivery-retention.ts';
import { checkConnectionSettings, connectionSettingsShape } from './deployment-settings.ts';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';

export { ConfigError } from './config-error.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const port = z.coerce.number().int().min(1).max(65535);

/** A whole number of at least 1 from the environment, else `fallback` (unset or not such a number). */
export function positiveEnv(name: string, fallback: number): number {
  const configured = Number(process.env[name] ?? fallback);
  return Number.isInteger(configured) && configured >= 1 ? configured : fallback;
}

/** Variables every service reads; a service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1),
  /** This process among the instances of its service (catalog-2, or the pod name): in logs and traces. */
  INSTANCE_ID: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: port,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url(),
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9092'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  IDENTITY_JWKS_URL: z.string().url().default('http://127.0.0.1:4001/.well-known/jwks.json'),
  JWT_ISSUER: z.string().default('reproute-identity'),
  PUBLIC_APP_URL: z.string().url().default('http://127.0.0.1:8080'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /**
   * The key with which the gateway vouches for the client address it forwards (32 bytes, base64; the gateway
   * and every service share it). Without it the key file is used, created by the first process to start.
   */
  CLIENT_ADDRESS_KEY: z.string().optional(),
  CLIENT_ADDRESS_KEY_FILE: z.string().min(1).default(path.join(repoRoot, '.data/keys/client-address.key')),
  /** How long a sent outbox row is kept (delivery-retention.ts). */
  OUTBOX_SENT_RETENTION_HOURS: z.coerce.number().int().min(1).default(defaultDeliveryRetention.sentOutboxHours),
  /** How long a processed event's record is kept: longer than Kafka keeps the event (7 days). */
  PROCESSED_EVENTS_RETENTION_HOURS: z.coerce.number().int().min(1).default(defaultDeliveryRetention.processedEventHours),
  /** OPS_PORT; Kafka SASL and TLS; Redis password and TLS; Postgres sslmode (deployment-settings.ts). Unset: loopback as before. */
  ...connectionSettingsShape,
}).superRefine(checkConnectionSettings);
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Where the client-address key comes from (the gateway's configuration extends this too). */
export const clientAddressKeyOf = (config: { CLIENT_ADDRESS_KEY?: string; CLIENT_ADDRESS_KEY_FILE: string }) => ({
  value: config.CLIENT_ADDRESS_KEY,
  file: config.CLIENT_ADDRESS_KEY_FILE,
  variable: 'CLIENT_ADDRESS_KEY',
});

/**
 * Reads and validates configuration from the environment, failing fast with a message that
 * names every missing or invalid variable (and never echoes their values).
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const variables = [...new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '?')))];
  const detail = result.error.issues
    .map((issue) => `${String(issue.path[0] ?? '?')}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message}`)
    .join('; ');
  throw new ConfigError(variables, detail);
}
