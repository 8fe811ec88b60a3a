import { endpointReads } from './client';

/**
 * Every cached public hotel read (lists, searches, hotel pages): what a change to a hotel makes stale.
 * Its own module, so the admin and provider pages that invalidate it do not load the search code.
 */
export const hotelReads = endpointReads('GET /api/hotels', 'GET /api/hotels/search', 'GET /api/hotels/:idOrSlug');
