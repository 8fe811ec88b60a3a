import { shouldRetryWrite, WRITE_RETRY_DELAY_MS } from './request';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a write with the spec's write retry rule (once on a network failure, after 2 s). */
export async function withWriteRetry<T>(write: () => Promise<T>, delayMs = WRITE_RETRY_DELAY_MS): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await write();
    } catch (error) {
      if (!shouldRetryWrite(failures, error)) throw error;
      await wait(delayMs);
    }
  }
}
