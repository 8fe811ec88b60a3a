/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  public readonly statusCode: number;
  public readonly errors?: { path: string; message: string }[];
  public readonly retryAfterSeconds?: number;

  constructor(
    statusCode: number,
    message: string,
    errors?: { path: string; message: string }[],
    /** For 429 and 503: when the caller may try again (sent as Retry-After and in the body). */
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = "You don't have permission to access this page.") => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const notImplemented = (what: string) => new HttpError(501, `${what} is not available yet`);
/** A limit was reached: 429 with the message and when to try again. */
export const rateLimited = (message: string, retryAfterSeconds: number) => new HttpError(429, message, undefined, retryAfterSeconds);
