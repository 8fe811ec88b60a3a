import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const configSchema = baseConfigSchema.extend({
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(1025),
  SMTP_SECURE: z.stringbool().default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('RepRoute <no-reply@reproute.example>'),
  SUPPORT_EMAIL: z.string().email().default('support@reproute.example'),
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /** The key identity seals reset tokens with (32 bytes, base64); without it the shared key file (created by whichever starts first). */
  RESET_LINK_KEY: z.string().optional(),
  RESET_LINK_KEY_FILE: z.string().min(1).default(path.join(repoRoot, '.data/keys/reset-link.key')),
});
export type Config = z.infer<typeof configSchema>;
