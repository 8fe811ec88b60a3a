import { createHash } from 'node:crypto';

/** Fixed-window counters (Redis in the service, a map in unit tests). */
export interface CounterStore {
  /** Adds one to `key`, starting a window of `windowSeconds` on the first hit; returns the new count and seconds left. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** The current count and seconds left (0 and 0 when absent). */
  read(key: string): Promise<{ count: number; ttlSeconds: number }>;
  reset(key: string): Promise<void>;
}

export interface LoginLimits {
  maxFailuresPerEmail: number;
  maxAttemptsPerIp: number;
  windowSeconds: number;
}

export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Keys carry a digest of the address, not the address itself.
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
export const emailFailuresKey = (email: string) => `auth:login:fail:email:${digest(email.trim().toLowerCase())}`;
export const ipAttemptsKey = (ip: string) => `auth:login:attempts:ip:${digest(ip)}`;

/**
 * Sign-in throttling: every attempt counts against the client address; failed attempts count
 * against the email address (known or not, so the limit reveals nothing). Once either count has
 * reached its limit within the window, further attempts are refused until the window ends, even
 * with the right password. A successful sign-in clears the email's failures.
 */
export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: LoginLimits,
  ) {}

  /** Counts this attempt against the client address and says whether it may proceed. */
  async admit(email: string, ip: string): Promise<LoginGate> {
    const failures = await this.store.read(emailFailuresKey(email));
    if (failures.count >= this.limits.maxFailuresPerEmail) return { allowed: false, retryAfterSeconds: Math.max(1, failures.ttlSeconds) };
    const attempts = await this.store.increment(ipAttemptsKey(ip), this.limits.windowSeconds);
    if (attempts.count > this.limits.maxAttemptsPerIp) return { allowed: false, retryAfterSeconds: Math.max(1, attempts.ttlSeconds) };
    return { allowed: true };
  }

  async recordFailure(email: string): Promise<void> {
    await this.store.increment(emailFailuresKey(email), this.limits.windowSeconds);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(emailFailuresKey(email));
  }

  /** After a password reset the owner may sign in again at once. */
  async clearEmail(email: string): Promise<void> {
    await this.store.reset(emailFailuresKey(email));
  }
}
