import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventCatalog, type Envelope, type EventData, type EventType } from '@reproute/contracts';
import { KafkaBus } from '../bus.ts';
import { createLogger } from '../logger.ts';
import { stack } from './stack.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/** Publishes envelopes straight to Kafka, as another service's relay would. */
export function testBus(): KafkaBus {
  return new KafkaBus({ brokers: stack.kafkaBrokers, clientId: `test-${randomUUID().slice(0, 8)}`, logger: createLogger('test', 'fatal') });
}

export function envelope<T extends EventType>(type: T, data: EventData<T>): Envelope<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data };
}

/** Retries for a while: other suites stop and start the broker. */
export async function publish(bus: KafkaBus, event: Envelope, key: string | number): Promise<void> {
  const message = { topic: eventCatalog[event.type].topic, key: String(key), value: JSON.stringify(event), headers: { 'event-type': event.type, 'event-id': event.id } };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await bus.publish([message]);
    } catch (err) {
      if (attempt >= 20) throw err;
      await sleep(2_000);
    }
  }
}

/** Hotel ids no seed uses, distinct per run. */
export function testHotelIds(count: number): number[] {
  const base = 800_000 + Math.floor(Math.random() * 19_000) * 10;
  return Array.from({ length: count }, (_, i) => base + i);
}

export function testHotel(hotelId: number, overrides: Partial<EventData<'hotel.created'>> = {}): EventData<'hotel.created'> {
  return {
    hotelId,
    name: `Test Hotel ${hotelId}`,
    slug: `test-hotel-${hotelId}`,
    city: 'London',
    country: 'United Kingdom',
    providerId: null,
    providerEmail: null,
    contactEmail: `hotel-${hotelId}@example.com`,
    bookingUrl: `https://book.example.com/${hotelId}`,
    isApproved: true,
    ...overrides,
  };
}

/** The service's own database, read by tests to check what was stored. */
export function serviceDb(role: string): pg.Pool {
  return new pg.Pool({ connectionString: stack.databaseUrl(role), max: 2, options: `-c search_path=${role}` });
}
