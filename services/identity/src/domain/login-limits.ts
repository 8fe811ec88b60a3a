import { createHash } from 'node:crypto';

/** Failed sign-ins under one key: how many, and when the last one was (ms). Forgotten after a quiet window. */
export interface FailureRecord {
  count: number;
  lastFailureAt: number;
}

/** Failure counters (Redis in the service, a map in unit tests). */
export interface FailureStore {
  read(key: string): Promise<FailureRecord>;
  /** Counts one more failure at `now` (ms); the record is forgotten `windowSeconds` after its last failure. */
  record(key: string, now: number, windowSeconds: number): Promise<FailureRecord>;
  reset(key: string): Promise<void>;
  /** Removes every key that starts with `prefix`. */
  resetPrefix(prefix: string): Promise<void>;
}

export interface LoginLimits {
  /** Failures allowed for one account from one client address before delays start. */
  freeFailuresPerAccountAndAddress: number;
  /** Failures allowed from one client address (any accounts) before delays start. */
  freeFailuresPerAddress: number;
  /** The longest wait between attempts, however many failures. */
  maxDelaySeconds: number;
  /** Failures are forgotten this long after the last one. */
  windowSeconds: number;
}

export type LoginGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Keys carry digests of the email and the address, not the values themselves.
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
export const accountFailuresPrefix = (email: string) => `auth:login:fail:pair:${digest(email.trim().toLowerCase())}:`;
export const accountAndAddressFailuresKey = (email: string, ip: string) => `${accountFailuresPrefix(email)}${digest(ip)}`;
export const addressFailuresKey = (ip: string) => `auth:login:fail:ip:${digest(ip)}`;

/** The wait after `count` failures: none while free, then 1 s doubling per failure, capped. */
export function delayAfterFailures(count: number, freeFailures: number, maxDelaySeconds: number): number {
  if (count < freeFailures) return 0;
  return Math.min(maxDelaySeconds, 2 ** Math.min(30, count - freeFailures));
}

/**
 * Sign-in throttling that slows the attacker, not the owner. Failures count per (account, client
 * address) and per client address; past a few free failures each further attempt from that
 * address must wait, 1 s doubling up to a cap. Nothing counts per account alone, so another
 * address (the owner's) is never refused because of someone else's failures, and no one can lock
 * an account by failing on purpose. The limits apply to known and unknown emails alike, so they
 * reveal nothing about accounts. A successful sign-in clears its (account, address) failures.
 */
export class LoginLimiter {
  private readonly store: FailureStore;
  private readonly limits: LoginLimits;
  private readonly now: () => number;

  constructor(
    store: FailureStore,
    limits: LoginLimits,
    now: () => number = Date.now,
  ) {
    this.store = store;
    this.limits = limits;
    this.now = now;
  }

  /** Says whether an attempt for this email from this address may proceed now. */
  async admit(email: string, ip: string): Promise<LoginGate> {
    const [pair, address] = await Promise.all([this.store.read(accountAndAddressFailuresKey(email, ip)), this.store.read(addressFailuresKey(ip))]);
    const now = this.now();
    const waits = [
      this.waitMs(pair, this.limits.freeFailuresPerAccountAndAddress, now),
      this.waitMs(address, this.limits.freeFailuresPerAddress, now),
    ];
    const longest = Math.max(...waits);
    return longest > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(longest / 1000)) } : { allowed: true };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    await Promise.all([
      this.store.record(accountAndAddressFailuresKey(email, ip), now, this.limits.windowSeconds),
      this.store.record(addressFailuresKey(ip), now, this.limits.windowSeconds),
    ]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.reset(accountAndAddressFailuresKey(email, ip));
  }

  /** After a password reset the account's failures from every address are forgotten. */
  async clearAccount(email: string): Promise<void> {
    await this.store.resetPrefix(accountFailuresPrefix(email));
  }

  private waitMs(record: FailureRecord, freeFailures: number, now: number): number {
    const delay = delayAfterFailures(record.count, freeFailures, this.limits.maxDelaySeconds);
    return delay === 0 ? 0 : Math.max(0, record.lastFailureAt + delay * 1000 - now);
  }
}
