import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseConfigSchema, checkConnectionSettings, kafkaSettingsShape, opsPortOffset, opsSettingsShape, redisSettingsShape } from '@reproute/platform';
import { backEndNames, gatewayProcess, services, type BackEndName } from '@reproute/contracts';
import { instanceUrls } from './instances.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A service's address, or the comma-separated addresses of its instances (the gateway balances over them). */
const instances = (fallback: string) => z.string().transform(instanceUrls).pipe(z.array(z.url()).min(1)).prefault(fallback);

/** The variable naming a back-end process's addresses: IDENTITY_URL ... NOTIFIER_URL. */
type UpstreamVariable = `${Uppercase<BackEndName>}_URL`;
export const upstreamVariable = (name: BackEndName): UpstreamVariable => `${name.toUpperCase() as Uppercase<BackEndName>}_URL`;

/** Every back-end process's addresses (contracts' services table), by default its first instance on this machine. */
const upstreamShape = Object.fromEntries(services.map((service) => [upstreamVariable(service.name), instances(`http://127.0.0.1:${service.port}`)])) as Record<UpstreamVariable, ReturnType<typeof instances>>;

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().default('gateway'),
  /** This process among the instances of its service (catalog-2, or the pod name): in logs and traces. */
  INSTANCE_ID: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(gatewayProcess.port),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  JWT_ISSUER: z.string().default('reproute-identity'),
  ...upstreamShape,
  FRONTEND_DIST: z.string().default(path.resolve(here, '../../frontend/dist')),
  /** The front end's server render of pages (built beside the SPA); a missing file: pages go without it. */
  FRONTEND_SERVER_RENDER: z.string().default(path.resolve(here, '../../frontend/dist-server/entry-server.js')),
  /** Requests per minute per client address across /api. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  /** Redis key prefix of the rate-limit counters (gateways sharing one Redis share limits under one prefix). */
  RATE_LIMIT_NAMESPACE: z.string().default('ratelimit:gateway:'),
  /** Set when a load balancer in front of the gateway sets X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Strict-Transport-Security's max-age on answers over HTTPS (seconds; 0: not sent). The chart sets a year. */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** The site's public address: canonical links, share previews, the sitemap and robots.txt name it. */
  PUBLIC_APP_URL: z.url().default(`http://127.0.0.1:${gatewayProcess.port}`).transform((url) => url.replace(/\/+$/, '')),
  /** How long a hotel page's catalog answer is kept for its head (ms); a hotel event ends it sooner. */
  PAGE_HOTEL_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long the sitemap's list of hotels is kept (ms): hotel events keep it current, this bounds it while Kafka is away. */
  PAGE_SITEMAP_TTL_MS: z.coerce.number().int().min(0).default(600_000),
  /**
   * How long a public read (search, a hotel, cities, reviews) answered to a visitor is kept in memory and
   * given to the next visitors (ms; 0 turns it off). At most the answer's own max-age; writes through the
   * gateway and hotel and review events end it sooner.
   */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2_000),
  /** How many public reads are kept at most (the oldest go first). */
  PUBLIC_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5_000),
  /** Kafka, where the gateway hears the catalog's hotel events (page heads and the sitemap follow them). */
  KAFKA_BROKERS: z.string().default('127.0.0.1:9092'),
  /** The key the gateway signs the client address it forwards with (platform client-address.ts; shared with every service). */
  CLIENT_ADDRESS_KEY: baseConfigSchema.shape.CLIENT_ADDRESS_KEY,
  CLIENT_ADDRESS_KEY_FILE: baseConfigSchema.shape.CLIENT_ADDRESS_KEY_FILE,
  /**
   * Where a service instance serves its readiness (the gateway's /api/health and its instance checks ask
   * there): the instance's address with its port plus this, as the services' OPS_PORT default.
   */
  UPSTREAM_OPS_PORT_OFFSET: z.coerce.number().int().min(-65535).max(65535).default(opsPortOffset),
  /** OPS_PORT (this gateway's /health/ready and /metrics), Kafka SASL and TLS, Redis password and TLS (platform deployment-settings.ts). */
  ...opsSettingsShape,
  ...kafkaSettingsShape,
  ...redisSettingsShape,
}).superRefine(checkConnectionSettings);
export type Config = z.infer<typeof configSchema>;

/** Every instance address of each back-end process, by process. */
export function upstreams(config: Config): Record<BackEndName, string[]> {
  return Object.fromEntries(backEndNames.map((name) => [name, config[upstreamVariable(name)]])) as Record<BackEndName, string[]>;
}
