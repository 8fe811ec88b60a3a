import type { FastifyRequest } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenClaims } from '@reproute/contracts';
import { bearerToken, screenAccessToken, type KeySource, type RevocationCheck } from '@reproute/platform';

/** Headers a client must never set itself: they would claim an identity the gateway did not check. */
const identityHeaders = ['x-user-id', 'x-user-roles', 'x-user-email', 'x-authenticated-user', 'x-forwarded-user'];

/** Removes the identity headers a client sent. */
export function stripIdentityHeaders(headers: Record<string, unknown>): void {
  for (const header of identityHeaders) delete headers[header];
}

/**
 * Strips inbound identity headers, then lets a bearer token through only when its signature and
 * expiry verify and it has not been revoked (logout, password reset). A forged, expired or revoked
 * token is removed, so upstream services see an anonymous request and protected routes answer 401.
 * When the gateway cannot tell (keys unreachable, revocation list never loaded) it throws a 503:
 * an outage never turns a signed-in request into an anonymous one. Runs on every request, whatever
 * its path, so no spelling of a path can reach a service unscreened.
 */
export async function screenIdentity(
  request: FastifyRequest,
  deps: { key: KeySource; issuer: string; revocations: RevocationCheck; logger: FastifyBaseLogger },
): Promise<TokenClaims | undefined> {
  stripIdentityHeaders(request.headers);
  if (request.headers.authorization === undefined) return undefined;
  const token = bearerToken(request);
  const claims = token ? await screenAccessToken(token, deps) : undefined;
  if (!claims) {
    deps.logger.debug('token absent, invalid or revoked; forwarded without it');
    delete request.headers.authorization;
  }
  return claims;
}

const unreservedEscape = /%(2[dDeE]|5[fF]|7[eE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA])/g;

/**
 * The one spelling of a path the route table is written in, so no other spelling can reach a
 * route past a prefix check: percent-encoded letters, digits and `-._~` decoded (RFC 3986 says they
 * mean the same as the plain character), `.` and `..` segments resolved, repeated slashes merged.
 * Other escapes (`%2F`, `%C3%A9`) and the query are left as they are.
 */
export function canonicalUrl(url: string): string {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  // Nearly every address is already in its one spelling: no escape, no dot segment, no repeated slash.
  if (rawPath.startsWith('/') && !rawPath.includes('%') && !rawPath.includes('/.') && !rawPath.includes('//')) return url;
  const query = at < 0 ? '' : url.slice(at);
  const decoded = rawPath.replace(unreservedEscape, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  const segments: string[] = [];
  const parts = decoded.split('/').slice(1);
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    if (segment === '..') segments.pop();
    if (segment === '.' || segment === '..' || (segment === '' && !last)) {
      if (last) segments.push('');
      return;
    }
    segments.push(segment);
  });
  return `/${segments.join('/')}${query}`;
}
