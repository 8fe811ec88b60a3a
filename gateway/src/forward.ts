import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, clientAddressHeader, injectTraceContext, invalidAddressMessage, signClientAddress, statusName } from '@reproute/platform';
import type { ServiceInstances } from './instances.ts';

export type UpstreamHeaders = Record<string, string | string[] | undefined>;

/** A service's answer: its body whole when it said its length and that is at most `wholeBodyBytes`, else a stream. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: UpstreamHeaders;
  body: Buffer | Readable;
}

/** Answers up to this size are read whole and sent in one write; larger or unsized ones (photo files) stream through. */
export const wholeBodyBytes = 1024 * 1024;

/**
 * Request headers not passed on (RFC 9110 §7.6.1, the connection's own), and the caller's trace headers, which
 * this hop replaces with its own so the service continues this trace. `expect` (curl's `100-continue` on large
 * uploads) was answered here already, and undici refuses to forward it.
 */
const notForwarded = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'host', 'expect', 'traceparent', 'tracestate']);
/** Answer headers that belong to the service's connection to the gateway, not to the caller's. */
const notRelayed = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'content-length']);
/** Statuses and methods whose answers have no body. */
const bodiless = (method: string, status: number) => method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);

/** Errors of a connection that could not be made or broke: the service is unavailable (503). */
const unavailableCodes = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_CONNECT|UND_ERR_SOCKET|UND_ERR_CLOSED/;
/** The service took longer than UPSTREAM_TIMEOUT_MS to answer or to finish its answer (504). */
const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A service that could not answer: unreachable or broken off (503), too slow (504), anything else (502). */
class ForwardError extends Error {
  readonly statusCode: number;

  constructor(
    statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.statusCode = statusCode;
  }
}

/**
 * The address passed on: the canonical path and query as they came (`canonicalUrl` already resolved dot
 * segments), or, when they hold characters outside printable ASCII, as the URL parser writes them. An escape
 * that decodes to a dot segment (`..%2F`) is refused, as is a malformed one.
 */
export function upstreamPath(url: string): string {
  if (url.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      throw badRequest(invalidAddressMessage);
    }
    if (decoded.includes('/..') || decoded.includes('../')) throw badRequest(invalidAddressMessage);
  }
  if (/^\/[\x21-\x7e]*$/.test(url) && !url.startsWith('//')) return url;
  const parsed = new URL(`.${url.startsWith('/') ? '' : '/'}${url}`, 'http://upstream/');
  return `${parsed.pathname}${parsed.search}`;
}

/** What the hop needs of a request: a Fastify request, or the direct path's own (direct-reads.ts). */
export interface Hop {
  method: string;
  /** The canonical path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request id, passed on as X-Request-Id. */
  id: string;
  /** The client's address. */
  ip: string;
  body?: unknown;
}

/** The answer headers a caller receives of a service's answer (content-length is the gateway's own). */
export function relayedHeaders(headers: UpstreamHeaders): Record<string, string | string[]> {
  const relayed: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !notRelayed.has(name)) relayed[name] = value;
  }
  return relayed;
}

/** The headers a service receives for this request. */
function forwardedHeaders(request: Hop, omit: readonly string[], clientAddressKey: Buffer | undefined): Record<string, string | string[]> {
  const incoming = request.headers;
  const listed = typeof incoming.connection === 'string' ? incoming.connection.toLowerCase().split(',').map((name) => name.trim()) : [];
  const headers: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || notForwarded.has(name) || omit.includes(name) || (listed.length > 0 && listed.includes(name))) continue;
    headers[name] = value;
  }
  Object.assign(headers, injectTraceContext());
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  // What a caller sent under this name is dropped above only when the gateway signs its own; a service never believes it unsigned.
  if (clientAddressKey) headers[clientAddressHeader] = signClientAddress(clientAddressKey, request.ip);
  else delete headers[clientAddressHeader];
  return headers;
}

