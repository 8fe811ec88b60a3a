import { topics } from '@reproute/contracts';
import type { EventHandler, EventHandlers } from '@reproute/platform';
import { markHotelDeleted, upsertHotel } from '../store/hotels.ts';

const refreshHotel: EventHandler<'hotel.created' | 'hotel.updated' | 'hotel.submitted' | 'hotel.approved' | 'hotel.rejected'> = async (event, tx) => {
  await upsertHotel(tx, event.data);
};

/** Keeps engagement's hotel projection (id, name, provider, approval) in step with the catalog. */
export const hotelProjectionHandlers: EventHandlers = {
  'hotel.created': refreshHotel,
  'hotel.updated': refreshHotel,
  'hotel.submitted': refreshHotel,
  'hotel.approved': refreshHotel,
  'hotel.rejected': refreshHotel,
  'hotel.deleted': async (event, tx) => {
    await markHotelDeleted(tx, event.data.hotelId);
  },
};

export const hotelProjectionConsumer = {
  name: 'engagement-hotels',
  topics: [topics.hotels],
  handlers: hotelProjectionHandlers,
};
