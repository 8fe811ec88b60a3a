import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** The same lead (hotel, person, dates) sent again within this many seconds is answered with the first one. */
  LEAD_REPEAT_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
});
export type Config = z.infer<typeof configSchema>;
