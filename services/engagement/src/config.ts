import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Contact limits: messages per sender address within its window, and per client address within its window. */
  CONTACT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  CONTACT_EMAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  CONTACT_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  CONTACT_CLIENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
});
export type Config = z.infer<typeof configSchema>;
