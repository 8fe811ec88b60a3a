import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { createLogger } from '../../src/logger.ts';
import { injectTraceContext } from '../../src/propagation.ts';
import { installTestTracing } from '../../src/testing/tracing.ts';

// Each request's server span, made by the platform's HTTP server (telemetry/server-span.ts): a real Fastify app
// on a port, a real tracer recording in memory, and what the handler and the request's log line see.

let exporter: InMemorySpanExporter;
let app: FastifyInstance;
let base: string;
const lines: Record<string, unknown>[] = [];
/** What the handler saw: the active span's context and the trace headers it would send on. */
let seen: { traceId?: string; spanId?: string; outgoing?: Record<string, string> } = {};

beforeAll(async () => {
  exporter = installTestTracing();
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  app = createHttpApp({ logger: createLogger('span-test', 'info', sink), shedding: false });
  app.get('/items/:id', async (request) => {
    const span = trace.getSpan(context.active());
    await new Promise((resolve) => setTimeout(resolve, 5)); // the context survives an await
    seen = { traceId: span?.spanContext().traceId, spanId: span?.spanContext().spanId, outgoing: injectTraceContext() };
    return { id: (request.params as { id: string }).id };
  });
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  app.get('/reset-password', async () => ({ ok: true }));
  app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => {
  exporter.reset();
  lines.length = 0;
  seen = {};
});

const parentTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
const parentSpan = '00f067aa0ba902b7';

async function serverSpans(count = 1) {
  for (let i = 0; i < 100 && exporter.getFinishedSpans().length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER);
}

describe('the access line', () => {
  it("is one line per request with its request id, the address as logs may show it and the status, and follows a route's log level", async () => {
    const res = await fetch(`${base}/items/9?token=Secret-Token-9z&sort=name`);
    expect(res.status).toBe(200);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      service: 'span-test',
      reqId: res.headers.get('x-request-id'),
      req: { method: 'GET', url: '/items/9?token=[redacted]&sort=name' },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('Secret-Token-9z');

    lines.length = 0;
    expect((await fetch(`${base}/quiet`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(0);
  });
});

describe('server spans', () => {
  it("continue the caller's sampled trace, are named after the route, and are active in the handler and on the log line", async () => {
    const res = await fetch(`${base}/items/42?sort=name`, { headers: { traceparent: `00-${parentTrace}-${parentSpan}-01`, 'user-agent': 'span-test' } });
    expect(res.status).toBe(200);
    const [span] = await serverSpans();
    expect(span).toBeDefined();
    expect(span!.name).toBe('GET /items/:id');
    expect(span!.spanContext().traceId).toBe(parentTrace);
    expect(span!.parentSpanContext?.spanId).toBe(parentSpan);
    expect(span!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/items/:id',
      'url.path': '/items/42',
      'url.query': 'sort=name',
      'http.response.status_code': 200,
      'user_agent.original': 'span-test',
    });
    // The handler ran inside it, and passes it on.
    expect(seen.traceId).toBe(parentTrace);
    expect(seen.spanId).toBe(span!.spanContext().spanId);
    expect(seen.outgoing?.traceparent).toBe(`00-${parentTrace}-${span!.spanContext().spanId}-01`);
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ trace_id: parentTrace, span_id: span!.spanContext().spanId });
  });

  it("follow an unsampled caller: nothing is recorded, but the trace id reaches the handler, the log line and the next hop", async () => {
    const res = await fetch(`${base}/items/7`, { headers: { traceparent: `00-${parentTrace}-${parentSpan}-00` } });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    expect(seen.traceId).toBe(parentTrace);
    expect(seen.outgoing?.traceparent).toMatch(new RegExp(`^00-${parentTrace}-[0-9a-f]{16}-00$`));
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({ trace_id: parentTrace });
  });

  it('start a new trace without a caller, mark a 5xx as an error, and never record a reset token', async () => {
    expect((await fetch(`${base}/boom`)).status).toBe(500);
    const [boom] = await serverSpans();
    expect(boom!.parentSpanContext).toBeUndefined();
    expect(boom!.spanContext().traceId).not.toBe(parentTrace);
    expect(boom!.status.code).toBe(SpanStatusCode.ERROR);
    expect(boom!.attributes['http.response.status_code']).toBe(500);

    exporter.reset();
    expect((await fetch(`${base}/reset-password?token=secret-reset-token`)).status).toBe(200);
    const [reset] = await serverSpans();
    expect(JSON.stringify(reset!.attributes)).not.toContain('secret-reset-token');
    expect(reset!.attributes['url.path']).toBe('/reset-password');
  });
});
