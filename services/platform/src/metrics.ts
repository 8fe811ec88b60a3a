import client from 'prom-client';

/** One registry per process; every service and the gateway expose it at /metrics. */
export const registry = new client.Registry();
// prom-client's default metrics keep an event-loop histogram on a libuv timer (10 ms unless told otherwise),
// which wakes an idle process for nothing: that histogram records the whole interval between its ticks, not
// the delay past it, so its figures are not exported here at all (an idle process would show a p99 of one
// tick). Its timer is set to tick once in 24 days, so it never wakes the process; the lag measured at each
// scrape (`nodejs_eventloop_lag_seconds`) is exported, and load shedding keeps its own finer delay window.
const neverTicksMs = 2 ** 31 - 1;
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: neverTicksMs });
for (const figure of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) registry.removeSingleMetric(`nodejs_eventloop_lag_${figure}_seconds`);

/**
 * The process's metrics, each made (and registered) on first use, so a process exposes only the
 * metrics it fills: the gateway never lists Kafka or outbox metrics.
 */
function madeOnFirstUse<T extends Record<string, () => unknown>>(makers: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const made = new Map<string, unknown>();
  const metricsObject = {};
  for (const [name, make] of Object.entries(makers)) {
    Object.defineProperty(metricsObject, name, {
      enumerable: true,
      get: () => {
        if (!made.has(name)) made.set(name, make());
        return made.get(name);
      },
    });
  }
  return metricsObject as { readonly [K in keyof T]: ReturnType<T[K]> };
}

export const metrics = madeOnFirstUse({
  httpDuration: () =>
    new client.Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  requestsShed: () =>
    new client.Counter({
      name: 'http_requests_shed_total',
      help: 'Requests answered 503 at once because the process was overloaded (event-loop delay or utilization, or too many requests in flight)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  gatewayPublicCache: () =>
    new client.Counter({
      name: 'gateway_public_cache_total',
      help: "Visitors' public reads at the gateway: answered from memory (hit), from another caller's answer on its way (joined), or by the service (miss)",
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  eventsConsumed: () =>
    new client.Counter({
      name: 'events_consumed_total',
      help: 'Kafka events handled by consumers, by outcome (processed, duplicate, ignored, failed, transient-failure, dead-lettered)',
      labelNames: ['consumer', 'type', 'outcome'] as const,
      registers: [registry],
    }),
  eventsDeadLettered: () =>
    new client.Counter({
      name: 'events_dead_lettered_total',
      help: 'Messages sent to a dead-letter topic',
      labelNames: ['consumer', 'topic'] as const,
      registers: [registry],
    }),
  outboxPublished: () =>
    new client.Counter({
      name: 'outbox_published_total',
      help: 'Outbox rows published to Kafka',
      labelNames: ['schema'] as const,
      registers: [registry],
    }),
  consumerLag: () =>
    new client.Gauge({
      name: 'kafka_consumer_lag',
      help: 'Messages a consumer group is behind on a partition (after its last batch)',
      labelNames: ['group', 'topic', 'partition'] as const,
      registers: [registry],
    }),
  consumerBatchSize: () =>
    new client.Histogram({
      name: 'kafka_consumer_batch_messages',
      help: 'Messages per fetched batch of a consumer group (each batch costs one fetch)',
      labelNames: ['group'] as const,
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      registers: [registry],
    }),
  consumerCommits: () =>
    new client.Counter({
      name: 'kafka_consumer_offset_commits_total',
      help: 'Offset commits of a consumer group (handled offsets are committed together, at most once a second)',
      labelNames: ['group'] as const,
      registers: [registry],
    }),
  consumerRestarts: () =>
    new client.Counter({
      name: 'kafka_consumer_restarts_total',
      help: 'Consumers replaced after a failure kafkajs does not restart from (e.g. the group coordinator not found while Kafka restarts)',
      labelNames: ['group'] as const,
      registers: [registry],
    }),
  business: () =>
    new client.Counter({
      name: 'business_events_total',
      help: 'Product actions: searches, referral clicks, leads, reviews submitted and approved',
      labelNames: ['action'] as const,
      registers: [registry],
    }),
});

/** A service's event metrics, listed from its start (at zero) rather than from the first event. */
export function registerEventMetrics(): void {
  void [metrics.eventsConsumed, metrics.eventsDeadLettered, metrics.outboxPublished];
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
