import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkAccess } from '@reproute/platform';
import { photoUploadRequestMaxBytes, requestBodyMaxBytes } from '@reproute/contracts';
import { routedEndpoints, serviceNames, type ServiceName } from '../routes.ts';
import type { ServiceInstances } from '../instances.ts';
import type { PublicReadCache } from '../public-cache.ts';
import { Forwarder } from '../forward.ts';
import { boundedBody, keepConnectionAfterRefusal } from '../request-body.ts';

export interface ServiceRoutesOptions {
  instances: Record<ServiceName, ServiceInstances>;
  /** Visitors' public reads, kept briefly (docs/api.md, "Caching"); signed-in callers always reach the service. */
  publicReads: PublicReadCache;
  /** A provider's or an admin's write went through (before its answer leaves): what the public reads may have changed. */
  onPublicWrite: () => void;
  /** Requests per minute per client address across /api. */
  rateLimitMax: number;
  /** Signs the client address forwarded to the services, which believe no other (platform client-address.ts). */
  clientAddressKey?: Buffer;
}

/**
 * The route table is the endpoint definitions: each endpoint goes to its owner, its access judged here first,
 * its body read only up to its limit, a visitor's public read answered from the kept ones.
 */
export default async function serviceRoutes(app: FastifyInstance, options: ServiceRoutesOptions): Promise<void> {
  const { instances, publicReads } = options;
  // Before the write's answer leaves, so the caller's next read through this gateway sees it (a refused write changed nothing).
  const publicWrite = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (!(reply.statusCode >= 400 && reply.statusCode < 500)) options.onPublicWrite();
    done(null, payload);
  };
  for (const service of serviceNames) {
    const owned = routedEndpoints.filter((endpoint) => endpoint.service === service);
    await app.register(async (scope) => {
      const forwarder = new Forwarder(service, instances[service], options.clientAddressKey);
      // Bodies pass through untouched, whatever their type (Fastify's own text/plain parser would decode one as
      // UTF-8), read whole up to the route's limit (request-body.ts): the service parses and validates them.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', boundedBody as never);
      scope.addHook('onSend', keepConnectionAfterRefusal);
      for (const endpoint of owned) {
        const cached = endpoint.access === 'public' && endpoint.method === 'GET';
        // What the public sees is written by providers and admins (listings, approvals, replies, moderation); a
        // traveller's writes (favourites, a review awaiting moderation) change no public read.
        const changesPublicReads = endpoint.method !== 'GET' && (endpoint.access === 'provider' || endpoint.access === 'admin');
        scope.route({
          method: endpoint.method,
          url: endpoint.path,
          ...(changesPublicReads ? { onSend: publicWrite } : {}),
          config: {
            rateLimit: endpoint.path.startsWith('/api') ? { max: options.rateLimitMax, timeWindow: '1 minute' } : false,
            bodyMaxBytes: endpoint.multipart ? photoUploadRequestMaxBytes : requestBodyMaxBytes,
            // A non-public endpoint's answers, the gateway's own refusals included, are marked no-store (platform private-answers.ts).
            access: endpoint.access,
          },
          preHandler: endpoint.access === 'public' ? undefined : async (request) => checkAccess(endpoint.access, request.callerRoles),
          handler: cached ? (request, reply) => publicReads.handle(request, reply, forwarder) : (request, reply) => forwarder.forward(request, reply),
        });
      }
    });
  }
}
