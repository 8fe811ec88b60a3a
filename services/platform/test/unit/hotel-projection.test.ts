import { describe, expect, it } from 'vitest';
import { eventCatalog, topics, type Envelope, type EventType } from '@reproute/contracts';
import { hotelProjectionHandlersFor, type HotelSnapshot } from '../../src/hotel-projection.ts';
import type { PoolClient } from '../../src/db.ts';
import type { EventHandler } from '../../src/consumer.ts';

const snapshot: HotelSnapshot = {
  hotelId: 7,
  name: 'Harbour Gym Hotel',
  slug: 'harbour-gym-hotel',
  city: 'Lisbon',
  country: 'Portugal',
  providerId: null,
  providerEmail: null,
  contactEmail: null,
  bookingUrl: 'https://harbour.example',
  isApproved: true,
  equipmentLabels: ['squat rack'],
};

const envelope = (type: EventType, data: unknown) => ({ id: `e-${type}`, type, version: 1, occurredAt: new Date(0).toISOString(), data }) as unknown as Envelope;

describe('hotelProjectionHandlersFor', () => {
  const calls: unknown[][] = [];
  const handlers = hotelProjectionHandlersFor({
    upsert: async (_tx, hotel) => void calls.push(['upsert', hotel.hotelId]),
    markDeleted: async (_tx, hotelId) => void calls.push(['deleted', hotelId]),
  });
  const tx = {} as PoolClient;
  const deliver = (type: EventType, data: unknown) => (handlers[type] as EventHandler)(envelope(type, data), tx);

  // Notices for one reader (the provider's emails, the favourites' alerts), not changes of the listing: a decision on a
  // revision comes with its own hotel.updated, a review or a gym change with the hotel's next snapshot event; the gym
  // facts' confirmations, reports and reminders change no field a projection keeps.
  const notices = [
    'hotel.revision-approved',
    'hotel.revision-rejected',
    'hotel.review-published',
    'hotel.gym-updated',
    'hotel.gym-facts-confirmed',
    'hotel.gym-report-opened',
    'hotel.gym-report-resolved',
    'hotel.gym-facts-stale',
  ];

  it('handles every event of catalog.hotels that changes a listing, and nothing else', () => {
    const hotelEvents = Object.entries(eventCatalog).filter(([, entry]) => entry.topic === topics.hotels).map(([type]) => type);
    expect(Object.keys(handlers).sort()).toEqual(hotelEvents.filter((type) => !notices.includes(type)).sort());
    // A new event on the topic is decided here: a listing change (a handler) or a notice.
    expect(notices.every((type) => hotelEvents.includes(type))).toBe(true);
  });

  it('upserts the snapshot of every event that carries one and marks a deleted hotel deleted', async () => {
    calls.length = 0;
    for (const type of ['hotel.created', 'hotel.updated', 'hotel.submitted', 'hotel.approved'] as const) await deliver(type, snapshot);
    await deliver('hotel.rejected', { ...snapshot, reason: 'Photos missing' });
    await deliver('hotel.deleted', { hotelId: 7, providerId: null });
    expect(calls).toEqual([...Array.from({ length: 5 }, () => ['upsert', 7]), ['deleted', 7]]);
  });
});
