import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '@reproute/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint's access level (contracts' definition), set by serveEndpoint and by the gateway's route table. */
    access?: Access;
  }
}

/** Marks an answer no cache may keep (browsers, proxies, the gateway's public read cache). */
export const privateAnswer = 'no-store';

/** A Cache-Control a route set for public caching (`public`, with a lifetime). */
const marksPublic = (value: unknown) => typeof value === 'string' && /(?:^|,)\s*public\s*(?:,|$)/i.test(value);

/**
 * Private answers are never stored by a cache: every answer of an endpoint whose access is not `public`
 * (signedIn, provider, admin: its 2xx, and its 4xx and 5xx, to anyone), and every answer to a caller who
 * sent a token (any route, errors and unmatched paths included) unless the route marked it for public
 * caching itself, carries `Cache-Control: no-store`. Runs in onSend, after the route's own headers.
 */
export function privateAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const access = request.routeOptions.config?.access;
  if (access !== undefined && access !== 'public') {
    reply.header('cache-control', privateAnswer);
    return;
  }
  const signedIn = Boolean((request as { user?: unknown }).user) || request.headers.authorization !== undefined;
  if (signedIn && !marksPublic(reply.getHeader('cache-control'))) reply.header('cache-control', privateAnswer);
}
