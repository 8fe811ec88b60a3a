import { hotelProjectionHandlersFor } from '@reproute/platform';
import { markHotelDeleted, upsertHotel } from '../store/hotels.ts';

/** Keeps the referral service's copy of each hotel from catalog.hotels: every hotel.* event carries the whole snapshot. */
export const hotelProjectionHandlers = hotelProjectionHandlersFor({ upsert: upsertHotel, markDeleted: markHotelDeleted });
