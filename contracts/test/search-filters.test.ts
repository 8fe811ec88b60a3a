import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { hotelSearchAnswer, HotelSearchFilters, HotelSearchQuery } from '../src/catalog.ts';

// HotelSearchFilters is derived from the search query's schema; the answer's `filters` schema is written out
// (it validates what is sent) and must describe exactly that type, so neither can change alone.
describe('HotelSearchFilters', () => {
  it('is what the search answer says it applied', () => {
    expectTypeOf<z.infer<typeof hotelSearchAnswer>['filters']>().branded.toEqualTypeOf<HotelSearchFilters>();
  });

  it('takes each filter of the search query, a bound not given as null', () => {
    expectTypeOf<HotelSearchFilters['minPrice']>().toEqualTypeOf<number | null>();
    expectTypeOf<HotelSearchFilters['currency']>().toEqualTypeOf<HotelSearchQuery['currency']>();
    expectTypeOf<HotelSearchFilters['gymSize']>().toEqualTypeOf<HotelSearchQuery['gymSize']>();
  });
});
