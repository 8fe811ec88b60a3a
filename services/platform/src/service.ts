import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import { opsPortOf, opsPortOffset } from './deployment-settings.ts';
import { opsAppOf } from './ops.ts';

export type Closer = { name: string; close: () => Promise<unknown> };

/**
 * Listens (the app's port, then its ops port: ops.ts), then on SIGTERM/SIGINT shuts down in order: stop
 * accepting and finish in-flight requests (readiness answering 503 meanwhile), then each closer in the order
 * given (consumers, relay, workers, pools, telemetry).
 */
export async function runService(options: {
  app: FastifyInstance;
  host: string;
  port: number;
  /** Where /health/ready and /metrics listen (OPS_PORT), on the same host; default port + 50 (0 with port 0). */
  opsPort?: number;
  logger: Logger;
  closers?: Closer[];
  shutdownTimeoutMs?: number;
}): Promise<void> {
  const { app, logger } = options;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 15_000);
    timer.unref();
    // Keep-alive sockets of requests that were in flight when close began become idle later; close them as they do.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(idleSweep);
      for (const closer of options.closers ?? []) {
        await closer.close().catch((err: unknown) => logger.warn({ err, closer: closer.name }, 'error while closing'));
      }
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  await app.listen({ host: options.host, port: options.port });
  // Ready only once the main port takes requests.
  await opsAppOf(app).listen({ host: options.host, port: options.opsPort ?? (options.port === 0 ? 0 : options.port + opsPortOffset) });
}

import type { z } from 'zod';
import { clientAddressKeyOf, type ServiceConfig, type serviceConfigSchema } from './config.ts';
import { startProcess } from './boot.ts';
import { loadSealingKey } from './sealing.ts';
import { createPool, type Pool } from './db.ts';
import { migrate } from './migrate.ts';
import { KafkaBus, type EventBus } from './bus.ts';
import { OutboxRelay, outboxBacklog } from './outbox.ts';
import { startDeliveryPruning } from './delivery-retention.ts';
import { startConsumer, type ConsumerOptions } from './consumer.ts';
import { gaugeOnScrape, registerEventMetrics } from './metrics.ts';
import { RevocationList, type RevocationCheck } from './revocations.ts';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServiceContext<C extends ServiceConfig = ServiceConfig> {
  config: C;
  logger: Logger;
  pool: Pool;
  /** Kafka in a running service; route tests pass an in-memory bus. */
  bus: EventBus;
  relay: OutboxRelay;
  /**
   * Revoked tokens, kept locally from Redis; pass to authPlugin so a logout holds at this service too.
   * In a service started with `sharedRevocations: false` it is never ready: a token checked against it
   * answers 503, never passes.
   */
  revocations: RevocationCheck;
  /** The key the gateway signs client addresses with (pass to createHttpApp); absent in route tests, where no forwarded address is believed. */
  clientAddressKey?: Buffer;
}

/** What a service that keeps no shared revocation list holds instead: it fails closed if used. */
const noSharedRevocations: RevocationCheck = {
  ready: false,
  isRevoked: () => true,
};

type ConsumerSpec = Omit<ConsumerOptions, 'bus' | 'pool' | 'logger'>;

/**
 * The boot sequence every service shares: validated config, logger, Postgres pool and migrations
 * in the service's schema, Kafka bus, outbox relay, consumers, then the HTTP app; shutdown runs
 * in reverse. main.ts files call this; tests build the app with buildApp directly.
 */
export async function startService<S extends typeof serviceConfigSchema>(definition: {
  configSchema: S;
  migrationsDir: string;
  buildApp: (ctx: ServiceContext<z.infer<S>>) => Promise<FastifyInstance>;
  consumers?: (ctx: ServiceContext<z.infer<S>>) => ConsumerSpec[];
  beforeListen?: (ctx: ServiceContext<z.infer<S>>) => Promise<Closer[] | void>;
  /**
   * False for a service that checks no token against the shared revocation list: identity keeps its
   * own from Postgres, and the notifier serves no user. It then opens no Redis connections for the
   * list and does not wait for it at start.
   */
  sharedRevocations?: boolean;
}): Promise<void> {
  const { config, logger } = startProcess(definition.configSchema);
  // Connection settings (TLS, credentials) come from the config: deployment-settings.ts, connections.ts.
  const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: config.DB_POOL_MAX, logger, tls: config });
  await migrate({ databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, dir: definition.migrationsDir, logger, tls: config });
  const bus = new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: config.SERVICE_NAME, logger, security: config });
  const relay = new OutboxRelay({ pool, bus, logger: logger.child({ component: 'outbox' }), schema: config.DB_SCHEMA, listenUrl: config.DATABASE_URL, listenTls: config });
  const sharedRevocations =
    definition.sharedRevocations === false
      ? undefined
      : new RevocationList({ redis: config, logger: logger.child({ component: 'revocations' }), name: config.SERVICE_NAME });
  await sharedRevocations?.start();
  const clientAddressKey = await loadSealingKey({ ...clientAddressKeyOf(config), logger });
  const ctx: ServiceContext<z.infer<S>> = { config, logger, pool, bus, relay, revocations: sharedRevocations ?? noSharedRevocations, clientAddressKey };

  registerEventMetrics();
  gaugeOnScrape('outbox_unsent_rows', 'Outbox rows not yet published', async () => (await outboxBacklog(pool)).unsent);
  gaugeOnScrape('outbox_oldest_unsent_age_seconds', 'Age of the oldest unpublished outbox row', async () => (await outboxBacklog(pool)).oldestAgeSeconds);

  const app = await definition.buildApp(ctx);
  relay.start();
  const pruning = startDeliveryPruning({
    pool,
    logger: logger.child({ component: 'retention' }),
    retention: { sentOutboxHours: config.OUTBOX_SENT_RETENTION_HOURS, processedEventHours: config.PROCESSED_EVENTS_RETENTION_HOURS },
  });
  const consumerHandles: { stop: () => Promise<void> }[] = [];
  for (const spec of definition.consumers?.(ctx) ?? []) {
    // Consumers join in the background: a broker that is down at start must not stop the HTTP side.
    void (async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          consumerHandles.push(await startConsumer({ ...spec, bus, pool, logger: logger.child({ consumer: spec.name }) }));
          logger.info({ consumer: spec.name, topics: spec.topics }, 'consumer started');
          return;
        } catch (err) {
          logger.warn({ err, consumer: spec.name, attempt }, 'consumer could not start; retrying');
          await sleep(Math.min(10_000, 500 * attempt));
        }
      }
    })();
  }
  const extraClosers = (await definition.beforeListen?.(ctx)) ?? [];
  const telemetry = (globalThis as { __reprouteTelemetry?: () => Promise<void> }).__reprouteTelemetry;
  await runService({
    app,
    host: config.HOST,
    port: config.PORT,
    opsPort: opsPortOf(config),
    logger,
    closers: [
      { name: 'consumers', close: () => Promise.all(consumerHandles.map((c) => c.stop())) },
      ...extraClosers,
      { name: 'outbox relay', close: () => relay.stop() },
      { name: 'delivery pruning', close: () => pruning.stop() },
      { name: 'revocations', close: async () => sharedRevocations?.close() },
      { name: 'kafka', close: () => bus.close() },
      { name: 'postgres', close: () => pool.end() },
      { name: 'telemetry', close: () => telemetry?.() ?? Promise.resolve() },
    ],
  });
  logger.info({ port: config.PORT, opsPort: opsPortOf(config) }, 'service listening');
}
