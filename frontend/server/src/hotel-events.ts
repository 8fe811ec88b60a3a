import { setTimeout as sleep } from 'node:timers/promises';
import { topics } from '@reproute/contracts';
import { KafkaBus, type KafkaSettings, type Logger } from '@reproute/platform';
import type { CatalogPages, PageAnswers } from './answers.ts';

/** What pages read of a hotel event: which hotel, and its slug when the event carries one. */
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

/** What pages keep that hotel and review events end, and who else is told of every such event. */
export interface KeptForPages {
  pages: CatalogPages;
  reviews?: PageAnswers;
  /** Called on every hotel and review event (the gateway empties the public reads it keeps for visitors). */
  onPublicChange?: () => void;
}

/** What one hotel or review event ends of what is kept (listenForHotelChanges, below). */
export function forgetChanged(message: { topic: string; value: string | null }, kept: KeptForPages): void {
  kept.onPublicChange?.();
  if (message.topic === topics.reviews) kept.reviews?.changed();
  if (message.topic !== topics.hotels) return;
  const changed = changedHotel(message.value);
  if (changed) kept.pages.hotelChanged(changed.hotelId, changed.slug);
}

/** Where the pages hear hotel and review events: the brokers, and the client and consumer group the process hears them as. */
export interface HotelEventSettings {
  brokers: string;
  /** Kafka SASL and TLS (KAFKA_SASL_*, KAFKA_TLS*). */
  security?: KafkaSettings;
  clientId: string;
  /** One group per process (`gateway.pages.{instance}`), so every process hears every event. */
  groupId: string;
}

/**
 * Keeps hotel pages, the sitemap and what the caller keeps for visitors current from the catalog's hotel
 * events and engagement's review events: the process hears every event (its own consumer group, reading from
 * now on) and forgets what it kept of that hotel (and everything `onPublicChange` stands for, which lists
 * hotels with their ratings, and reviews; a review event also ends the reviews written into hotel pages).
 * While Kafka is unavailable the caches' TTLs still bound how stale an answer can be.
 */
export function listenForHotelChanges(settings: HotelEventSettings, kept: KeptForPages, parentLogger: Logger): { close: () => Promise<void> } {
  const logger = parentLogger.child({ component: 'hotel-changes' });
  const bus = new KafkaBus({ brokers: settings.brokers, clientId: settings.clientId, logger, security: settings.security });
  let closed = false;
  const closing = new AbortController();
  let subscription: { stop: () => Promise<void> } | undefined;
  const subscribing = (async () => {
    for (let attempt = 1; !closed; attempt += 1) {
      try {
        subscription = await bus.subscribe({
          groupId: settings.groupId,
          topics: [topics.hotels, topics.reviews],
          fromBeginning: false,
          onMessage: async (message) => forgetChanged(message, kept),
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
