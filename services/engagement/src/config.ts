import { baseConfigSchema } from '@reproute/platform';
import type { z } from 'zod';

export const configSchema = baseConfigSchema.extend({});
export type Config = z.infer<typeof configSchema>;
