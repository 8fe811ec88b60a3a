import client from 'prom-client';

/** One registry per process; every service and the gateway expose it at /metrics. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

/** A metric made (and registered) on first use, so a process exposes only the metrics it fills. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const httpDuration = onFirstUse(
  () =>
    new client.Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
);
const requestsShed = onFirstUse(
  () =>
    new client.Counter({
      name: 'http_requests_shed_total',
      help: 'Requests answered 503 at once because the process was overloaded (event-loop delay or utilization)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
);
const eventsConsumed = onFirstUse(
  () =>
    new client.Counter({
      name: 'events_consumed_total',
      help: 'Kafka events handled by consumers, by outcome (processed, duplicate, ignored, failed, transient-failure, dead-lettered)',
      labelNames: ['consumer', 'type', 'outcome'] as const,
      registers: [registry],
    }),
);
const eventsDeadLettered = onFirstUse(
  () =>
    new client.Counter({
      name: 'events_dead_lettered_total',
      help: 'Messages sent to a dead-letter topic',
      labelNames: ['consumer', 'topic'] as const,
      registers: [registry],
    }),
);
const outboxPublished = onFirstUse(
  () =>
    new client.Counter({
      name: 'outbox_published_total',
      help: 'Outbox rows published to Kafka',
      labelNames: ['schema'] as const,
      registers: [registry],
    }),
);
const business = onFirstUse(
  () =>
    new client.Counter({
      name: 'business_events_total',
      help: 'Product actions: searches, referral clicks, leads, reviews submitted and approved',
      labelNames: ['action'] as const,
      registers: [registry],
    }),
);

export const metrics = {
  get httpDuration() {
    return httpDuration();
  },
  get requestsShed() {
    return requestsShed();
  },
  get eventsConsumed() {
    return eventsConsumed();
  },
  get eventsDeadLettered() {
    return eventsDeadLettered();
  },
  get outboxPublished() {
    return outboxPublished();
  },
  get business() {
    return business();
  },
};

/** A service's event metrics, listed from its start (at zero) rather than from the first event. */
export function registerEventMetrics(): void {
  eventsConsumed();
  eventsDeadLettered();
  outboxPublished();
}

/** Registers a gauge computed when Prometheus scrapes (e.g. outbox backlog). */
export function gaugeOnScrape(name: string, help: string, read: () => Promise<number>, labelNames: string[] = []): client.Gauge {
  return new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch {
        // a failed read leaves the last value; readiness reports the dependency itself
      }
    },
  });
}
