import { context, propagation, trace, ROOT_CONTEXT, SpanKind, type Context, type Span } from '@opentelemetry/api';

/** The one place trace context crosses process boundaries: Kafka headers and BullMQ job data use these. */
export function injectTraceContext(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

export function extractTraceContext(carrier: Record<string, string | Buffer | undefined | (string | Buffer)[]> | undefined): Context {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(carrier ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) flat[key] = first.toString();
  }
  // A carried context starts from the root: it must not inherit whatever happens to be active here.
  return propagation.extract(ROOT_CONTEXT, flat);
}

export const tracer = trace.getTracer('reproute');

/** Runs `work` inside a messaging span named `<destination> <operation>` with OpenTelemetry's messaging attributes. */
export function withMessagingSpan<T>(
  options: { destination: string; operation: 'publish' | 'process' | 'send'; system: string; parent?: Context; attributes?: Record<string, string | number> },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const kind = options.operation === 'process' ? SpanKind.CONSUMER : SpanKind.PRODUCER;
  return tracer.startActiveSpan(
    `${options.destination} ${options.operation}`,
    {
      kind,
      attributes: {
        'messaging.system': options.system,
        'messaging.destination.name': options.destination,
        'messaging.operation.type': options.operation,
        ...options.attributes,
      },
    },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: 2, message: (err as Error).message });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}
