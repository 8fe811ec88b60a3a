import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { topics } from '@reproute/contracts';
import { KafkaBus, type KafkaSettings, type Logger } from '@reproute/platform';
import type { CatalogPages, PageAnswers } from './catalog-pages.ts';
import type { PublicReadCache } from './public-cache.ts';

/** What the gateway reads of a hotel event: which hotel, and its slug when the event carries one. */
export function changedHotel(value: string | null): { hotelId: number; slug?: string } | undefined {
  let event: { type?: unknown; data?: { hotelId?: unknown; slug?: unknown } } | null;
  try {
    event = JSON.parse(value ?? 'null') as typeof event;
  } catch {
    return undefined;
  }
  if (typeof event?.type !== 'string' || !event.type.startsWith('hotel.')) return undefined;
  const { hotelId, slug } = event.data ?? {};
  if (typeof hotelId !== 'number') return undefined;
  return { hotelId, ...(typeof slug === 'string' ? { slug } : {}) };
}

/** What one hotel or review event ends of what the gateway keeps (listenForHotelChanges, below). */
export function forgetChanged(message: { topic: string; value: string | null }, kept: { pages: CatalogPages; reviews?: PageAnswers; publicReads?: PublicReadCache }): void {
  kept.publicReads?.clear();
  if (message.topic === topics.reviews) kept.reviews?.changed();
  if (message.topic !== topics.hotels) return;
  const changed = changedHotel(message.value);
  if (changed) kept.pages.hotelChanged(changed.hotelId, changed.slug);
}

/**
 * Keeps page heads, the sitemap and the public reads kept for visitors current from the catalog's hotel
 * events and engagement's review events: every gateway instance hears every event (its own consumer
 * group, reading from now on) and forgets what it kept of that hotel (and the public reads, which list
 * hotels with their ratings, and reviews; a review event also ends the reviews written into hotel pages). While Kafka is unavailable the caches' TTLs still bound how
 * stale an answer can be.
 */
export function listenForHotelChanges(options: {
  brokers: string;
  /** Kafka SASL and TLS (KAFKA_SASL_*, KAFKA_TLS*). */
  security?: KafkaSettings;
  instanceId: string;
  pages: CatalogPages;
  reviews?: PageAnswers;
  publicReads?: PublicReadCache;
  logger: Logger;
}): { close: () => Promise<void> } {
  const logger = options.logger.child({ component: 'hotel-changes' });
  const bus = new KafkaBus({ brokers: options.brokers, clientId: 'gateway', logger, security: options.security });
  let closed = false;
  const closing = new AbortController();
  let subscription: { stop: () => Promise<void> } | undefined;
  const subscribing = (async () => {
    for (let attempt = 1; !closed; attempt += 1) {
      try {
        subscription = await bus.subscribe({
          groupId: `gateway.pages.${options.instanceId}`,
          topics: [topics.hotels, topics.reviews],
          fromBeginning: false,
          onMessage: async (message) => forgetChanged(message, options),
        });
        if (closed) await subscription.stop();
        else logger.info({ topics: [topics.hotels, topics.reviews] }, 'listening for hotel and review changes');
        return;
      } catch (err) {
        if (closed) return;
        logger.warn({ err, attempt }, 'cannot listen for hotel changes yet (Kafka unavailable); pages fall back to their TTL');
        await sleep(Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5)), undefined, { signal: closing.signal }).catch(() => undefined);
      }
    }
  })();
  return {
    close: async () => {
      closed = true;
      closing.abort();
      await subscribing;
      await bus.close();
    },
  };
}

/** This gateway's name among its instances: the consumer group it hears hotel changes in. */
export function gatewayInstanceId(instanceId: string | undefined, port: number): string {
  return instanceId ?? `${hostname()}-${port}`;
}
