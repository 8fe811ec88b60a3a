import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const configSchema = baseConfigSchema.extend({
  /** The Ed25519 private key as JWK JSON. When absent, the key file below is used (and created on first start). */
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  JWT_KEY_FILE: z.string().min(1).default(path.join(repoRoot, '.data/keys/identity-signing.jwk')),
  /** Access token lifetime in seconds (12 hours by default). */
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(12 * 3600),
  /**
   * The key that seals reset tokens in events for the notifier (32 bytes, base64). Without it the
   * key file is used, created on first start by identity or the notifier (they share it).
   */
  RESET_LINK_KEY: z.string().optional(),
  RESET_LINK_KEY_FILE: z.string().min(1).default(path.join(repoRoot, '.data/keys/reset-link.key')),
  /** How long a password reset link stays valid. */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Reset emails per address per window: more requests still get the generic answer but send nothing. */
  RESET_MAX_PER_EMAIL: count(5),
  RESET_WINDOW_SECONDS: count(3600),
  /** How long an email verification link (a new account's, or an email change's) stays valid. */
  EMAIL_VERIFICATION_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(24 * 60),
  /** Verification resends and email changes per account per window; past it, 429 with Retry-After. */
  VERIFICATION_RESENDS_PER_ACCOUNT: count(3),
  EMAIL_CHANGES_PER_ACCOUNT: count(3),
  VERIFICATION_WINDOW_SECONDS: count(3600),
  /**
   * Sign-in throttling: failures allowed per (account, client address) and per client address
   * before each further attempt from that address waits (1 s, doubling, up to the max delay);
   * failures are forgotten a window after the last one.
   */
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS: count(5),
  LOGIN_FREE_FAILURES_PER_ADDRESS: count(300),
  LOGIN_MAX_DELAY_SECONDS: count(15 * 60),
  LOGIN_WINDOW_SECONDS: count(15 * 60),
  /** argon2id cost (OWASP's minimum recommendation by default: 19 MiB, 2 passes, 1 lane). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8 * 1024).default(19 * 1024),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
});
export type Config = z.infer<typeof configSchema>;
