import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/** One per process: OpenTelemetry's globals take the first registration, and unit test files share their worker. */
const installed = Symbol.for('reproute.test-tracing');

/** A real in-memory tracer for tests: spans are recorded and W3C context propagates. Every file gets the same exporter. */
export function installTestTracing(): InMemorySpanExporter {
  const holder = globalThis as { [installed]?: InMemorySpanExporter };
  if (holder[installed]) return holder[installed];
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  holder[installed] = exporter;
  return exporter;
}
