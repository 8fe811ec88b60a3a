import { createHash, randomBytes } from 'node:crypto';

/**
 * Password reset tokens: 32 random bytes sent once in the emailed link; only their SHA-256
 * is stored, so a copy of the database cannot be used to reset anyone's password.
 */
export function newResetToken(now: Date, ttlMinutes: number): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token), expiresAt: resetExpiry(now, ttlMinutes) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token.trim(), 'utf8').digest('hex');
}

export function resetExpiry(now: Date, ttlMinutes: number): Date {
  return new Date(now.getTime() + ttlMinutes * 60_000);
}

export interface StoredResetToken {
  expiresAt: Date;
  usedAt: Date | null;
}

/** A token works once, and only before it expires. */
export function isResetTokenUsable(stored: StoredResetToken | undefined, now: Date): boolean {
  return stored !== undefined && stored.usedAt === null && stored.expiresAt.getTime() > now.getTime();
}
