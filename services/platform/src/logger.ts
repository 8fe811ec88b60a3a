import { trace, context } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';

/** Paths never written to logs: credentials, tokens and personal secrets. */
export const redactedPaths = [
  'password',
  'token',
  'resetToken',
  'authorization',
  '*.password',
  '*.token',
  '*.resetToken',
  '*.authorization',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
  'apiKey',
  '*.apiKey',
  'req.headers.cookie',
  'headers.authorization',
  'data.token',
  // Settings holding a secret or a URL that may carry one (deployment-settings.ts), should a config be logged,
  // and the clients' options made from them (kafkajs' sasl, ioredis' and node-postgres' password).
  ...['KAFKA_SASL_PASSWORD', 'REDIS_PASSWORD', 'REDIS_URL', 'PGPASSWORD', 'DATABASE_URL', 'SMTP_PASSWORD', 'JWT_PRIVATE_KEY', 'RESET_LINK_KEY', 'EMAIL_LINK_KEY', 'CLIENT_ADDRESS_KEY'].flatMap((name) => [name, `*.${name}`]),
  'sasl.password',
  '*.sasl.password',
  'connectionString',
  '*.connectionString',
];

const secretQueryPaths = /^\/(api\/)?(reset-password|verify-email)(\/|$)/;

/**
 * A URL as logs and traces may show it: the query of a password-reset or email-verification page or
 * call is dropped (it carries a single-use token) and a `token` parameter anywhere is masked.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (secretQueryPaths.test(path)) return `${path}?[redacted]`;
  return `${path}?${url.slice(at + 1).replace(/(^|&)([^=&]*token[^=&]*)=[^&]*/gi, '$1$2=[redacted]')}`;
}

/** A request as logs see it (Fastify's request, or anything shaped like it). */
export interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted. */
function requestForLog(request: LoggedRequest) {
  return { method: request.method, url: request.url === undefined ? undefined : redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** The active span's ids, as every log line carries them. */
function activeSpanIds(): { traceId: string; spanId: string } | undefined {
  return trace.getSpan(context.active())?.spanContext();
}

/** Adds the active trace and span ids to every log line, so logs and traces join up. */
function traceMixin(): Record<string, string> {
  const ids = activeSpanIds();
  return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
}

/**
 * A process's logger. `instance`: which of several instances of one service this is (the config's INSTANCE_ID, e.g.
 * catalog-2), which tells their lines apart; startProcess (boot.ts) passes it.
 */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream, instance?: string): Logger {
  const options: LoggerOptions = {
    level,
    base: instance && instance !== service ? { service, instance } : { service },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: requestForLog },
    mixin: traceMixin,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  // Standard output written asynchronously and in batches: lines gather up to 4 KB (about ten access lines) or for
  // at most 200 ms, then leave in one write. pino's default, a blocking write per line, was 6-7% of the gateway's
  // busy time on a signed-in read, and an asynchronous write per line still a quarter of its CPU per request
  // (docs/performance.md, "The gateway's cost"). Lines still queued when the process exits are written before it
  // does (pino flushes on exit); a process killed outright loses at most the last 200 ms.
  const logger = pino(options, destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
  accessLogs.set(logger, accessLineWriter(JSON.stringify(options.base).slice(1, -1), stream));
  return logger;
}

/** What the access line of one request holds: the request as `requestForLog` shows it, never a body or header. */
export interface AccessLine {
  reqId: string;
  req: LoggedRequest;
  statusCode: number;
  responseTime: number;
}

const text = (value: string | undefined) => (value === undefined ? undefined : JSON.stringify(value));
const field = (name: string, json: string | number | undefined) => (json === undefined ? '' : `,"${name}":${json}`);

/**
 * The access line written as pino writes it for `logger.info({ reqId, req, res, responseTime }, 'request
 * completed')` with this module's settings (the request through its serializer, the trace ids of the active
 * span), built straight into its JSON: pino's generic path (mixin merge, serializers, redaction, a JSON pass over
 * every value) cost 9-10 µs a line against 6. The unit test holds it to pino's own line.
 */
function accessLineWriter(base: string, stream: pino.DestinationStream): (line: AccessLine) => void {
  return (line) => {
    const ids = activeSpanIds();
    const req = requestForLog(line.req);
    stream.write(
      `{"level":30,"time":"${new Date().toISOString()}",${base}` +
        (ids ? `,"trace_id":"${ids.traceId}","span_id":"${ids.spanId}"` : '') +
        `,"reqId":${JSON.stringify(line.reqId)}` +
        `,"req":{${(field('method', text(req.method)) + field('url', text(req.url)) + field('host', text(req.host)) + field('remoteAddress', text(req.remoteAddress)) + field('remotePort', req.remotePort)).slice(1)}}` +
        `,"res":{"statusCode":${line.statusCode}},"responseTime":${line.responseTime},"msg":"request completed"}\n`,
    );
  };
}

const accessLogs = new WeakMap<Logger, (line: AccessLine) => void>();

/** Where `createHttpApp` writes each request's line, for a logger made by `createLogger` (its stream). */
export function accessLogOf(logger: Logger): ((line: AccessLine) => void) | undefined {
  return accessLogs.get(logger);
}

export type { Logger };
