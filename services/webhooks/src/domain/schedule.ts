/** The wait before the next try after `failures` failed tries: base, 2×, 4×, … capped (exponential backoff). */
export function retryDelayMs(failures: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 40)));
}

/** The start of a receiver's answer the log keeps: at most `max` characters, control characters but newlines dropped. */
export function responseExcerpt(text: string, max: number): string | null {
  // eslint-disable-next-line no-control-regex -- the point is to drop control characters
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return clean.length === 0 ? null : clean.slice(0, max);
}

/** An answer counts as delivered only with a 2xx status (a redirect is not followed and is a failure). */
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;
