import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { gatewayProcess, servicePort } from '@reproute/contracts/services';
import { defaultDeliveryRetention } from './delivery-retention.ts';
import { checkConnectionSettings, kafkaBrokersSetting, kafkaSettingsShape, opsSettingsShape, postgresSettingsShape, redisSettingsShape } from './deployment-settings.ts';
import { ConfigError } from './config-error.ts';

export { ConfigError } from './config-error.ts';

// The configuration of every process, in one place: the process schema (what every process reads, the gateway
// included), the services' part (their database and what they keep), and the schemas the platform loads on its own
// (the telemetry preload's; the HTTP app's fallbacks). Each process's schema extends these (services/*/src/config.ts,
// gateway/src/config.ts). Each key carries its description with zod's `.describe()`: docs/configuration.md is
// generated from them (infra/scripts/config-doc.ts; a unit test fails when the page is stale). This is the one
// module of the server code that reads process.env (infra/test/process-env.test.ts).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const port = z.coerce.number().int().min(1).max(65535);
/** An unset variable or an empty one (docker-compose's `${X:-}`) is not set. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Who the process is and how it logs: also read by the telemetry preload, before the application. */
const identityShape = {
  SERVICE_NAME: z
    .string()
    .min(1)
    .describe(
      'The process\'s name (identity, catalog, ..., gateway): in log lines, as its Kafka client id and consumer groups, and `service.name` on spans. Set by infra/scripts/services.sh, docker-compose and the chart; the instances of one service share it.',
    ),
  INSTANCE_ID: z
    .string()
    .optional()
    .describe('This process among the instances of its service: in log lines (beside the service) and as `service.instance.id` on spans. Set by services.sh (`catalog-2`) or the chart (the pod name). Unset: not shown.'),
};

/**
 * Tracing, read by the telemetry preload (telemetry/register.ts, loaded with `node --import` before the
 * application) and validated again with the rest of the process schema.
 */
const tracingShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe('Base address of an OTLP/HTTP collector (spans go to its /v1/traces). Unset: spans are made (trace ids in logs) but not exported.'),
  TRACE_SAMPLE_RATIO: z
    .preprocess(unsetWhenEmpty, z.coerce.number().min(0).max(1).default(1))
    .describe(
      'Share of new traces kept, from 0 to 1: `1` locally (every trace), `0.01` for load tests, `0.1` in docker-compose and production. Parent-based: the first hop (the gateway, or a relay publishing a stored event) decides and later hops follow its decision, carried in `traceparent` through HTTP, Kafka and BullMQ, so a sampled action is one whole trace.',
    ),
};

