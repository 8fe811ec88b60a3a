import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The roles of the caller's screened token; undefined for a visitor or a refused token. */
    callerRoles: Role[] | undefined;
  }
}
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { brotliOptions, compressFrom, compressWholeAnswers, gzipOptions } from './whole-compression.ts';
import type { Redis } from 'ioredis';
import { RevocationList, checkAccess, createHttpApp, jsonNotFound, remoteKeySet, statusName, type KeySource, type Logger, type RevocationCheck } from '@reproute/platform';
import { messages, photoUploadRequestMaxBytes, requestBodyMaxBytes, type Role } from '@reproute/contracts';
import { upstreams, type Config } from './config.ts';
import { routedEndpoints, serviceNames, type ServiceName } from './routes.ts';
import { ServiceInstances, opsUrlOf } from './instances.ts';
import { canonicalUrl, screenIdentity } from './identity.ts';
import { aggregateHealth } from './health.ts';
import { openApiAggregator } from './docs.ts';
import { SpaFiles, inlineScriptHashes, servedWhileShedding } from './spa.ts';
import { CatalogPages, PageAnswers, serviceGet } from './catalog-pages.ts';
import { gatewayInstanceId, listenForHotelChanges } from './catalog-events.ts';
import { pageResponder, registerDiscoveryRoutes } from './page-routes.ts';
import { PageRenderer } from './page-render.ts';
import { securityHeaders } from './security-headers.ts';
import { sharedBudgetStore } from './rate-limit-store.ts';
import { PublicReadCache } from './public-cache.ts';
import { Forwarder } from './forward.ts';
import { BodyTooLarge, boundedBody } from './request-body.ts';

