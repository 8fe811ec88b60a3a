import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = baseConfigSchema.extend({
  /** Where the hotel and gym pictures served at /images/* live (files in the repo). */
  IMAGES_DIR: z.string().optional(),
});
export type Config = z.infer<typeof configSchema>;
