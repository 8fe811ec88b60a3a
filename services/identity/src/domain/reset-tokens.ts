import { createHash, randomBytes } from 'node:crypto';

/**
 * Emailed link tokens (password resets, and email verification links, which reuse these): 32 random
 * bytes sent once in the emailed link; only their SHA-256 is stored, so a copy of the database cannot
 * be used to reset anyone's password or prove anyone's address.
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

/**
 * The hourly limit on emails of one kind for one account: allowed, or when the oldest send in the
 * window leaves it (seconds, at least 1), given the send times within the window, oldest first.
 */
export function sendLimit(sentAt: Date[], limit: number, windowSeconds: number, now: Date): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  if (sentAt.length < limit) return { allowed: true };
  const oldest = sentAt[sentAt.length - limit]!;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest.getTime() + windowSeconds * 1000 - now.getTime()) / 1000)) };
}
