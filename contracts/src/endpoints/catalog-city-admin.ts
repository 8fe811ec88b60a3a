import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { cityAnswer } from '../catalog.ts';
import { cityUpdate } from '../city-admin.ts';

/** The catalog, for admins: fixing a city's name, country and coordinates. */
export const catalogCityAdminEndpoints = defineEndpoints('catalog', {
  'PUT /api/admin/cities/:id': {
    access: 'admin',
    summary: 'Rename a city and fix its country and coordinates',
    params: z.object({ id: z.string() }),
    body: cityUpdate,
    responses: { 200: cityAnswer },
    doc: 'the city as stored (`listingCount` included); every listing in it takes the new name and country (`hotel.updated` each, so search, the other services and the hotel pages follow) and is logged as an `edited` audit entry naming the change. 400 "A city name must be 1 to 100 characters", "A country must be 2 to 100 characters", "Latitude must be from -90 to 90 and longitude from -180 to 180", "Give latitude and longitude together, or neither", "Only name, country, latitude and longitude can be set"; 404 "City not found"; 409 "Another city already has this name and country: merge the two instead" (nothing changes)',
  },
});
