import { z } from 'zod';
import { cityAdminMessages as m } from './messages.ts';
import { hasControlCharacter } from './plain-text.ts';

/** An admin's fix of a city (docs/decisions.md, "Fixing a city"): its name, its country and its coordinates (both or neither). */
export const cityUpdate = z
  .strictObject(
    {
      name: z.string({ error: m.nameInvalid }).trim().min(1, m.nameInvalid).max(100, m.nameInvalid).refine((value) => !hasControlCharacter(value), m.nameInvalid),
      country: z.string({ error: m.countryInvalid }).trim().min(2, m.countryInvalid).max(100, m.countryInvalid).refine((value) => !hasControlCharacter(value), m.countryInvalid),
      latitude: z.number({ error: m.coordinatesInvalid }).min(-90, m.coordinatesInvalid).max(90, m.coordinatesInvalid).nullable(),
      longitude: z.number({ error: m.coordinatesInvalid }).min(-180, m.coordinatesInvalid).max(180, m.coordinatesInvalid).nullable(),
    },
    { error: m.unknownField },
  )
  .refine((city) => (city.latitude === null) === (city.longitude === null), { message: m.coordinatesTogether, path: ['longitude'] });
export type CityUpdate = z.infer<typeof cityUpdate>;