/**
 * The gateway's hop to a service: the request goes to one of the service's instances (`ServiceInstances`
 * balances and retries what is safe to retry), and the answer comes back whole in one write when it is small,
 * which is nearly every API answer. Bodies of writes were already read by the instances (the gateway caps them).
 */
export class Forwarder {
  readonly service: string;
  private readonly instances: Pick<ServiceInstances, 'request'>;
  private readonly clientAddressKey?: Buffer;

  constructor(
    service: string,
    instances: Pick<ServiceInstances, 'request'>,
    /** Signs the client's address for the service (platform client-address.ts); without it the service sees only the gateway's. */
    clientAddressKey?: Buffer,
  ) {
    this.service = service;
    this.instances = instances;
    this.clientAddressKey = clientAddressKey;
  }

  /** Asks the service. `omit` drops request headers (the public cache asks without the caller's validators). */
  async ask(request: Hop, omit: readonly string[] = []): Promise<UpstreamAnswer> {
    const method = request.method;
    const path = upstreamPath(request.url);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.instances.request({
        method: method as Dispatcher.HttpMethod,
        path,
        headers: forwardedHeaders(request, omit, this.clientAddressKey),
        body: method === 'GET' || method === 'HEAD' ? null : ((request.body as Readable | undefined) ?? null),
      });
    } catch (err) {
      throw this.failure(err);
    }
    const headers = answer.headers as UpstreamHeaders;
    if (bodiless(method, answer.statusCode)) {
      answer.body.resume();
      return { statusCode: answer.statusCode, headers, body: Buffer.alloc(0) };
    }
    const length = Number(headers['content-length'] ?? Number.NaN);
    if (!(length <= wholeBodyBytes)) return { statusCode: answer.statusCode, headers, body: answer.body };
    try {
      return { statusCode: answer.statusCode, headers, body: Buffer.from(await answer.body.arrayBuffer()) };
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Sends a service's answer to the caller. */
  relay(reply: FastifyReply, answer: UpstreamAnswer): FastifyReply {
    reply.headers(relayedHeaders(answer.headers));
    reply.code(answer.statusCode);
    // The caller went away while the service answered: nothing to send it.
    if (reply.request.socket.destroyed) {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      return reply;
    }
    return reply.send(answer.body);
  }

  /** The answer when the service could not answer: its status and the API's error shape, no details. */
  failureAnswer(err: unknown, requestId: string): { statusCode: number; body: Record<string, unknown>; cause: unknown } {
    const failure = this.failure(err);
    return {
      statusCode: failure.statusCode,
      cause: failure.cause ?? failure,
      body: {
        statusCode: failure.statusCode,
        error: statusName(failure.statusCode),
        message: `The ${this.service} service is temporarily unavailable. Please try again shortly.`,
        service: this.service,
        requestId,
      },
    };
  }

  /** Sends the failure answer. A refused request (400) goes to the error handler. */
  fail(reply: FastifyReply, err: unknown): FastifyReply {
    if (err instanceof HttpError) throw err;
    const failure = this.failureAnswer(err, reply.request.id);
    reply.request.log.warn({ err: failure.cause, service: this.service, status: failure.statusCode }, 'upstream failed');
    return reply.status(failure.statusCode).send(failure.body);
  }

  /** Asks the service and sends its answer, or the failure. */
  async forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let answer: UpstreamAnswer;
    try {
      answer = await this.ask(request);
    } catch (err) {
      return this.fail(reply, err);
    }
    return this.relay(reply, answer);
  }

  private failure(err: unknown): ForwardError {
    if (err instanceof ForwardError) return err;
    const code = String((err as { code?: unknown }).code ?? '');
    const status = timeoutCodes.has(code) ? 504 : unavailableCodes.test(code) || /connect|refused/i.test((err as Error).message ?? '') ? 503 : 502;
    return new ForwardError(status, (err as Error).message ?? String(err), { cause: err });
  }
}
