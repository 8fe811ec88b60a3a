/** What identity's unit, route and integration tests share: no I/O here, so any of them may import it. */
import { decodeJwt } from 'jose';
import type { FailureRecord, FailureStore } from '../src/domain/login-limits.ts';

export const password = 'Str0ng!Pass';
export const claimsOf = (token: string) => decodeJwt(token) as { sub: string; roles: string[]; exp: number; iat: number; jti: string; iss: string; email: string };

/** The error answer's message, for `expect(...).toBe(spec text)`. */
export const messageOf = (res: { body: unknown }) => (res.body as { message?: string } | null)?.message;

/** Sign-in failure counters in memory, forgotten a window after the last failure (as the Redis store does). */
export class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, FailureRecord & { expiresAt: number }>();
  /** The clock entries expire by; a test with a clock of its own overrides it. */
  protected currentTime(): number {
    return Date.now();
  }
  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.currentTime()) this.entries.delete(key);
    return this.entries.get(key);
  }
  async read(key: string) {
    const entry = this.live(key);
    return { count: entry?.count ?? 0, lastFailureAt: entry?.lastFailureAt ?? 0 };
  }
  async record(key: string, now: number, windowSeconds: number) {
    const count = (this.live(key)?.count ?? 0) + 1;
    this.entries.set(key, { count, lastFailureAt: now, expiresAt: now + windowSeconds * 1000 });
    return { count, lastFailureAt: now };
  }
  async reset(key: string) {
    this.entries.delete(key);
  }
  async resetPrefix(prefix: string) {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
