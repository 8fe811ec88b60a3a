import type { EventHandlers } from '@reproute/platform';
import { markHotelDeleted, upsertHotel } from '../store/hotels.ts';

/** Keeps the referral service's copy of each hotel from catalog.hotels: every hotel.* event carries the whole snapshot. */
export const hotelProjectionHandlers: EventHandlers = {
  'hotel.created': (event, tx) => upsertHotel(tx, event.data),
  'hotel.updated': (event, tx) => upsertHotel(tx, event.data),
  'hotel.submitted': (event, tx) => upsertHotel(tx, event.data),
  'hotel.approved': (event, tx) => upsertHotel(tx, event.data),
  'hotel.rejected': (event, tx) => upsertHotel(tx, event.data),
  'hotel.deleted': (event, tx) => markHotelDeleted(tx, event.data.hotelId),
};
