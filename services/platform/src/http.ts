import { createHash } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyError, type FastifyServerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import { z, ZodError, type ZodType } from 'zod';
import swagger from '@fastify/swagger';
import secureJson from 'secure-json-parse';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { accessLogOf, type Logger } from './logger.ts';
import { HttpError, badRequest } from './errors.ts';
import { requestTimeoutsFromEnvironment, sheddingFromEnvironment, type RequestTimeoutConfig, type SheddingConfig } from './config.ts';
import { isTransientFailure } from './consumer.ts';
import { metrics } from './metrics.ts';
import { attachOpsApp } from './ops.ts';
import { AdaptiveConcurrencyLimit, DelayShedding, EventLoopDelay, wasAnsweredFromMemory } from './load-shedding.ts';
import { documentedOnly, noContentAnswer, type ReadinessCheck } from './http-parts.ts';
import { nameServerSpan, tracedServerFactory } from './telemetry/server-span.ts';
import { requestIdFrom } from './request-id.ts';
import { privateAnswerHeaders } from './private-answers.ts';
import { screenForwarding } from './client-address.ts';

export { noContentAnswer, publicRead, type PublicCache, type ReadinessCheck } from './http-parts.ts';

/**
 * Caching headers for public reads: an ETag on every 200 answer of a route marked `publicCache`
 * (a matching If-None-Match gets 304 with no body). Anonymous answers are public for the route's
 * max-age with stale-while-revalidate; answers to a signed-in caller (who may see more, such as
 * their own pending listings) are never stored (`no-store`, private-answers.ts), so no cache hands one
 * user's answer to another, nor keeps it after sign-out.
 */
