import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** What a caller's X-Request-Id may be to be kept: letters, digits, `.`, `_` and `-`, 1 to 64 of them. */
export const acceptedRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request: the caller's X-Request-Id when it is a plain token (so a trace through the gateway
 * and the services keeps one id), else a new UUID. Anything else (markup, spaces, line breaks, a second
 * header, 65 characters or more) is never adopted, so it is never echoed in an answer, a log or a hop.
 */
export function requestIdFrom(headers: IncomingHttpHeaders): string {
  const sent = headers['x-request-id'];
  return typeof sent === 'string' && acceptedRequestId.test(sent) ? sent : randomUUID();
}
