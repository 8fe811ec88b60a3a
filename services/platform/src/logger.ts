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
  'req.headers.cookie',
  'headers.authorization',
  'data.token',
];

/** Adds the active trace and span ids to every log line, so logs and traces join up. */
function traceMixin(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    mixin: traceMixin,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
