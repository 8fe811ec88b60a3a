import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Logger } from '@reproute/platform';
import { pagesPlugin, type ServiceGet } from '@reproute/pages';
import type { Config } from '../config.ts';
import type { ServiceName } from '../routes.ts';

/** A GET of a service's public answer through the gateway's balancer, with the page's deadline. */
export function serviceGet(instances: Record<ServiceName, { request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> }>): ServiceGet {
  return async (service, path, timeoutMs) => {
    const answer = await instances[service].request({
      method: 'GET',
      path,
      headers: { accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    } as Dispatcher.RequestOptions);
    const text = await answer.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: answer.statusCode, body };
  };
}

/** This gateway's name among its instances: the consumer group it hears hotel changes in. */
export function gatewayInstanceId(instanceId: string | undefined, port: number): string {
  return instanceId ?? `${hostname()}-${port}`;
}

export interface GatewayPagesOptions {
  config: Config;
  logger: Logger;
  instances: Record<ServiceName, { request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> }>;
  /** Hear the catalog's hotel events (and engagement's review events) on Kafka. */
  hotelEvents?: boolean;
  /** Load the server render at start. */
  warm?: boolean;
  /** Every hotel or review event empties the public reads the gateway keeps for visitors. */
  onPublicChange: () => void;
}

/**
 * The front end's pages (@reproute/pages, frontend/server), mounted in this process: the gateway hands them its
 * balancer, its Kafka settings and consumer group, the public address, the build, and what to empty on an event.
 */
export async function mountPages(app: FastifyInstance, options: GatewayPagesOptions): Promise<void> {
  const { config } = options;
  await app.register(pagesPlugin, {
    dist: config.FRONTEND_DIST,
    serverRender: config.FRONTEND_SERVER_RENDER,
    origin: config.PUBLIC_APP_URL,
    get: serviceGet(options.instances),
    logger: options.logger,
    hotelTtlMs: config.PAGE_HOTEL_TTL_MS,
    sitemapTtlMs: config.PAGE_SITEMAP_TTL_MS,
    warm: options.warm,
    onPublicChange: options.onPublicChange,
    ...(options.hotelEvents
      ? { events: { brokers: config.KAFKA_BROKERS, security: config, clientId: 'gateway', groupId: `gateway.pages.${gatewayInstanceId(config.INSTANCE_ID, config.PORT)}` } }
      : {}),
  });
}
