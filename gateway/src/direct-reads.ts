import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { performance } from 'node:perf_hooks';
import FindMyWay from 'find-my-way';
import type { Endpoint } from '@reproute/contracts';
import { messages } from '@reproute/contracts';
import { accessLogOf, metrics, screenKnownAccessToken, statusName, type Admission, type KeySource, type Logger, type RevocationCheck } from '@reproute/platform';
import { requestIdFrom } from '@reproute/platform/request-id';
import { privateAnswer } from '@reproute/platform/private-answers';
import { nameServerSpan } from '@reproute/platform/telemetry/server-span';
import { canonicalUrl, stripIdentityHeaders } from './identity.ts';
import { Forwarder, relayedHeaders, type UpstreamAnswer } from './forward.ts';
import type { SharedBudgetStore } from './rate-limit-store.ts';
import { answerEncoding, compressed, compressFrom, compressing, wholeCompressionBytes, withAcceptEncoding } from './whole-compression.ts';
import type { ServiceInstances } from './instances.ts';
import type { ServiceName } from './routes.ts';
import type { SecurityHeadersFor } from './security-headers.ts';

export interface DirectReadsOptions {
  /** The routed endpoints; the direct path takes their GETs that are not public. */
  endpoints: readonly Endpoint[];
  instances: Record<ServiceName, Pick<ServiceInstances, 'request'>>;
  clientAddressKey?: Buffer;
  screening: { key: KeySource; issuer: string; revocations: RevocationCheck };
  /** Each answer's security headers by its address and scheme (security-headers.ts, answerSecurityHeaders): the API's, HSTS over HTTPS. */
  securityHeaders: SecurityHeadersFor;
  /** Proxy headers believed (TRUST_PROXY): the client address and protocol from X-Forwarded-For and -Proto. */
  trustProxy: boolean;
  /** The per-client budget the Fastify routes count in too (@fastify/rate-limit's store). */
  budget: { store: SharedBudgetStore; max: number; timeWindowMs: number };
  logger: Logger;
  /** The load shedder's verdict (createHttpApp's `direct.admit`); none while shedding is off. */
  admission?: Admission;
}

interface DirectRoute {
  endpoint: Endpoint;
  forwarder: Forwarder;
}

/**
 * A signed-in caller's reads (GET of an endpoint for signed-in users, providers or admins: favourites, the
 * account, a provider's leads) answered on Node's request and response, before Fastify: the same screening,
 * access rule, rate limit, shedding, hop and answer headers as the Fastify route (service-routes.ts), in one
 * synchronous pass instead of a dozen hooks. Fastify's request path cost the gateway about twice a bare proxy's
 * CPU on these reads (docs/performance.md, "The gateway's cost").
 *
 * Only the plain case comes here: a canonical /api path with no escape, no body, a token verified in the last
 * minutes and allowed the endpoint, the caller within its budget. Anything else (a visitor, a token to verify or
 * refuse, a missing role, revocations not loaded, the shedder refusing) returns false having changed nothing,
 * and Fastify answers it as before, so every refusal keeps one wording.
 */
