import { describe, expect, it } from 'vitest';
import { allEquipmentLabels, hotelSearchQuery } from '@reproute/contracts';
import { cleanTerm, containsPattern, matchesSearch, matchesSearchTerm, toSearchCriteria } from '../../src/domain/search.ts';
import { equipmentMaskSql, searchConditions, searchPageSql, searchSummarySql } from '../../src/store/search.ts';

const criteriaFor = (query: Record<string, string>) => toSearchCriteria(hotelSearchQuery.parse(query));

const tokyo = { name: 'Shinjuku Skyline Tower Hotel', city: 'Tokyo', country: 'Japan', rawEquipment: ['Power rack', 'Treadmills', 'Sauna'] };
const paris = { name: 'Hôtel Lumière Saint-Honoré', city: 'Paris', country: 'France', rawEquipment: ['Pilates reformer', 'Hammam', 'Bike'] };
const abuDhabi = { name: 'Corniche Grand Palace Hotel', city: 'Abu Dhabi', country: 'United Arab Emirates', rawEquipment: ['Rowers', 'Pool'] };

describe('search criteria from the query string', () => {
  it('keeps only known equipment labels, without duplicates, and groups them by category', () => {
    const criteria = criteriaFor({ eq: 'squat rack, Treadmill,bogus,,squat rack,pool,kettlebells' });
    expect(criteria.equipment).toEqual(['squat rack', 'treadmill', 'pool', 'kettlebells']);
    expect(criteria.equipmentGroups).toEqual([['squat rack', 'kettlebells'], ['treadmill'], ['pool']]);
  });

  it('drops an eq made only of unknown labels', () => {
    const criteria = criteriaFor({ eq: 'hoverboard,laser' });
    expect(criteria.equipment).toEqual([]);
    expect(criteria.equipmentGroups).toEqual([]);
  });

  it('defaults to rating order, page 1 of 24, and accepts q as an alias of query', () => {
    const criteria = criteriaFor({ q: '  Paris  ' });
    expect(criteria).toMatchObject({ term: 'Paris', sort: 'rating', page: 1, pageSize: 24, offset: 0 });
    expect(criteriaFor({ query: 'London', q: 'Paris' }).term).toBe('London');
  });

  it('computes the offset of a page and bounds the page size at 100', () => {
    expect(criteriaFor({ page: '3', pageSize: '10' }).offset).toBe(20);
    expect(hotelSearchQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(hotelSearchQuery.safeParse({ pageSize: '0' }).success).toBe(false);
  });

  it('rejects an unknown sort with the spec-style message', () => {
    const result = hotelSearchQuery.safeParse({ sort: 'distance' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Sort must be rating, price or name');
    expect(hotelSearchQuery.parse({ sort: '' }).sort).toBe('rating');
  });

  it('strips control characters (the stored text uses \\x01 between fields) and squeezes spaces', () => {
    expect(cleanTerm(' new\x01  york\t')).toBe('new york');
    expect(cleanTerm(undefined)).toBe('');
  });

  it('escapes LIKE wildcards so a % or _ in the term is literal', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('tokyo')).toBe('%tokyo%');
  });
});

describe('matching rules (document 1, section 5)', () => {
  it('ignores case and accents on both sides', () => {
    expect(matchesSearchTerm(tokyo, 'TÔKYO')).toBe(true);
    expect(matchesSearchTerm(tokyo, 'tokyo')).toBe(true);
    expect(matchesSearchTerm(paris, 'hotel lumiere')).toBe(true);
    expect(matchesSearchTerm(paris, 'HÔTEL LUMIÈRE')).toBe(true);
  });

  it('matches a city that equals or contains the term', () => {
    expect(matchesSearchTerm(abuDhabi, 'abu dhabi')).toBe(true);
    expect(matchesSearchTerm(abuDhabi, 'dhab')).toBe(true);
  });

  it('matches a name or a country that contains the term', () => {
    expect(matchesSearchTerm(tokyo, 'skyline')).toBe(true);
    expect(matchesSearchTerm(abuDhabi, 'emirates')).toBe(true);
    expect(matchesSearchTerm(paris, 'fran')).toBe(true);
  });

  it('does not match across fields or on unrelated text', () => {
    expect(matchesSearchTerm(tokyo, 'tokyo japan')).toBe(false);
    expect(matchesSearchTerm(tokyo, 'london')).toBe(false);
  });

  it('matches everything when there is no term', () => {
    expect(matchesSearchTerm(tokyo, '   ')).toBe(true);
  });

  it('needs one selected label within a category (OR) and every selected category (AND)', () => {
    expect(matchesSearch(tokyo, { term: '', equipment: ['squat rack', 'kettlebells'] })).toBe(true);
    expect(matchesSearch(tokyo, { term: '', equipment: ['squat rack', 'treadmill'] })).toBe(true);
    expect(matchesSearch(tokyo, { term: '', equipment: ['squat rack', 'rower'] })).toBe(false);
    expect(matchesSearch(paris, { term: '', equipment: ['pilates equipment', 'steam room', 'bike'] })).toBe(true);
    expect(matchesSearch(paris, { term: 'paris', equipment: ['pool'] })).toBe(false);
  });
});

describe('search SQL', () => {
  it('filters approved hotels only when there is nothing else', () => {
    expect(searchConditions(criteriaFor({}))).toEqual({ text: 'h.is_approved', values: [] });
  });

  it('folds the term in Postgres against the trigram-indexed search text', () => {
    const sql = searchConditions(criteriaFor({ query: 'Tôkyo' }));
    expect(sql.text).toBe('h.is_approved AND h.search_text LIKE fold_text($1)');
    expect(sql.values).toEqual(['%Tôkyo%']);
  });

  it('adds one array-overlap condition per selected category', () => {
    const sql = searchConditions(criteriaFor({ query: 'x', eq: 'pool,sauna,treadmill' }));
    expect(sql.text).toBe('h.is_approved AND h.search_text LIKE fold_text($1) AND h.equipment_labels && $2::text[] AND h.equipment_labels && $3::text[]');
    expect(sql.values).toEqual(['%x%', ['treadmill'], ['pool', 'sauna']]);
  });

  it('orders and pages the results', () => {
    const byPrice = searchPageSql(criteriaFor({ sort: 'price', page: '2', pageSize: '5' }));
    expect(byPrice.text).toContain('ORDER BY h.price_usd ASC NULLS LAST, h.id LIMIT $1 OFFSET $2');
    expect(byPrice.values).toEqual([5, 5]);
    expect(searchPageSql(criteriaFor({ sort: 'name' })).text).toContain('ORDER BY h.name_key, h.id');
    expect(searchPageSql(criteriaFor({})).text).toContain('ORDER BY h.rating DESC, h.id');
  });

  it('counts the total and the facets over the same conditions', () => {
    const sql = searchSummarySql(criteriaFor({ query: 'paris', eq: 'pool' }));
    expect(sql.text).toContain('WHERE h.is_approved AND h.search_text LIKE fold_text($1) AND h.equipment_labels && $2::text[]');
    expect(sql.text).toContain('count(*)::int AS total');
    expect(sql.text).toContain('count(*) FILTER (WHERE h.equipment_mask & 1 <> 0)::int AS f0');
    expect(sql.text).toContain(`count(*) FILTER (WHERE h.equipment_mask & ${1 << 25} <> 0)::int AS f25`);
    expect(sql.values).toEqual(['%paris%', ['pool']]);
  });

  it('counts without a term on the label bits, so an index-only scan can serve it', () => {
    const sql = searchSummarySql(criteriaFor({ eq: 'pool,sauna,treadmill' }));
    expect(sql.text).toContain(`WHERE h.is_approved AND h.equipment_mask & ${1 << 9} <> 0 AND h.equipment_mask & ${(1 << 19) | (1 << 20)} <> 0`);
    expect(sql.values).toEqual([]);
  });

  it('derives the label bits in SQL in the same order as in code', () => {
    const sql = equipmentMaskSql();
    expect(sql.startsWith(`(CASE WHEN equipment_labels @> ARRAY['squat rack'] THEN 1 ELSE 0 END)`)).toBe(true);
    expect(sql).toContain(`ARRAY['dumbbells ≥40kg'] THEN 4 `);
    expect(sql.split(' | ')).toHaveLength(allEquipmentLabels.length);
  });
});
