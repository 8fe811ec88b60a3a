import { ConfigError, serviceConfigSchema } from '@reproute/platform';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

// Delivery (docs/decisions.md, "Webhooks"): each endpoint has its queue; a message is tried at once, then after
// WEBHOOK_RETRY_BASE_MS, doubling up to WEBHOOK_RETRY_MAX_MS between tries, until WEBHOOK_GIVE_UP_AFTER_SECONDS; an
// endpoint whose every try failed for WEBHOOK_DISABLE_AFTER_SECONDS is turned off and its owner emailed.
export const configSchema = serviceConfigSchema.extend({
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag.describe(
    'Let webhook URLs resolve to loopback, private and link-local addresses (local runs and tests with a receiver on this machine). Refused with NODE_ENV=production, where such addresses are never reached.',
  ),
  WEBHOOK_ALLOW_HTTP: flag.describe('Accept http:// webhook URLs besides https:// (local runs and tests). Refused with NODE_ENV=production.'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000).describe('How long one delivery waits for the receiver\'s answer (connect to last byte) before it counts as failed.'),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000).describe('The wait after a message\'s first failed try; it doubles with each further failure.'),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000).describe('The longest wait between two tries of a message (an hour).'),
  WEBHOOK_GIVE_UP_AFTER_SECONDS: z.coerce.number().int().min(1).default(93_600).describe('How long a message is tried before it is marked failed (26 hours: at least a day of retries).'),
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce.number().int().min(1).default(86_400).describe('An endpoint whose every try failed for this long is turned off and its owner emailed (a day).'),
  WEBHOOK_SECRET_OVERLAP_SECONDS: z.coerce.number().int().min(0).default(86_400).describe('After a secret rotation, how long the previous secret signs beside the new one (a day).'),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10).describe('Endpoints one instance delivers to at once (each endpoint one message at a time, oldest due first).'),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000).describe('How often the dispatcher looks for messages whose time has come (a test event or a "send again" wakes it at once).'),
});
export type Config = z.infer<typeof configSchema>;

/** Production never reaches private addresses nor plain http: either flag there is a configuration error. */
export function checkDeliverySafety(config: Pick<Config, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES' | 'WEBHOOK_ALLOW_HTTP'>): void {
  if (config.NODE_ENV !== 'production') return;
  const wrong = [
    ...(config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ? ['WEBHOOK_ALLOW_PRIVATE_ADDRESSES'] : []),
    ...(config.WEBHOOK_ALLOW_HTTP ? ['WEBHOOK_ALLOW_HTTP'] : []),
  ];
  if (wrong.length > 0) throw new ConfigError(wrong, `${wrong.join(' and ')} cannot be set with NODE_ENV=production`);
}
