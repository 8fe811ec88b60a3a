/** Connection problem page: 30 s, plus 10 s per failed retry, capped at 60 s. */
export function connectionRetryDelaySeconds(failedTries: number): number {
  return Math.min(60, 30 + 10 * Math.max(0, failedTries));
}

/** Seconds as m:ss (the maintenance page's 5:00 countdown). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const MAINTENANCE_COUNTDOWN_SECONDS = 300;
export const CONNECTION_ERROR_COUNTDOWN_SECONDS = 10;
export const CONNECTION_PROBLEM_COUNTDOWN_SECONDS = 30;

/** A random error id for the server error page, e.g. ERR-LX3K9-4F7Q. */
export function generateErrorId(now = Date.now(), random = Math.random): string {
  const tail = Math.floor(random() * 36 ** 4).toString(36).toUpperCase().padStart(4, '0');
  return `ERR-${now.toString(36).toUpperCase()}-${tail}`;
}
