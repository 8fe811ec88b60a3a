import { serviceConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = serviceConfigSchema.extend({
  CONTACT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5).describe('Contact messages per sender address within CONTACT_EMAIL_WINDOW_SECONDS; past it, 429 with Retry-After.'),
  CONTACT_EMAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600).describe('The window of CONTACT_LIMIT_PER_EMAIL (seconds).'),
  CONTACT_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20).describe('Contact messages per client address within CONTACT_CLIENT_WINDOW_SECONDS; past it, 429 with Retry-After.'),
  CONTACT_CLIENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600).describe('The window of CONTACT_LIMIT_PER_CLIENT (seconds).'),
  REVIEW_PHOTOS_DIR: z
    .string()
    .optional()
    .describe('The folder of travellers\' review photos (their WebP variants); instances on one machine share it. Unset: .data/review-photos in the repository.'),
});
export type Config = z.infer<typeof configSchema>;
