import http from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import { redactUrl } from '../logger.ts';

const tracer = trace.getTracer('@reproute/platform/http');
const serverSpans = new WeakMap<http.IncomingMessage, Span>();

/**
 * The server span of each HTTP request, made where the request arrives: the caller's `traceparent` is the
 * parent (else a new trace, kept by the sampler's ratio), and the whole handling of the request, hooks,
 * handler, database calls, events and log lines, runs with it active, so one user action is one trace.
 *
 * This replaces the HTTP instrumentation's incoming side, which cost the gateway 80-150 µs of CPU per
 * request, most of it on requests that are not sampled: it gathered some twenty attributes before the
 * sampler ran and wrapped every listener of the request and the response to carry the context. Here an
 * unsampled request costs a span id and one `context.with`; attributes are written only on sampled spans.
 */
export function tracedRequestListener(listener: http.RequestListener): http.RequestListener {
  return (req, res) => {
    const parent = req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(req.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
    if (span.isRecording()) {
      serverSpans.set(req, span);
      const url = redactUrl(req.url ?? '/');
      const at = url.indexOf('?');
      span.setAttributes({
        'http.request.method': req.method ?? '',
        'url.path': at < 0 ? url : url.slice(0, at),
        ...(at < 0 ? {} : { 'url.query': url.slice(at + 1) }),
        'url.scheme': 'http',
        'server.address': req.headers.host ?? '',
        'network.peer.address': req.socket.remoteAddress ?? '',
        'network.protocol.version': req.httpVersion,
        ...(req.headers['user-agent'] ? { 'user_agent.original': req.headers['user-agent'] } : {}),
      });
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        if (!res.writableFinished) span.setAttribute('http.request.aborted', true);
        span.end();
      });
    }
    context.with(trace.setSpan(parent, span), listener, undefined, req, res);
  };
}

/** Names a sampled request's server span after the route that answered it (`GET /api/hotels/:id`). */
export function nameServerSpan(req: http.IncomingMessage, route: string | undefined): void {
  const span = serverSpans.get(req);
  if (!span || route === undefined) return;
  span.updateName(`${req.method ?? 'HTTP'} ${route}`);
  span.setAttribute('http.route', route);
}

interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** A Fastify `serverFactory`: the HTTP server Fastify would make, with its timeouts, each request in its server span. */
export function tracedServerFactory(handler: http.RequestListener, options: ServerOptions = {}): http.Server {
  const server = http.createServer(options.http ?? {}, tracedRequestListener(handler));
  server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
  server.requestTimeout = options.requestTimeout ?? 0;
  server.setTimeout(options.connectionTimeout ?? 0);
  if ((options.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
  return server;
}