/** Builds the gateway: identity screening, rate limits, health, the proxy table and the SPA. */
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
  // Revoked tokens are checked against a local list kept current through Redis (no round trip per request).
  let revocations = options.revocations;
  let ownRevocations: RevocationList | undefined;
  if (!revocations) {
    ownRevocations = new RevocationList({ redis: config, logger: logger.child({ component: 'revocations' }), name: 'gateway' });
    await ownRevocations.start();
    revocations = ownRevocations;
  }
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
  // The gateway is the edge: client-sent X-Forwarded-For is not trusted unless TRUST_PROXY says so.
  const app = createHttpApp({
    logger,
    jsonNotFound: false,
    parseJson: false,
    bodyLimit: requestBodyMaxBytes,
    shedExempt: servedWhileShedding,
    clientAddressKey: false,
    fastify: { trustProxy: config.TRUST_PROXY, rewriteUrl: (raw) => canonicalUrl(raw.url ?? '/') } });

  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The search map's default tiles (VITE_MAP_TILE_URL); another tile host must be added here too.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // No inline script runs but the pages' one fixed script, allowed by its hash (spa.ts).
        scriptSrc: ["'self'", ...inlineScriptHashes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Served over plain http on loopback locally; TLS is terminated in front of the gateway elsewhere.
        upgradeInsecureRequests: null,
      },
    },
    // Sent below, on answers over HTTPS only (HSTS_MAX_AGE_SECONDS).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const hsts = config.HSTS_MAX_AGE_SECONDS > 0 ? `max-age=${config.HSTS_MAX_AGE_SECONDS}; includeSubDomains` : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Over HTTPS (as the ingress in front says, with TRUST_PROXY) browsers are told to use nothing else.
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });

  // An oversize body is refused before it is read: the connection closes after the 413, so its rest is never taken in.
  app.addHook('onError', (_request, reply, error, done) => {
    if (error instanceof BodyTooLarge) reply.header('connection', 'close');
    done();
  });

  if (ownRevocations) app.addHook('onClose', async () => ownRevocations.close());
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(instances).map((i) => i.close()));
  });

  // Every request is screened, whatever its path (paths are already in canonical form: rewriteUrl above).
  app.decorateRequest('callerRoles', undefined);
  app.addHook('onRequest', async (request) => {
    request.callerRoles = (await screenIdentity(request, { key, issuer: config.JWT_ISSUER, revocations, logger: request.log }))?.roles;
  });

  // API answers over 1 KB (search pages, hotel lists) travel compressed; a fast brotli level keeps the
  // CPU cost small. The SPA's files are already compressed at build time and pass through untouched. Up to 64 KB
  // in one piece (whole-compression.ts), larger ones as a stream.
  compressWholeAnswers(app);
  await app.register(compress, {
    threshold: compressFrom,
    encodings: ['br', 'gzip'],
    brotliOptions,
    zlibOptions: gzipOptions,
  });

  // Counted in memory, shared with the other gateway instances through Redis off the request path.
  const rateLimitStore = sharedBudgetStore({ redis, nameSpace: config.RATE_LIMIT_NAMESPACE });
  app.addHook('onClose', async () => rateLimitStore.instance.close());
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: statusName(429),
      message: messages.tooManyRequests,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });

  // Each service's readiness is on its instances' ops ports (never the gateway's own: that port is public).
  const opsTargets = Object.fromEntries(Object.entries(targets).map(([name, urls]) => [name, urls.map((url) => opsUrlOf(url, config.UPSTREAM_OPS_PORT_OFFSET))]));
  app.get('/api/health', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const report = await aggregateHealth(opsTargets);
    return reply.status(report.status === 'healthy' ? 200 : 503).send(report.status === 'healthy' ? { status: 'healthy' } : report);
  });

  const openApi = openApiAggregator(serviceNames, (name) => instances[name].anyUrl);
  app.get('/api/docs', async () => openApi());

  // Visitors' public reads, kept briefly (docs/api.md, "Caching"); signed-in callers always reach the service.
  const publicReads = new PublicReadCache({ ttlMs: config.PUBLIC_CACHE_TTL_MS, maxEntries: config.PUBLIC_CACHE_MAX_ENTRIES });
  // A hotel page's reviews, written into the page (page-routes.ts), read from engagement with a short deadline: the page goes without them sooner.
  const reviewAnswers = new PageAnswers(serviceGet(instances.engagement, 1_000));

  // The route table is the endpoint definitions: each endpoint goes to its owner, its access judged here first.
  for (const service of serviceNames) {
    const owned = routedEndpoints.filter((endpoint) => endpoint.service === service);
    await app.register(async (scope) => {
      const forwarder = new Forwarder(service, instances[service], options.clientAddressKey);
      // Bodies pass through untouched, whatever their type (Fastify's own text/plain parser would decode one as
      // UTF-8), read whole up to the route's limit (request-body.ts): the service parses and validates them.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', boundedBody as never);
      // Before the write's answer leaves, so the caller's next read through this gateway sees it (a refused write changed nothing).
      const emptyKeptReads = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
        if (!(reply.statusCode >= 400 && reply.statusCode < 500)) {
          publicReads.clear();
          // An edited reply sends no event: the reviews written into hotel pages go here too.
          reviewAnswers.changed();
        }
        done(null, payload);
      };
      for (const endpoint of owned) {
        const cached = endpoint.access === 'public' && endpoint.method === 'GET';
        // What the public sees is written by providers and admins (listings, approvals, replies, moderation); a
        // traveller's writes (favourites, a review awaiting moderation) change no public read.
        const changesPublicReads = endpoint.method !== 'GET' && (endpoint.access === 'provider' || endpoint.access === 'admin');
        scope.route({
          method: endpoint.method,
          url: endpoint.path,
          ...(changesPublicReads ? { onSend: emptyKeptReads } : {}),
          config: {
            rateLimit: endpoint.path.startsWith('/api') ? { max: config.RATE_LIMIT_MAX, timeWindow: '1 minute' } : false,
            bodyMaxBytes: endpoint.multipart ? photoUploadRequestMaxBytes : requestBodyMaxBytes,
            // A non-public endpoint's answers, the gateway's own refusals included, are marked no-store (platform private-answers.ts).
            access: endpoint.access,
          },
          preHandler: endpoint.access === 'public' ? undefined : async (request) => checkAccess(endpoint.access, request.callerRoles),
          handler: cached
            ? (request, reply) => publicReads.handle(request, reply, forwarder)
            : (request, reply) => forwarder.forward(request, reply),
        });
      }
    });
  }

  const spa = new SpaFiles(config.FRONTEND_DIST);
  // Page heads, the sitemap and robots.txt read the catalog through the balancer, kept briefly in memory.
  const catalogPages = new CatalogPages(serviceGet(instances.catalog, 2_000), { hotelTtlMs: config.PAGE_HOTEL_TTL_MS, sitemapTtlMs: config.PAGE_SITEMAP_TTL_MS });
  if (options.hotelEvents) {
    const hotelChanges = listenForHotelChanges({ brokers: config.KAFKA_BROKERS, security: config, instanceId: gatewayInstanceId(config.INSTANCE_ID, config.PORT), pages: catalogPages, reviews: reviewAnswers, publicReads, logger });
    app.addHook('onClose', async () => hotelChanges.close());
  }
  const renderer = new PageRenderer(config.FRONTEND_SERVER_RENDER, logger);
  if (options.warmPages && spa.built) {
    const started = performance.now();
    void renderer.warm().then((loaded) => loaded && logger.info({ ms: Math.round(performance.now() - started) }, 'page server render loaded'));
  }
  const sendPage = pageResponder({ spa, catalog: catalogPages, reviews: reviewAnswers, origin: config.PUBLIC_APP_URL, renderer });
  await registerDiscoveryRoutes(app, { catalog: catalogPages, origin: config.PUBLIC_APP_URL, dist: config.FRONTEND_DIST, builtAt: () => (spa.built ? spa.builtAt : new Date(0)) });
  if (spa.built) {
    await spa.register(app);
    app.get('/', async (request, reply) => sendPage(request, reply));
  } else {
    logger.warn({ dist: config.FRONTEND_DIST }, 'front end not built; only the API is served');
  }

  // Unknown API paths answer JSON; every other GET loads the SPA with the page's head and status (404 for unknown pages).
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD') || !spa.built) {
      return jsonNotFound(request, reply);
    }
    return sendPage(request, reply);
  });

  return app;
}