/** The telemetry preload's settings: it runs before the application and its configuration (telemetry/register.ts). */
export const telemetryConfigSchema = z.object({
  ...tracingShape,
  INSTANCE_ID: identityShape.INSTANCE_ID,
  // The preload names the process `reproute` when SERVICE_NAME is unset; the process's own schema then refuses to start.
  SERVICE_NAME: z.string().optional(),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;

/**
 * Load shedding: past these limits a request is answered 503 with Retry-After at once, instead of
 * queueing behind the overload until the client times out (load-shedding.ts, http.ts).
 */
export const sheddingConfigSchema = z.object({
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(250).describe('Past this mean event-loop delay (ms) a request gets a fast 503 with Retry-After.'),
  SHED_MAX_EVENT_LOOP_UTILIZATION: z
    .coerce.number()
    .min(0)
    .max(1)
    .default(0)
    .describe('Past this event-loop utilization (0 to 1) a request gets a fast 503. 0: off, since utilization alone also rises on a machine whose cores other processes take.'),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(2).describe('The Retry-After (seconds) of a shed request\'s 503.'),
  SHED_WARMUP_MS: z
    .coerce.number()
    .int()
    .min(0)
    .default(5_000)
    .describe('Nothing is shed for this long after start (ms): loading and compiling code right after start blocks the loop briefly, and that is not overload.'),
  SHED_MAX_IN_FLIGHT: z
    .coerce.number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'Requests answered at once; past it the next request gets a fast 503 (0: no limit). Overload that waits on something other than this process\'s event loop (a database pool, the services behind the gateway) queues without delaying the loop. Measured on the 2-core machine (infra/scripts/k6-capacity.sh): at twice the capacity, served p95 was about 1,060 ms with no limit, 740-1,060 ms with 64 and 480-690 ms with 32; but within capacity 32 shed 1.6% of requests (bursts), so it is off unless set.',
    ),
  SHED_LATENCY_TARGET_MS: z
    .coerce.number()
    .min(0)
    .default(0)
    .describe(
      'The median latency (ms) the process keeps its answers under when overloaded: past it, sustained for SHED_LATENCY_SUSTAIN_MS, fewer requests are let in at once (starting from SHED_MAX_IN_FLIGHT, 1,000 when that is 0, never under SHED_MIN_IN_FLIGHT) and the rest get a fast 503. 0: off (the chart sets the gateway\'s: 15).',
    ),
  SHED_LATENCY_SUSTAIN_MS: z
    .coerce.number()
    .int()
    .min(0)
    .default(1_000)
    .describe('How long (ms) the median must stay over SHED_LATENCY_TARGET_MS before the limit is cut, and again after any window under it: a burst or a pause shorter than this (a collection, a checkpoint) sheds nothing.'),
  SHED_EVENT_LOOP_DELAY_TARGET_MS: z
    .coerce.number()
    .min(0)
    .default(0)
    .describe(
      'The event-loop delay (ms) the process holds itself at when its CPU runs short: past it a share of requests, growing while the delay stays over and shrinking once it is under (load-shedding.ts, DelayShedding), gets a fast 503. 0: off (the chart sets the gateway\'s: 5).',
    ),
  SHED_MIN_IN_FLIGHT: z.coerce.number().int().min(1).default(8).describe('The fewest requests at once the latency target lets in (the chart sets the gateway\'s: 4).'),
});
export type SheddingConfig = z.infer<typeof sheddingConfigSchema>;

/**
 * How long a client may take to send a request: its headers, and the whole request with its body. Past
 * either the request is answered 408 and its connection closed, so a body trickled a byte at a time holds
 * nothing for long. Checked every second. Every process (the gateway and each service) applies them.
 */
export const requestTimeoutConfigSchema = z.object({
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(10_000).describe('How long (ms) a client may take to send a request\'s headers; past it, 408 and the connection closed (checked every second).'),
  REQUEST_TIMEOUT_MS: z
    .coerce.number()
    .int()
    .min(1_000)
    .default(30_000)
    .describe('How long (ms) a client may take to send a whole request, body included; past it, 408 and the connection closed (a photo of 10 MB then needs about 3 Mbit/s upstream).'),
});
export type RequestTimeoutConfig = z.infer<typeof requestTimeoutConfigSchema>;

/** Variables every process reads (processConfigSchema). */
const processShape = {
  NODE_ENV: z
    .enum(['development', 'test', 'production'])
    .default('development')
    .describe('`production` in the image (docker-compose, the chart): the seeds then create an account only when its password is given. `test` in route tests.'),
  ...identityShape,
  HOST: z.string().default('127.0.0.1').describe('The address the process listens on, its ops port too: `0.0.0.0` in the image.'),
  PORT: port.describe('The port the process serves requests on: its port in the services table (contracts/src/services.ts), + 100 for each further instance on one machine (services.sh).'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino\'s level: fatal, error, warn, info, debug, trace or silent.'),
  KAFKA_BROKERS: kafkaBrokersSetting,
  REDIS_URL: z
    .url()
    .default('redis://127.0.0.1:6379')
    .describe(
      'Redis, for the revocation list every process keeps, the gateway\'s shared rate limits, identity\'s sign-in throttling and the notifier\'s BullMQ queue. A `rediss://` URL turns TLS on (the server verified against the system CAs or REDIS_TLS_CA_FILE).',
    ),
  JWT_ISSUER: z.string().default('reproute-identity').describe('The `iss` identity signs access tokens with and every process checks.'),
  PUBLIC_APP_URL: z
    .url()
    .default(`http://127.0.0.1:${gatewayProcess.port}`)
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('The site\'s public address (a trailing slash dropped): links in emails (notifier), canonical links, share previews, the sitemap and robots.txt (gateway).'),
  ...tracingShape,
  CLIENT_ADDRESS_KEY: z
    .string()
    .optional()
    .describe('The key with which the gateway vouches for the client address it forwards (32 bytes, base64; the gateway and every service share it: client-address.ts). Unset: CLIENT_ADDRESS_KEY_FILE.'),
  CLIENT_ADDRESS_KEY_FILE: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data/keys/client-address.key'))
    .describe('Where the client-address key is kept without CLIENT_ADDRESS_KEY: created by the first process to start (mode 0600, never committed).'),
  ...opsSettingsShape,
  ...kafkaSettingsShape,
  ...redisSettingsShape,
  ...sheddingConfigSchema.shape,
  ...requestTimeoutConfigSchema.shape,
};

/** Variables every process reads: the services and the notifier extend this with their own (serviceConfigSchema). */
export const processConfigSchema = z.object(processShape).superRefine(checkConnectionSettings);
export type ProcessConfig = z.infer<typeof processConfigSchema>;

/**
 * The process schema with defaults for the process's name and port: for a process of its own kind on a port of its
 * own (the gateway extends this). The checks across settings are the same.
 */
export function processConfigSchemaWith(defaults: { SERVICE_NAME: string; PORT: number }) {
  return z
    .object({ ...processShape, SERVICE_NAME: processShape.SERVICE_NAME.default(defaults.SERVICE_NAME), PORT: processShape.PORT.default(defaults.PORT) })
    .superRefine(checkConnectionSettings);
}

/** What every service (the notifier included) adds to the process schema: its database, what it keeps, identity's keys. */
export const serviceConfigSchema = processConfigSchema.extend({
  DATABASE_URL: z.url().describe('The service\'s own Postgres role and database: `postgres://<service>@127.0.0.1:5432/reproute` locally (the role owns its schema only; its password, when any, in PGPASSWORD).'),
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).describe('The service\'s schema (its name): its tables, migrations, outbox and processed events.'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10).describe('Connections in the service\'s Postgres pool.'),
  IDENTITY_JWKS_URL: z
    .url()
    .default(`http://127.0.0.1:${servicePort('identity')}/.well-known/jwks.json`)
    .describe('Identity\'s public signing keys, against which a service verifies access tokens.'),
  OUTBOX_SENT_RETENTION_HOURS: z
    .coerce.number()
    .int()
    .min(1)
    .default(defaultDeliveryRetention.sentOutboxHours)
    .describe('How long a sent outbox row is kept (hours): deleted every 10 minutes, 5,000 rows a statement; an unsent row never (delivery-retention.ts).'),
  PROCESSED_EVENTS_RETENTION_HOURS: z
    .coerce.number()
    .int()
    .min(1)
    .default(defaultDeliveryRetention.processedEventHours)
    .describe('How long a processed event\'s record, the consumers\' duplicate check, is kept (hours): 8 days, a day longer than Kafka keeps the event (168 h).'),
  ...postgresSettingsShape,
});
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

/** Where the client-address key comes from (every process, the gateway too). */
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
    // zod leaves the input out of its issues: a variable is missing when the environment has none.
    .map((issue) => `${String(issue.path[0] ?? '?')}: ${issue.code === 'invalid_type' && env[String(issue.path[0])] === undefined ? 'is required' : issue.message}`)
    .join('; ');
  throw new ConfigError(variables, detail);
}

/** The exit code of a process whose configuration cannot run (sysexits' EX_CONFIG). */
export const configErrorExitCode = 78;

/**
 * A process's configuration at its start: `loadConfig`, or, when it cannot run, the message on stderr and exit
 * 78 (every process: startProcess in boot.ts, and the telemetry preload before it).
 */
export function configOrExit<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return loadConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(configErrorExitCode);
    }
    throw err;
  }
}

/** The load-shedding limits from the environment: createHttpApp's when it is given none. */
export const sheddingFromEnvironment = (): SheddingConfig => loadConfig(sheddingConfigSchema);
/** The request timeouts from the environment: createHttpApp's when it is given none. */
export const requestTimeoutsFromEnvironment = (): RequestTimeoutConfig => loadConfig(requestTimeoutConfigSchema);
