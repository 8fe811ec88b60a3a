import { serviceConfigSchema } from '@reproute/platform';
import { analyticsBodyLimitBytes } from '@reproute/contracts';
import { z } from 'zod';

export const configSchema = serviceConfigSchema.extend({
  ANALYTICS_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(analyticsBodyLimitBytes).describe('The largest request body analytics takes (bytes): a batch of browser events.'),
  RAW_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90).describe('Raw browser events older than this (days) are deleted; the rollups stay.'),
  HOURLY_RETENTION_DAYS: z.coerce.number().int().min(8).max(365).default(14).describe('Hourly buckets only serve the 24-hour and 7-day windows; older ones (days) are deleted.'),
});
export type Config = z.infer<typeof configSchema>;
