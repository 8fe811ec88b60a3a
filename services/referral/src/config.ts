import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** The same lead (hotel, person, dates) sent again within this many seconds is answered with the first one. */
  LEAD_REPEAT_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Lead limits: at most LEAD_LIMIT_PER_CLIENT leads per client address and LEAD_LIMIT_PER_HOTEL per hotel within the window. */
  LEAD_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  LEAD_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(60),
  LEAD_LIMIT_PER_HOTEL: z.coerce.number().int().min(1).default(100),
});
export type Config = z.infer<typeof configSchema>;
