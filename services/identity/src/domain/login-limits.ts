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
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Keys carry a digest of the address, not the address itself.
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
export const emailFailuresKey = (email: string) => `auth:login:fail:email:${digest(email.trim().toLowerCase())}`;
export const ipFailuresKey = (ip: string) => `auth:login:fail:ip:${digest(ip)}`;

/**
 * Sign-in throttling by failed attempts, within a fixed window: per email address (known or not,
 * so the limit reveals nothing about accounts) and per client address (one client trying many
 * accounts). Once either count has reached its limit, every attempt is refused until the window
 * ends, even with the right password. Successful sign-ins never count, so busy but honest clients
 * (a load test, a shared office address) are not throttled here; the gateway's request rate limit
 * covers raw volume. A successful sign-in clears the email's failures.
 */
export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: LoginLimits,
  ) {}

  /** Says whether an attempt for this email from this address may proceed. */
  async admit(email: string, ip: string): Promise<LoginGate> {
    const [byEmail, byIp] = await Promise.all([this.store.read(emailFailuresKey(email)), this.store.read(ipFailuresKey(ip))]);
    const blocked = [
      byEmail.count >= this.limits.maxFailuresPerEmail ? byEmail.ttlSeconds : -1,
      byIp.count >= this.limits.maxFailuresPerIp ? byIp.ttlSeconds : -1,
    ].filter((ttl) => ttl >= 0);
    if (blocked.length === 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, ...blocked) };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.increment(emailFailuresKey(email), this.limits.windowSeconds),
      this.store.increment(ipFailuresKey(ip), this.limits.windowSeconds),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(emailFailuresKey(email));
  }

  /** After a password reset the owner may sign in again at once. */
  async clearEmail(email: string): Promise<void> {
    await this.store.reset(emailFailuresKey(email));
  }
}
