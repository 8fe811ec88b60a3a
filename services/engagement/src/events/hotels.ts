import { topics } from '@reproute/contracts';
import { hotelProjectionHandlersFor } from '@reproute/platform';
import { markHotelDeleted, upsertHotel } from '../store/hotels.ts';

/** Keeps engagement's hotel projection (id, name, provider, approval) in step with the catalog. */
export const hotelProjectionHandlers = hotelProjectionHandlersFor({ upsert: upsertHotel, markDeleted: markHotelDeleted });

export const hotelProjectionConsumer = {
  name: 'engagement-hotels',
  topics: [topics.hotels],
  handlers: hotelProjectionHandlers,
};
