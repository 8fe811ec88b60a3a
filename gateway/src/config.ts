import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().default('gateway'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  JWT_ISSUER: z.string().default('reproute-identity'),
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4001'),
  CATALOG_URL: z.string().url().default('http://127.0.0.1:4002'),
  ENGAGEMENT_URL: z.string().url().default('http://127.0.0.1:4003'),
  REFERRAL_URL: z.string().url().default('http://127.0.0.1:4004'),
  ANALYTICS_URL: z.string().url().default('http://127.0.0.1:4005'),
  NOTIFIER_URL: z.string().url().default('http://127.0.0.1:4006'),
  FRONTEND_DIST: z.string().default(path.resolve(here, '../../frontend/dist')),
  /** Requests per minute per client address across /api. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  /** Redis key prefix of the rate-limit counters (gateways sharing one Redis share limits under one prefix). */
  RATE_LIMIT_NAMESPACE: z.string().default('ratelimit:gateway:'),
  /** Set when a load balancer in front of the gateway sets X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
});
export type Config = z.infer<typeof configSchema>;

export function upstreams(config: Config) {
  return {
    identity: config.IDENTITY_URL,
    catalog: config.CATALOG_URL,
    engagement: config.ENGAGEMENT_URL,
    referral: config.REFERRAL_URL,
    analytics: config.ANALYTICS_URL,
    notifier: config.NOTIFIER_URL,
  };
}
