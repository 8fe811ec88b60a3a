import { baseConfigSchema } from '@reproute/platform';
import { analyticsBodyLimitBytes } from '@reproute/contracts';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  ANALYTICS_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(analyticsBodyLimitBytes),
  /** Raw browser events older than this are deleted; the rollups stay. */
  RAW_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Hourly buckets only serve the 24-hour and 7-day windows; older ones are deleted. */
  HOURLY_RETENTION_DAYS: z.coerce.number().int().min(8).max(365).default(14),
});
export type Config = z.infer<typeof configSchema>;