export function directReads(options: DirectReadsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Fastify's own router, with its defaults: the same path reaches the same endpoint on either path.
  const router = FindMyWay({ maxParamLength: 100 });
  for (const endpoint of options.endpoints) {
    if (endpoint.method !== 'GET' || endpoint.access === 'public') continue;
    const route: DirectRoute = { endpoint, forwarder: new Forwarder(endpoint.service, options.instances[endpoint.service], options.clientAddressKey) };
    router.on('GET', endpoint.path, () => undefined, route);
  }
  const accessLog = accessLogOf(options.logger);
  const { budget, screening } = options;

  return (req, res) => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' || !url.startsWith('/api/') || url.includes('%') || canonicalUrl(url) !== url) return false;
    const authorization = req.headers.authorization;
    if (authorization === undefined || !authorization.toLowerCase().startsWith('bearer ')) return false;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const at = url.indexOf('?');
    const found = router.find('GET', at < 0 ? url : url.slice(0, at));
    if (!found) return false;
    const route = found.store as DirectRoute;
    const token = authorization.slice(7).trim();
    let known: ReturnType<typeof screenKnownAccessToken>;
    try {
      known = screenKnownAccessToken(token, screening);
    } catch {
      return false; // revocations never loaded: Fastify's screening answers the 503
    }
    const roles = known?.claims?.roles;
    const access = route.endpoint.access;
    if (!roles || ((access === 'provider' || access === 'admin') && !roles.includes(access))) return false;
    if (options.admission?.(url, res, () => false) !== undefined) return false;

    const startedAt = performance.now();
    nameServerSpan(req, route.endpoint.path);
    const id = requestIdFrom(req.headers);
    const ip = clientAddress(req, options.trustProxy);
    stripIdentityHeaders(req.headers);
    const answerHeaders: Record<string, string | string[] | number> = { ...options.securityHeaders(url, protocol(req, options.trustProxy)) };

    // 'close' comes once per response, after 'finish' when it was sent, alone when the caller went away first.
    res.once('close', () => {
      const responseTime = performance.now() - startedAt;
      if (accessLog && options.logger.isLevelEnabled('info')) {
        accessLog({ reqId: id, req: { method: 'GET', url, host: host(req, options.trustProxy), ip, socket: { remotePort: req.socket.remotePort } }, statusCode: res.statusCode, responseTime });
      }
      metrics.httpDuration.observe({ method: 'GET', route: route.endpoint.path, status_code: String(res.statusCode) }, responseTime / 1000);
    });

    // The budget is per client across /api, counted in the same store as the Fastify routes (@fastify/rate-limit).
    let counted = { current: 0, ttl: 0 };
    budget.store.incr(ip, (_err, result) => (counted = result), budget.timeWindowMs);
    const resetSeconds = Math.ceil(counted.ttl / 1000);
    answerHeaders['x-ratelimit-limit'] = budget.max;
    answerHeaders['x-ratelimit-remaining'] = Math.max(0, budget.max - counted.current);
    answerHeaders['x-ratelimit-reset'] = resetSeconds;
    answerHeaders['x-request-id'] = id;
    if (counted.current > budget.max) {
      answerHeaders['retry-after'] = resetSeconds;
      sendJson(res, 429, answerHeaders, { statusCode: 429, error: statusName(429), message: messages.tooManyRequests, retryAfterSeconds: resetSeconds });
      return true;
    }

    route.forwarder.ask({ method: 'GET', url, headers: req.headers, id, ip }).then(
      (answer) => relay(req, res, answer, answerHeaders),
      (err: unknown) => {
        const failure = route.forwarder.failureAnswer(err, id);
        options.logger.warn({ reqId: id, err: failure.cause, service: route.endpoint.service, status: failure.statusCode }, 'upstream failed');
        sendJson(res, failure.statusCode, answerHeaders, failure.body);
      },
    );
    return true;
  };
}

/** The caller's address as Fastify's `request.ip` gives it: the first X-Forwarded-For entry when proxies are believed. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  if (typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',')[0]!.trim();
  return req.socket.remoteAddress ?? '';
}

/** Fastify's `request.protocol`. */
function protocol(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  if (typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',')[0]!.trim();
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** Fastify's `request.host`. */
function host(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  return typeof forwarded === 'string' && forwarded !== '' ? forwarded : req.headers.host;
}

/** A service's answer to the caller, with the gateway's headers; never kept by a cache (private-answers.ts). */
function relay(req: IncomingMessage, res: ServerResponse, answer: UpstreamAnswer, own: Record<string, string | string[] | number>): void {
  const { body } = answer;
  if (res.destroyed) {
    if (!Buffer.isBuffer(body)) body.destroy();
    return;
  }
  const headers: Record<string, string | string[] | number> = relayedHeaders(answer.headers);
  Object.assign(headers, own);
  headers['cache-control'] = privateAnswer;
  // Compressed as the compress plugins would (whole-compression.ts): 1-64 KB whole and sized, larger as a stream.
  const small = Buffer.isBuffer(body) && body.length < compressFrom;
  const encoding = small ? undefined : answerEncoding(headers['content-type'], headers['content-encoding'] !== undefined, req.headers);
  if (encoding) headers.vary = withAcceptEncoding(headers.vary);
  if (encoding) headers['content-encoding'] = encoding;
  if (Buffer.isBuffer(body) && (!encoding || body.length <= wholeCompressionBytes)) {
    const sent = encoding ? compressed(body, encoding) : body;
    if (sent.length > 0 || !bodilessStatus(answer.statusCode)) headers['content-length'] = sent.length;
    res.writeHead(answer.statusCode, headers);
    res.end(sent);
    return;
  }
  res.writeHead(answer.statusCode, headers);
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  if (encoding) pipeline(source, compressing(encoding), res, () => undefined);
  else pipeline(source, res, () => undefined);
}

const bodilessStatus = (status: number) => status === 204 || status === 304 || (status >= 100 && status < 200);

function sendJson(res: ServerResponse, status: number, own: Record<string, string | string[] | number>, body: unknown): void {
  if (res.destroyed) return;
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { ...own, 'cache-control': privateAnswer, 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
  res.end(payload);
}
