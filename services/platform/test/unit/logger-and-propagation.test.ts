import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { extractTraceContext, injectTraceContext, tracer, withMessagingSpan } from '../../src/propagation.ts';
import { trace } from '@opentelemetry/api';
import { installTestTracing } from './tracing.ts';
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
