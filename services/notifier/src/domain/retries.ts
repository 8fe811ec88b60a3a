import { isTransientFailure } from '@reproute/platform';

// nodemailer's codes for a connection that could not be made or was lost, and DNS not answering.
const smtpConnectionCodes = new Set(['ESOCKET', 'ECONNECTION', 'ETIMEDOUT', 'EDNS']);

/**
 * True when sending failed because the SMTP server (or Redis) is unavailable for now: a connection
 * error or an SMTP 4xx reply, which RFC 5321 defines as "try again later". A 5xx reply, a refused
 * login or a malformed message are the email's own failures.
 */
export function isTransientEmailFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  if (typeof code === 'string' && smtpConnectionCodes.has(code)) return true;
  return isTransientFailure(err);
}

/** Sends that fail for the email's own reason before its job gives up and stays in the failed set. */
export const emailOwnFailureLimit = 8;

/**
 * BullMQ attempts per email job. Effectively unlimited: an SMTP outage is retried until it ends;
 * the email's own failures are bounded by `emailOwnFailureLimit` instead.
 */
export const emailJobAttempts = 1_000_000;

/** Wait before the next try: 1 s, doubling, at most 15 s, so an outage's end is noticed within 15 s. */
export function emailRetryDelayMs(failures: number): number {
  return Math.min(15_000, 1_000 * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/** What a failed send means for its job: retry (transient or under the limit) or give up for good. */
export function emailFailureVerdict(err: unknown, ownFailuresBefore: number): { retry: boolean; ownFailures: number } {
  if (isTransientEmailFailure(err)) return { retry: true, ownFailures: ownFailuresBefore };
  const ownFailures = ownFailuresBefore + 1;
  return { retry: ownFailures < emailOwnFailureLimit, ownFailures };
}
