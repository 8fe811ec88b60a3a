import type { EventData } from '@reproute/contracts';
import type { EventHandler, EventHandlers } from './consumer.ts';
import type { PoolClient } from './db.ts';

/** The hotel as each hotel.* event carries it, whole (event-carried state transfer); hotel.deleted carries its id alone. */
export type HotelSnapshot = EventData<'hotel.created'>;

/** A service's copy of the catalog's hotels: its own table, written by its own statements. */
export interface HotelProjection {
  /** Stores the latest snapshot; a hotel created again after its deletion comes back. */
  upsert(tx: PoolClient, hotel: HotelSnapshot): Promise<void>;
  /** Marks the hotel deleted; what the service keeps of it afterwards is the service's to decide. */
  markDeleted(tx: PoolClient, hotelId: number): Promise<void>;
}

/**
 * The handlers that keep a projection in step with `catalog.hotels` (engagement, referral and analytics each
 * keep one): every snapshot event upserts, hotel.deleted marks the row deleted. Each runs in the consumer's
 * transaction, recorded once by event id, so a repeated delivery writes nothing twice.
 */
export function hotelProjectionHandlersFor(projection: HotelProjection): EventHandlers {
  const refresh: EventHandler<'hotel.created' | 'hotel.updated' | 'hotel.submitted' | 'hotel.approved' | 'hotel.rejected'> = (event, tx) =>
    projection.upsert(tx, event.data);
  return {
    'hotel.created': refresh,
    'hotel.updated': refresh,
    'hotel.submitted': refresh,
    'hotel.approved': refresh,
    'hotel.rejected': refresh,
    'hotel.deleted': (event, tx) => projection.markDeleted(tx, event.data.hotelId),
  };
}
