import { topics } from '@reproute/contracts';
import { hotelProjectionHandlers } from '../store/hotels.ts';

/** Who owns each hotel, from catalog.hotels. */
export const hotelConsumer = { name: 'webhooks-hotels', topics: [topics.hotels], handlers: hotelProjectionHandlers };
