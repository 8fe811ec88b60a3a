import { describe, expect, it } from 'vitest';
import { hashResetToken, isResetTokenUsable, newResetToken, resetExpiry, sendLimit } from '../../src/domain/reset-tokens.ts';

describe('password reset tokens', () => {
  const now = new Date('2025-02-02T10:00:00Z');

  it('are long random values, stored only as their SHA-256', () => {
    const a = newResetToken(now, 60);
    const b = newResetToken(now, 60);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).not.toContain(a.token);
    expect(hashResetToken(a.token)).toBe(a.tokenHash);
    expect(hashResetToken(` ${a.token}\n`)).toBe(a.tokenHash); // a link copied with stray whitespace still works
    expect(hashResetToken(b.token)).not.toBe(a.tokenHash);
  });

  it('expire one hour after they are issued', () => {
    expect(newResetToken(now, 60).expiresAt.toISOString()).toBe('2025-02-02T11:00:00.000Z');
    expect(resetExpiry(now, 5).toISOString()).toBe('2025-02-02T10:05:00.000Z');
  });

  it('work once, and only before they expire', () => {
    const expiresAt = resetExpiry(now, 60);
    expect(isResetTokenUsable({ expiresAt, usedAt: null }, now)).toBe(true);
    expect(isResetTokenUsable({ expiresAt, usedAt: null }, new Date('2025-02-02T10:59:59Z'))).toBe(true);
    expect(isResetTokenUsable({ expiresAt, usedAt: null }, new Date('2025-02-02T11:00:00Z'))).toBe(false);
    expect(isResetTokenUsable({ expiresAt, usedAt: new Date('2025-02-02T10:10:00Z') }, now)).toBe(false);
    expect(isResetTokenUsable(undefined, now)).toBe(false);
  });
});

describe('the hourly send limit (verification resends, email changes)', () => {
  const now = new Date('2025-02-02T10:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  it('allows sends below the limit, then says when the oldest counted one leaves the window', () => {
    expect(sendLimit([], 3, 3600, now)).toEqual({ allowed: true });
    expect(sendLimit([minutesAgo(50), minutesAgo(10)], 3, 3600, now)).toEqual({ allowed: true });
    expect(sendLimit([minutesAgo(50), minutesAgo(20), minutesAgo(10)], 3, 3600, now)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // More sends than the limit (a lower limit since): the one whose leaving frees a slot decides.
    expect(sendLimit([minutesAgo(55), minutesAgo(50), minutesAgo(20), minutesAgo(10)], 3, 3600, now)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(sendLimit([new Date(now.getTime() - 3600_000 + 200)], 1, 3600, now)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