export function publicCacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const policy = request.routeOptions.config?.publicCache;
  if (!policy || request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const signedIn = Boolean(request.headers.authorization);
  reply.header('vary', 'Authorization');
  reply.header(
    'cache-control',
    signedIn ? 'no-store' : `public, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`,
  );
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  const presented = request.headers['if-none-match'];
  if (presented && presented.split(',').some((tag) => tag.trim() === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

/** The zod OpenAPI transform, with bodiless answers declared as such (a JSON `null` body is not what a 204 sends). */
const openapiTransform: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const declared = (document.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const documented = (transformed.schema as { response?: Record<string, unknown> } | undefined)?.response;
  for (const [status, answer] of Object.entries(declared ?? {})) {
    if (answer === noContentAnswer && documented) documented[status] = { type: 'null', description: 'No content' };
  }
  return transformed;
};

const nulMessage = 'Text must not contain NUL characters';
const maxJsonDepth = 64;
const loneSurrogate = /\p{Cs}/u;

/**
 * Parses a JSON body and refuses what no field of the product can hold, before any handler sees it:
 * NUL characters and lone surrogates (Postgres text and jsonb refuse both), nesting deeper than
 * any payload of the API (deep nesting exhausts the stack of recursive validators), and prototype
 * poisoning keys. Returns the value, or throws an error whose message is safe to show.
 */
export function parseJsonBody(text: string): unknown {
  if (/\\u0000/i.test(text) || text.includes('\u0000')) throw badRequest(nulMessage);
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  // Iterative walk: a recursive one would itself overflow on the inputs it is meant to refuse.
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (loneSurrogate.test(node)) throw badRequest('Text must be valid Unicode (no lone surrogate characters)');
    } else if (node !== null && typeof node === 'object') {
      if (depth > maxJsonDepth) throw badRequest(`The request body is nested too deeply (at most ${maxJsonDepth} levels)`);
      for (const [key, child] of Object.entries(node)) {
        if (loneSurrogate.test(key)) throw badRequest('Text must be valid Unicode (no lone surrogate characters)');
        stack.push([child, depth + 1]);
      }
    }
  }
  return value;
}

/** Postgres data exceptions (class 22: out-of-range numbers and dates, bad encodings) are the caller's input. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function zodErrorBody(error: ZodError) {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return { message: errors[0]?.message ?? 'Invalid request', errors };
}

/**
 * The load shedder's verdict on a request: undefined when it is admitted (and counted until its answer closes),
 * else the reason it is shed. `answeredFromMemory` tells, once the answer is sent, whether it cost the service nothing.
 */
export type Admission = (url: string, res: ServerResponse, answeredFromMemory: () => boolean) => string | undefined;

/** Requests a process answers before its Fastify application (createHttpApp's `direct`). */
export interface DirectRequests {
  /** Answers the request and returns true, or returns false having changed nothing. */
  handle?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The shedder's verdict, set by createHttpApp (none while shedding is off). */
  admit?: Admission;
}

/** The message of a shed request's 503. */
export const busyMessage = 'The service is busy. Please try again shortly.';

/** The answer to an address that cannot be routed or passed on (a malformed escape, an escaped dot segment). */
export const invalidAddressMessage = 'The request address is not valid.';

/** The reason phrase of an HTTP status, as Node knows it. */
export const statusName = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * The Fastify instance every service builds on: request ids (x-request-id), zod validation of
 * route schemas with the spec's messages as 400 answers, JSON errors (never a stack), metrics
 * per route, and liveness; readiness and /metrics are served by its ops app, on the ops port (ops.ts).
 */
export function createHttpApp(options: {
  logger: Logger;
  readiness?: Record<string, ReadinessCheck>;
  bodyLimit?: number;
  /** The gateway answers unmatched paths itself (SPA fallback), so it opts out of the JSON 404. */
  jsonNotFound?: boolean;
  /** The gateway streams bodies through untouched (its proxy installs its own parsers), so it opts out. */
  parseJson?: boolean;
  /** Load-shedding limits; default: from the environment (SHED_*); `false` turns shedding off. */
  shedding?: SheddingConfig | false;
  /** Paths served even while shedding, besides probes and metrics (the gateway's static files: from memory, and a page served needs them). */
  shedExempt?: (url: string) => boolean;
  /** The requests the latency target's concurrency limit counts (default: all that may be shed): those that wait on something behind the process. */
  latencyLimited?: (url: string) => boolean;
  /** The body of a shed answer to a request that asks for HTML (a page): a page of its own instead of JSON. */
  shedPage?: string;
  /**
   * The headers a shed answer carries, for its request: it is sent before the caller's own hooks run (the
   * gateway's security headers: the API's set on the API's answers, the pages' on the rest, HSTS over HTTPS).
   */
  shedHeaders?: (request: FastifyRequest) => Record<string, string>;
  /** Title of the OpenAPI document built from the routes' zod schemas and served at /openapi.json. */
  openapiTitle?: string;
  /**
   * The key with which the gateway vouches for client addresses (client-address.ts): a service believes a
   * forwarded address only when signed with it (none without a key). The gateway, the edge, passes `false`
   * and sets its own `trustProxy`.
   */
  clientAddressKey?: Buffer | false;
  /** How long a request may take to arrive; default: from the environment (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS). */
  requestTimeouts?: RequestTimeoutConfig;
  /**
   * Requests answered on Node's request and response before Fastify sees them (the gateway's signed-in reads,
   * direct-reads.ts): `handle` answers one and says so, or leaves it to Fastify; `admit` is filled in here, the
   * load shedder's verdict on a request (undefined: admitted and counted; else why it would be shed).
   */
  direct?: DirectRequests;
  fastify?: Partial<FastifyServerOptions>;
}): FastifyInstance {
  const vouching = options.clientAddressKey;
  const direct = options.direct;
  const timeouts = options.requestTimeouts ?? requestTimeoutsFromEnvironment();
  const app = Fastify({
    loggerInstance: options.logger,
    // A caller's X-Request-Id is kept only when it is a plain token ([A-Za-z0-9._-]{1,64}); else a new one.
    requestIdHeader: false,
    genReqId: (raw) => requestIdFrom(raw.headers),
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // One hop: the address the gateway vouched for, which screenForwarding leaves as the only X-Forwarded-For
    // (and removes when unsigned). The gateway itself overrides this.
    trustProxy: true,
    requestTimeout: timeouts.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: Math.min(timeouts.HEADERS_TIMEOUT_MS, timeouts.REQUEST_TIMEOUT_MS), connectionsCheckingInterval: 1_000 },
    // One log line per request (written on response, below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // What the router refuses before any route (a malformed escape, a path parameter over 100 characters)
    // answers in the API's error shape too, without echoing the address back.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
      const message = status === 414 ? 'The request address is too long.' : status === 400 ? invalidAddressMessage : 'Something went wrong. Please try again.';
      void reply.status(status).send({ statusCode: status, error: statusName(status), message, requestId: request.id });
    },
    // Each request runs in its server span from the moment it arrives (telemetry/server-span.ts).
    serverFactory: ((handler: RequestListener, serverOptions: Parameters<typeof tracedServerFactory>[1]) =>
      tracedServerFactory(
        vouching === false
          ? direct
            ? (req, res) => {
                if (!direct.handle?.(req, res)) handler(req, res);
              }
            : handler
          : (req, res) => {
              screenForwarding(req, vouching);
              handler(req, res);
            },
        serverOptions,
      )) as unknown as FastifyServerOptions['serverFactory'],
    ...options.fastify,
  }) as unknown as FastifyInstance;

  const shedding = options.shedding ?? sheddingFromEnvironment();
  if (shedding) {
    let readyAt = Number.POSITIVE_INFINITY;
    const loopDelay = new EventLoopDelay();
    app.addHook('onReady', async () => {
      readyAt = Date.now();
      loopDelay.start();
    });
    app.addHook('onClose', async () => loopDelay.stop());
    let inFlight = 0;
    const maxInFlight = shedding.SHED_MAX_IN_FLIGHT;
    const adaptive =
      shedding.SHED_LATENCY_TARGET_MS > 0
        ? new AdaptiveConcurrencyLimit({ targetMs: shedding.SHED_LATENCY_TARGET_MS, min: shedding.SHED_MIN_IN_FLIGHT, max: Math.max(shedding.SHED_MIN_IN_FLIGHT, maxInFlight || 1_000), windowMs: 250, minSamples: 20, sustainMs: shedding.SHED_LATENCY_SUSTAIN_MS })
        : undefined;
    const delayShedding = shedding.SHED_EVENT_LOOP_DELAY_TARGET_MS > 0 ? new DelayShedding({ targetMs: shedding.SHED_EVENT_LOOP_DELAY_TARGET_MS }) : undefined;
    // By the delay two windows in a row had: one late window (a collection, a first render) is a pause, not overload.
    if (delayShedding) loopDelay.onWindow((delayMs) => delayShedding.update(delayMs));
    // A request the direct path saw shed is shed again by the same verdict when Fastify gets it (the chance is drawn once).
    const shedVerdicts = new WeakMap<ServerResponse, string>();
    const admit: Admission = (url, res, answeredFromMemory) => {
      const earlier = shedVerdicts.get(res);
      if (earlier) return earlier;
      loopDelay.noteActivity();
      // Probes and metrics still answer: an overloaded process is busy, not dead.
      if (url.startsWith('/health/') || url === '/metrics' || options.shedExempt?.(url)) return undefined;
      if (Date.now() - readyAt < shedding.SHED_WARMUP_MS) return undefined;
      const reason =
        loopDelay.sustainedDelayMs > shedding.SHED_MAX_EVENT_LOOP_DELAY_MS ? 'eventLoopDelay'
        : shedding.SHED_MAX_EVENT_LOOP_UTILIZATION > 0 && loopDelay.utilization > shedding.SHED_MAX_EVENT_LOOP_UTILIZATION ? 'eventLoopUtilization'
        : delayShedding?.shed() ? 'eventLoopDelayShare'
        : !adaptive && maxInFlight > 0 && inFlight >= maxInFlight ? 'inFlight'
        : undefined;
      if (reason) {
        shedVerdicts.set(res, reason);
        return reason;
      }
      if (adaptive && (options.latencyLimited?.(url) ?? true)) {
        const startedAt = adaptive.acquire();
        if (startedAt === undefined) {
          shedVerdicts.set(res, 'concurrency');
          return 'concurrency';
        }
        res.once('close', () => adaptive.release(startedAt, !answeredFromMemory()));
        return undefined;
      }
      // Counted only with a limit set, so the default path adds no listener per request. 'close' comes once
      // whether the answer was sent or the client went away.
      if (maxInFlight > 0) {
        inFlight += 1;
        res.once('close', () => {
          inFlight -= 1;
        });
      }
      return undefined;
    };
    if (options.direct) options.direct.admit = admit;
    app.addHook('onRequest', (request, reply, done) => {
      const reason = admit(request.url, reply.raw, () => wasAnsweredFromMemory(request));
      if (!reason) return done();
      metrics.requestsShed.inc({ reason });
      void reply.status(503).headers(options.shedHeaders?.(request) ?? {}).header('retry-after', String(shedding.SHED_RETRY_AFTER_SECONDS));
      if (options.shedPage && request.headers.accept?.includes('text/html')) {
        void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(options.shedPage);
        return;
      }
      void reply.send({ statusCode: 503, error: statusName(503), message: busyMessage, retryAfterSeconds: shedding.SHED_RETRY_AFTER_SECONDS, requestId: request.id });
    });
  }

  // Routes registered after this (through app.register) are documented from their zod schemas.
  void app.register(swagger, {
    openapi: {
      info: { title: options.openapiTitle ?? 'RepRoute service', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // An organisation's API key for its CRM (contracts/src/api-keys.ts): each partner endpoint names the scope it needs.
          apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An organisation\'s API key (rr_live_…), scoped leads:read and/or leads:write; made and revoked in the provider dashboard.' },
        },
      },
    },
    transform: openapiTransform,
    hideUntagged: false,
  });
  app.get('/openapi.json', { logLevel: 'warn', schema: { hide: true } }, async () => app.swagger());

  // JSON bodies: an empty body (e.g. a DELETE sent with a JSON content type) is simply no body;
  // anything else must be valid JSON, parsed without prototype poisoning.
  if (options.parseJson !== false) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJsonBody(text));
      } catch (err) {
        done(err as HttpError, undefined);
      }
    });
  }

  // Route schemas are zod schemas; a failure reaches the error handler as the ZodError itself.
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    if (documentedOnly.has(schema as object)) return { value: data };
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  });

  // Answers declared in an endpoint's definition are serialized through their zod schema: what the
  // schema does not name is dropped, and an answer that breaks it is a bug, logged and answered 500.
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const issues = result.error.issues.slice(0, 5).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
        throw Object.assign(new Error(`The answer of ${String(method)} ${url} does not match its schema`), { issues });
      }
      return JSON.stringify(result.data);
    };
  });

  // The hooks every request passes take Fastify's callback form: an async hook costs a promise and a
  // microtask more per request, and each promise more again while traces are on (their context follows it).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('%00')) return done(new HttpError(400, nulMessage));
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    const answer = publicCacheHeaders(request, reply, payload);
    privateAnswerHeaders(request, reply);
    done(null, answer);
  });

  const accessLog = accessLogOf(options.logger);
  app.addHook('onResponse', (request, reply, done) => {
    // A route's own log level (probes and metrics log only warnings) holds for the access line too.
    if (!accessLog) request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    else if ((request.log as Logger).isLevelEnabled('info')) accessLog({ reqId: request.id, req: request, statusCode: reply.statusCode, responseTime: reply.elapsedTime });
    const route = request.routeOptions.url ?? 'unmatched';
    nameServerSpan(request.raw, request.routeOptions.url);
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.setErrorHandler((error: FastifyError | ZodError | HttpError, request, reply) => {
    if (error instanceof ZodError) {
      return reply.status(400).send({ statusCode: 400, error: statusName(400), ...zodErrorBody(error), requestId: request.id });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: statusName(error.statusCode),
        message: error.message,
        errors: error.errors,
        retryAfterSeconds: error.retryAfterSeconds,
        requestId: request.id,
      });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input outside what the database stores');
      return reply.status(400).send({ statusCode: 400, error: statusName(400), message: 'A value in the request is out of range or malformed', requestId: request.id });
    }
    if ((error as FastifyError).statusCode === undefined && isTransientFailure(error)) {
      // A dependency is down (Postgres restarting, Redis unreachable): a fast, clear 503 the caller may retry.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ statusCode: 503, error: statusName(503), message: 'The service is temporarily unavailable. Please try again shortly.', requestId: request.id });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.message.includes('JSON') ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send({ statusCode: status, error: statusName(status), message, requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ statusCode: 500, error: statusName(500), message: 'Something went wrong. Please try again.', requestId: request.id });
  });

  if (options.jsonNotFound !== false) app.setNotFoundHandler((request, reply) => jsonNotFound(request, reply));

  // Liveness here too (the start scripts wait on it); readiness and metrics only on the ops port (ops.ts).
  app.get('/health/live', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  attachOpsApp(app, { logger: options.logger, readiness: options.readiness });

  return app;
}

export function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ statusCode: 404, error: statusName(404), message: `No route for ${request.method} ${request.url.split('?')[0]}`, requestId: request.id });
}

