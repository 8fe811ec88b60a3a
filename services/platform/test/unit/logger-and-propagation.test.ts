import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessLogOf, createLogger, type AccessLine } from '../../src/logger.ts';
import { extractTraceContext, injectTraceContext, tracer, withMessagingSpan } from '../../src/propagation.ts';
import { trace } from '@opentelemetry/api';
import { installTestTracing } from '../../src/testing/tracing.ts';
import type { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: createLogger('test', 'info', sink), lines };
}

let exporter: InMemorySpanExporter;
beforeAll(() => {
  exporter = installTestTracing();
});

describe('logger', () => {
  it('redacts passwords, tokens and authorization headers', () => {
    const { logger, lines } = captureLogger();
    logger.info({ password: 'hunter2', token: 'abc', body: { password: 'x' }, req: { headers: { authorization: 'Bearer t' } } }, 'login');
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain('Bearer t');
    expect(lines[0]).toMatchObject({ password: '[redacted]', token: '[redacted]', service: 'test', msg: 'login' });
  });

  it('stamps trace and span ids of the active span on every line', () => {
    const { logger, lines } = captureLogger();
    tracer.startActiveSpan('work', (span) => {
      logger.info('inside');
      span.end();
      const { traceId, spanId } = span.spanContext();
      expect(lines[0]).toMatchObject({ trace_id: traceId, span_id: spanId });
    });
  });
});

describe('the access line', () => {
  const requests: AccessLine[] = [
    { reqId: 'req-1', req: { method: 'GET', url: '/api/hotels/1', host: '127.0.0.1:8082', ip: '127.0.0.1', socket: { remotePort: 51234 } }, statusCode: 200, responseTime: 1.2345 },
    { reqId: 'r"2\\', req: { method: 'POST', url: '/api/reset-password?token=abc', socket: {} }, statusCode: 400, responseTime: 0 },
    { reqId: 'req-3', req: { method: 'GET', url: '/api/x?sort="name"&accessToken=s3cret&q=caf\u00e9\u2028', host: 'h\u00f6st', ip: '::1', socket: { remotePort: 1 } }, statusCode: 503, responseTime: 12 },
  ];

  /** The line pino itself writes for the same request, with the same settings (its generic path). */
  function pinoLine(line: AccessLine): Record<string, unknown> {
    const { logger, lines } = captureLogger();
    logger.info({ reqId: line.reqId, req: line.req, res: { statusCode: line.statusCode }, responseTime: line.responseTime }, 'request completed');
    return lines[0]!;
  }

  function builtLine(line: AccessLine, service = 'test', instance?: string): { parsed: Record<string, unknown>; raw: string } {
    const raw: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        raw.push(chunk.toString());
        done();
      },
    });
    accessLogOf(createLogger(service, 'info', sink, instance))!(line);
    expect(raw).toHaveLength(1);
    expect(raw[0]!.endsWith('}\n')).toBe(true);
    return { parsed: JSON.parse(raw[0]!), raw: raw[0]! };
  }

  const withoutTime = ({ time, ...rest }: Record<string, unknown>) => {
    expect(new Date(String(time)).toISOString()).toBe(time);
    return rest;
  };

  it("is the line pino writes for the same request, outside a span and inside one, its URL's secrets redacted", () => {
    for (const line of requests) {
      expect(withoutTime(builtLine(line).parsed)).toEqual(withoutTime(pinoLine(line)));
      tracer.startActiveSpan('request', (span) => {
        const built = builtLine(line).parsed;
        expect(withoutTime(built)).toEqual(withoutTime(pinoLine(line)));
        expect(built).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
        span.end();
      });
    }
    expect(builtLine(requests[1]!).raw).not.toContain('abc');
    expect(builtLine(requests[2]!).parsed.req).toMatchObject({ url: '/api/x?sort="name"&accessToken=[redacted]&q=caf\u00e9\u2028' });
  });

  it("carries the instance when several of one service run", () => {
    // The instance comes from the process's configuration (INSTANCE_ID), passed to the logger.
    expect(builtLine(requests[0]!, 'catalog', 'catalog-2').parsed).toMatchObject({ service: 'catalog', instance: 'catalog-2', level: 30, msg: 'request completed' });
    expect(builtLine(requests[0]!, 'catalog', 'catalog').parsed.instance).toBeUndefined();
  });
});

describe('trace propagation', () => {
  it('round-trips W3C trace context through a header carrier', async () => {
    await tracer.startActiveSpan('http request', async (parent) => {
      const headers = injectTraceContext();
      expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      const restored = extractTraceContext(headers);
      expect(trace.getSpanContext(restored)?.traceId).toBe(parent.spanContext().traceId);
      parent.end();
    });
  });

  it('names messaging spans <destination> <operation> and parents them on the carried context', async () => {
    exporter.reset();
    let carrier: Record<string, string> = {};
    let traceId = '';
    await tracer.startActiveSpan('producer side', async (span) => {
      traceId = span.spanContext().traceId;
      carrier = injectTraceContext();
      span.end();
    });
    await withMessagingSpan({ destination: 'referral.leads', operation: 'process', system: 'kafka', parent: extractTraceContext(carrier) }, async () => undefined);
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'referral.leads process');
    expect(consumer?.spanContext().traceId).toBe(traceId);
    expect(consumer?.attributes['messaging.system']).toBe('kafka');
    expect(consumer?.attributes['messaging.destination.name']).toBe('referral.leads');
  });
});
