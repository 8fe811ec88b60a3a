import { describe, expect, it } from 'vitest';
import { hotelSearchQuery } from '../src/catalog.ts';
import { matchesEquipment, type EquipmentByCategory } from '../src/equipment.ts';
import { savedSearchParams, savedSearchParamsFromUrl, savedSearchPath } from '../src/saved-searches.ts';

// Issue 50: `eqMatch` says how the chosen equipment combines, `all` (the default, document 1's rule) or `any`.
describe('eqMatch in the search query', () => {
  it('is all when left out, blank or unknown (dropped like an unknown sort), any when asked in any case', () => {
    expect(hotelSearchQuery.parse({}).eqMatch).toBe('all');
    expect(hotelSearchQuery.parse({ eqMatch: '' }).eqMatch).toBe('all');
    expect(hotelSearchQuery.parse({ eqMatch: 'all' }).eqMatch).toBe('all');
    expect(hotelSearchQuery.parse({ eqMatch: 'both' }).eqMatch).toBe('all');
    expect(hotelSearchQuery.parse({ eqMatch: ['any', 'all'] }).eqMatch).toBe('all');
    expect(hotelSearchQuery.parse({ eqMatch: 'any' }).eqMatch).toBe('any');
    expect(hotelSearchQuery.parse({ eqMatch: ' ANY ', eq: 'pool,sauna' })).toMatchObject({ eqMatch: 'any', eq: 'pool,sauna' });
  });
});

describe('eqMatch in a saved search', () => {
  it('is kept, written right after eq in the search page order', () => {
    const params = savedSearchParams.parse({ eq: 'pool,treadmill', eqMatch: 'any', sort: 'price' });
    expect(params).toEqual({ eq: 'pool,treadmill', eqMatch: 'any', sort: 'price' });
    expect(savedSearchPath(params)).toBe('/search?eq=pool,treadmill&eqMatch=any&sort=price');
    expect(savedSearchParamsFromUrl(new URLSearchParams('eqMatch=any&eq=pool,sauna&view=map'))).toEqual({ eq: 'pool,sauna', eqMatch: 'any' });
  });
});

describe('matchesEquipment', () => {
  const hotel: EquipmentByCategory = { strength: ['squat rack'], cardio: [], specialty: [], recovery: ['pool'] };

  it('all: one chosen label of every chosen category; any: one chosen label of any category', () => {
    expect(matchesEquipment(hotel, ['squat rack', 'treadmill'])).toBe(false);
    expect(matchesEquipment(hotel, ['squat rack', 'treadmill'], 'all')).toBe(false);
    expect(matchesEquipment(hotel, ['squat rack', 'treadmill'], 'any')).toBe(true);
    expect(matchesEquipment(hotel, ['squat rack', 'pool'], 'all')).toBe(true);
    expect(matchesEquipment(hotel, ['treadmill', 'sauna'], 'any')).toBe(false);
  });

  it('any leaves unknown labels out, as all does, and nothing chosen matches every hotel', () => {
    expect(matchesEquipment(hotel, ['hoverboard'], 'any')).toBe(matchesEquipment(hotel, ['hoverboard'], 'all'));
    expect(matchesEquipment(hotel, ['hoverboard', 'pool'], 'any')).toBe(true);
    expect(matchesEquipment(hotel, [], 'any')).toBe(true);
  });
});
