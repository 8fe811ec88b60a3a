/**
 * Loaded with `node --import` before the application, so instrumentation patches modules
 * before they are first imported. Exports OTLP/HTTP (JSON encoding) when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; without it spans are still created (trace ids in logs) but not exported.
 */
import { register } from 'node:module';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { redactUrl } from '../logger.ts';
import { configOrExit, telemetryConfigSchema } from '../config.ts';
import { installResolveCache } from './resolve-cache.ts';

// The front end's server render (one 2 MB module, loaded by the gateway) holds nothing traced: wrapping its
// exports cost about 0.5 s of the gateway's first page.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { exclude: [/\/dist-server\//] } });
// The instrumentation's require hook resolves every require again; remember the answers (see resolve-cache.ts).
installResolveCache();

// OTEL_EXPORTER_OTLP_ENDPOINT, TRACE_SAMPLE_RATIO, SERVICE_NAME and INSTANCE_ID (platform config.ts); one the process
// cannot run with: its message and exit 78, as the process itself would.
const config = configOrExit(telemetryConfigSchema);
const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
const spanProcessors: SpanProcessor[] = endpoint
  ? [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 500,
        maxQueueSize: 8192,
        maxExportBatchSize: 512,
      }),
    ]
  : [];

// Traces only (metrics are Prometheus' job at /metrics, logs go to stdout): the tracer provider and the two
// instrumentations the services use. The full NodeSDK with every auto-instrumentation (198 packages) took
// 2.0-2.3 CPU-seconds to load against 0.7-0.9 for this, and a service start about 1 s longer.
const provider = new NodeTracerProvider({
  resource: defaultResource().merge(
    resourceFromAttributes({
      'service.name': config.SERVICE_NAME ?? 'reproute',
      ...(config.INSTANCE_ID ? { 'service.instance.id': config.INSTANCE_ID } : {}),
    }),
  ),
  // Parent-based: the first hop keeps TRACE_SAMPLE_RATIO of new traces and every later hop follows its decision.
  sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.TRACE_SAMPLE_RATIO) }),
  spanProcessors,
});
// AsyncLocalStorage context and W3C trace context (with baggage) propagation.
provider.register();
registerInstrumentations({
  instrumentations: [
    // Outgoing requests through node:http only: each incoming request's server span is made by the platform's
    // HTTP server (server-span.ts), at a fraction of this instrumentation's cost per request.
    // Reset tokens travel in the reset page's query string: spans keep the URL without them.
    new HttpInstrumentation({
      disableIncomingRequestInstrumentation: true,
      requestHook: (span, request) => {
        const url = 'url' in request ? request.url : undefined;
        if (!url || !url.includes('?') || redactUrl(url) === url) return;
        const redacted = redactUrl(url);
        span.setAttribute('http.target', redacted);
        span.setAttribute('url.path', redacted.split('?')[0]!);
        span.setAttribute('url.query', redacted.split('?')[1] ?? '');
        const host = 'headers' in request ? request.headers.host : undefined;
        if (host) span.setAttribute('http.url', `http://${host}${redacted}`);
      },
    }),
    // Background polling (BullMQ's blocking reads) would otherwise make a root trace per command; Redis calls
    // are traced only inside a request or message span. Postgres queries are spans of the pools the platform
    // makes (telemetry/pg-spans.ts), only in sampled traces.
    new IORedisInstrumentation({ requireParentSpan: true }),
  ],
});

/** Flushes spans on shutdown; services add it as their last closer. */
export const shutdownTelemetry = () => provider.shutdown();
(globalThis as { __reprouteTelemetry?: () => Promise<void> }).__reprouteTelemetry = shutdownTelemetry;
