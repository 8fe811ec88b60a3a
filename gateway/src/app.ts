import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { RevocationList, createHttpApp, jsonNotFound, remoteKeySet, type DirectRequests, type KeySource, type Logger, type RevocationCheck } from '@reproute/platform';
import { requestBodyMaxBytes } from '@reproute/contracts';
import { inlineScriptSources } from '@reproute/pages';
import { upstreams, type Config } from './config.ts';
import { routedEndpoints, serviceNames, type ServiceName } from './routes.ts';
import { ServiceInstances } from './instances.ts';
import { canonicalUrl } from './identity.ts';
import { PublicReadCache } from './public-cache.ts';
import { sharedBudgetStore } from './rate-limit-store.ts';
import { answerSecurityHeaders, gatewaySecurityHeaders, isApiPath } from './security-headers.ts';
import { directReads } from './direct-reads.ts';
import securityHeaders from './plugins/security-headers.ts';
import identityScreening from './plugins/identity-screening.ts';
import { compressionPlugin, rateLimitsPlugin } from './plugins/limits.ts';
import healthAndDocs from './plugins/health-docs.ts';
import serviceRoutes from './plugins/service-routes.ts';
import { mountPages } from './plugins/pages.ts';

/**
 * Under overload the SPA's own files (scripts, styles, fonts, pictures: from memory, precompressed) are still
 * served, so a page that was served is whole; a page itself (rendered here) may be shed, and gets the busy page.
 */
export const servedWhileShedding = (url: string): boolean => /^\/(assets|fonts|media)\/|^\/(favicon\.svg|robots\.txt)(\?|$)/.test(url);

/** What waits on the services behind the gateway, and so is what the latency target's concurrency limit counts. */
export const waitsOnServices = (url: string): boolean => /^\/(api|images)\//.test(url);

/** A shed page's answer (503, Retry-After): it asks the browser to try again itself after a few seconds. */
export const busyPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">
<title>RepRoute is busy</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#fff7ed}main{max-width:32rem;margin:0 auto;padding:4rem 1.5rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1rem}a{color:#9a3412;font-weight:600}</style>
</head>
<body><main><h1>RepRoute is busy right now</h1><p>Too many travellers are searching at once. This page tries again by itself in a few seconds.</p><p><a href="">Try again now</a></p></main></body>
</html>
`;

/**
 * Builds the gateway, one plugin a concern: security headers, identity screening, compression, rate limits,
 * health and docs, the service routes (with the public read cache), and the front end's pages (@reproute/pages).
 */
export async function buildGateway(options: {
  config: Config;
  logger: Logger;
  redis: Redis;
  key?: KeySource;
  revocations?: RevocationCheck;
  /** Hear the catalog's hotel events so page heads and the sitemap follow them at once (the running gateway does). */
  hotelEvents?: boolean;
  /** Load the pages' server render at start rather than on the first page asked for (the running gateway does). */
  warmPages?: boolean;
  /** Signs the client address forwarded to the services, which believe no other (platform client-address.ts). */
  clientAddressKey?: Buffer;
}): Promise<FastifyInstance> {
  const { config, logger, redis } = options;
  const targets = upstreams(config);
  // Each service's instances, balanced; an instance that stops answering is taken out until it is back.
  const instances = Object.fromEntries(
    serviceNames.map((name) => [
      name,
      new ServiceInstances(name, targets[name], {
        logger: logger.child({ component: 'instances' }),
        opsPortOffset: config.UPSTREAM_OPS_PORT_OFFSET,
        pool: { connections: 64, pipelining: 1, connectTimeout: 1_000, headersTimeout: config.UPSTREAM_TIMEOUT_MS, bodyTimeout: config.UPSTREAM_TIMEOUT_MS },
      }),
    ]),
  ) as Record<ServiceName, ServiceInstances>;
  // The identity instances share one signing key, so any of them can serve its public part.
  const key = options.key ?? remoteKeySet(targets.identity.map((url) => `${url}/.well-known/jwks.json`));
  // Revoked tokens are checked against a local list kept current through Redis (no round trip per request).
  let revocations = options.revocations;
  let ownRevocations: RevocationList | undefined;
  if (!revocations) {
    ownRevocations = new RevocationList({ redis: config, logger: logger.child({ component: 'revocations' }), name: 'gateway' });
    await ownRevocations.start();
    revocations = ownRevocations;
  }
  const screening = { key, issuer: config.JWT_ISSUER, revocations };
  // Counted in memory, shared with the other instances through Redis off the request path (rate-limit-store.ts).
  const budget = sharedBudgetStore({ redis, nameSpace: config.RATE_LIMIT_NAMESPACE });
  const securityHeadersFor = answerSecurityHeaders(gatewaySecurityHeaders({ inlineScripts: inlineScriptSources(config.FRONTEND_DIST), hstsMaxAgeSeconds: config.HSTS_MAX_AGE_SECONDS }));
  const direct: DirectRequests = {};
  // The gateway is the edge: client-sent X-Forwarded-For is not trusted unless TRUST_PROXY says so.
  const app = createHttpApp({
    logger,
    jsonNotFound: false,
    parseJson: false,
    bodyLimit: requestBodyMaxBytes,
    shedExempt: servedWhileShedding,
    latencyLimited: waitsOnServices,
    shedPage: busyPage,
    shedHeaders: (request) => securityHeadersFor(request.url, request.protocol),
    clientAddressKey: false,
    direct,
    fastify: { trustProxy: config.TRUST_PROXY, rewriteUrl: (raw) => canonicalUrl(raw.url ?? '/') } });
  app.addHook('onClose', async () => {
    budget.instance.close();
    await ownRevocations?.close();
    await Promise.all(Object.values(instances).map((i) => i.close()));
  });

  await app.register(securityHeaders, { headersFor: securityHeadersFor });
  await app.register(identityScreening, { screening });
  await app.register(compressionPlugin);
  await app.register(rateLimitsPlugin, { store: budget });
  await app.register(healthAndDocs, { config, instances });

  // Visitors' public reads, kept briefly (docs/api.md, "Caching"); writes and hotel and review events empty them.
  const publicReads = new PublicReadCache({ ttlMs: config.PUBLIC_CACHE_TTL_MS, maxEntries: config.PUBLIC_CACHE_MAX_ENTRIES });
  await mountPages(app, { config, logger, instances, hotelEvents: options.hotelEvents, warm: options.warmPages, onPublicChange: () => publicReads.clear() });
  await app.register(serviceRoutes, {
    instances,
    publicReads,
    rateLimitMax: config.RATE_LIMIT_MAX,
    clientAddressKey: options.clientAddressKey,
    onPublicWrite: () => {
      publicReads.clear();
      // An edited reply sends no event: the reviews written into hotel pages go here too.
      app.pages.publicAnswersChanged();
    },
  });

  // A signed-in caller's reads skip Fastify's request path, with the same rules (direct-reads.ts).
  direct.handle = directReads({
    endpoints: routedEndpoints,
    instances,
    clientAddressKey: options.clientAddressKey,
    screening,
    securityHeaders: securityHeadersFor,
    trustProxy: config.TRUST_PROXY,
    budget: { store: budget.instance, max: config.RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    logger,
    admission: direct.admit,
  });

  // Unknown API paths answer JSON; every other GET loads the SPA with the page's head and status (404 for unknown pages).
  app.setNotFoundHandler(async (request, reply) => (isApiPath(request.url) || !app.pages.serves(request) ? jsonNotFound(request, reply) : app.pages.send(request, reply)));

  return app;
}
