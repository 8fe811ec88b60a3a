import { describe, expect, it } from 'vitest';
import { hotelSearchQuery } from '@reproute/contracts';
import { toSearchCriteria } from '../../src/domain/search.ts';
import { searchConditions, searchSummarySql } from '../../src/store/search.ts';
import { savedSearchCriteria } from '../../src/domain/saved-search.ts';

const criteriaOf = (params: Record<string, string>) => toSearchCriteria(hotelSearchQuery.parse(params));

describe('eqMatch in the search criteria', () => {
  it('all (the default): one group per category with a choice', () => {
    const criteria = criteriaOf({ eq: 'squat rack,kettlebells,treadmill,pool' });
    expect(criteria.filters.eqMatch).toBe('all');
    expect(criteria.equipmentGroups).toEqual([['squat rack', 'kettlebells'], ['treadmill'], ['pool']]);
  });

  it('any: every chosen label in one group, so one condition', () => {
    const criteria = criteriaOf({ eq: 'squat rack,kettlebells,treadmill,pool', eqMatch: 'any' });
    expect(criteria.filters.eqMatch).toBe('any');
    expect(criteria.equipmentGroups).toEqual([['squat rack', 'kettlebells', 'treadmill', 'pool']]);
    const where = searchConditions(criteria);
    expect(where.text.match(/equipment_labels &&/g)).toHaveLength(1);
    expect(where.values).toContainEqual(['squat rack', 'kettlebells', 'treadmill', 'pool']);
    // The counts' mask path: one union of the labels' bits.
    const summary = searchSummarySql(criteria);
    expect(summary.text.split(' WHERE ').at(-1)!.match(/h\.equipment_mask & \d+ <> 0/g)).toHaveLength(1);
    expect(criteriaOf({ eq: 'squat rack,treadmill' }).equipmentGroups).toHaveLength(2);
  });

  it('any without labels narrows nothing', () => {
    expect(criteriaOf({ eqMatch: 'any' }).equipmentGroups).toEqual([]);
    expect(criteriaOf({ eq: 'hoverboard', eqMatch: 'any' }).equipmentGroups).toEqual([]);
  });

  it('a saved search keeps it: its criteria are the search page\'s', () => {
    expect(savedSearchCriteria({ eq: 'pool,treadmill', eqMatch: 'any' }).equipmentGroups).toEqual([['pool', 'treadmill']]);
    expect(savedSearchCriteria({ eq: 'pool,treadmill' }).equipmentGroups).toEqual([['treadmill'], ['pool']]);
  });
});
