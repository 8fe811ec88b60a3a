/**
 * Loaded with `node --import` before the application, so instrumentation patches modules
 * before they are first imported. Exports OTLP/HTTP (JSON encoding) when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; without it spans are still created (trace ids in logs) but not exported.
 */
import { register } from 'node:module';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { redactUrl } from '../logger.ts';
import { traceSampleRatio } from './sampling.ts';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

// Metrics are Prometheus' job (/metrics) and logs go to stdout: only traces leave through OTLP.
process.env.OTEL_METRICS_EXPORTER ??= 'none';
process.env.OTEL_LOGS_EXPORTER ??= 'none';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
const spanProcessors: SpanProcessor[] = endpoint
  ? [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 500,
        maxQueueSize: 8192,
        maxExportBatchSize: 512,
      }),
    ]
  : [];

const sdk = new NodeSDK({
  serviceName: process.env.SERVICE_NAME ?? 'reproute',
  ...(process.env.INSTANCE_ID ? { resource: resourceFromAttributes({ 'service.instance.id': process.env.INSTANCE_ID }) } : {}),
  sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(traceSampleRatio()) }),
  spanProcessors,
  instrumentations: [
    getNodeAutoInstrumentations({
      '@opentelemetry/instrumentation-fs': { enabled: false },
      '@opentelemetry/instrumentation-dns': { enabled: false },
      '@opentelemetry/instrumentation-net': { enabled: false },
      '@opentelemetry/instrumentation-kafkajs': { enabled: false },
      '@opentelemetry/instrumentation-pino': { enabled: false },
      // The gateway propagates context to upstream services itself (reply-from's headers); the undici
      // instrumentation would add a second traceparent value to the same request, which breaks it.
      '@opentelemetry/instrumentation-undici': { enabled: false },
      // Background polling (outbox relay, BullMQ's blocking reads) would otherwise make a root trace
      // per query; database and Redis calls are traced only inside a request or message span.
      '@opentelemetry/instrumentation-pg': { requireParentSpan: true },
      // Reset tokens travel in the reset page's query string: spans keep the URL without them.
      '@opentelemetry/instrumentation-http': {
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
      },
      '@opentelemetry/instrumentation-ioredis': { requireParentSpan: true },
    }),
  ],
});
sdk.start();

/** Flushes spans on shutdown; services add it as their last closer. */
export const shutdownTelemetry = () => sdk.shutdown();
(globalThis as { __reprouteTelemetry?: () => Promise<void> }).__reprouteTelemetry = shutdownTelemetry;
