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

  it('drops an unknown sort like an unknown eq label, and takes sortBy as an alias', () => {
    expect(hotelSearchQuery.parse({ sort: 'popularity' }).sort).toBe('rating');
    expect(hotelSearchQuery.parse({ sort: '' }).sort).toBe('rating');
    expect(hotelSearchQuery.parse({ sortBy: 'PRICE' }).sort).toBe('price');
  });

  it('sorts by distance only from a point, and wants both coordinates', () => {
    expect(hotelSearchQuery.safeParse({ sort: 'distance' }).error?.issues[0]?.message).toBe('Sort by distance needs a point: lat and lng');
    expect(hotelSearchQuery.safeParse({ lat: '48.8' }).error?.issues[0]?.message).toBe('A point needs both lat (-90 to 90) and lng (-180 to 180)');
    expect(hotelSearchQuery.safeParse({ lat: '91', lng: '2' }).success).toBe(false);
    expect(criteriaFor({ sort: 'distance', lat: '48.8566', lng: '2.3522' })).toMatchObject({ sort: 'distance', filters: { point: { lat: 48.8566, lng: 2.3522 } } });
  });

  it('reads the filters, dropping unknown list values', () => {
    const criteria = criteriaFor({
      minPrice: '100', maxPrice: '500.5', currency: 'eur', minRating: '4', gymAccessType: 'on-site,moon,PARTNERED', accessibilityFeatures: 'elevator,ramp,wheelchair-access',
      open24h: 'true', gymSize: 'large,huge', minDumbbellKg: '40',
    });
    expect(criteria.filters).toEqual({
      eqMatch: 'all', minPrice: 100, maxPrice: 500.5, currency: 'EUR', minRating: 4, gymAccessType: ['on-site', 'partnered'], accessibilityFeatures: ['wheelchair-access', 'elevator'],
      open24h: true, gymSize: ['large'], minDumbbellKg: 40, minRacks: null, adjustableBench: false, openEarly: false, openLate: false, entry: [], point: null,
    });
    expect(criteriaFor({ currency: 'XXX' }).filters.currency).toBe('USD');
    expect(criteriaFor({ open24h: 'no' }).filters.open24h).toBe(false);
  });

  it('rejects malformed numbers and a price range with min above max, with clear messages', () => {
    const message = (query: Record<string, string>) => hotelSearchQuery.safeParse(query).error?.issues[0]?.message;
    expect(message({ minPrice: 'cheap' })).toBe('Price must be a number from 0 to 10,000,000');
    expect(message({ maxPrice: '-5' })).toBe('Price must be a number from 0 to 10,000,000');
    expect(message({ minPrice: '300', maxPrice: '200' })).toBe('Minimum price must not be above the maximum price');
    expect(message({ minRating: '5.5' })).toBe('Minimum rating must be a number from 0 to 5');
    expect(message({ minDumbbellKg: 'heavy' })).toBe('Heaviest dumbbell must be a number of kilograms from 1 to 200');
  });

  it('splits the term into distinct words without the punctuation around them', () => {
    expect(criteriaFor({ query: ' Paris  sauna PARIS hôtel ' }).words).toEqual(['Paris', 'sauna', 'hôtel']);
    expect(criteriaFor({ query: 'tokyo' }).words).toEqual(['tokyo']);
    expect(criteriaFor({ query: '(Saint-Honoré), & St.' }).words).toEqual(['Saint-Honoré', 'St']);
  });

  it('refuses a query over 200 characters with the limit named', () => {
    expect(hotelSearchQuery.safeParse({ query: 'a'.repeat(200) }).success).toBe(true);
    expect(hotelSearchQuery.safeParse({ query: 'a'.repeat(201) }).error?.issues[0]?.message).toBe('Search text must be at most 200 characters');
    expect(hotelSearchQuery.safeParse({ q: 'a'.repeat(500) }).error?.issues[0]?.message).toBe('Search text must be at most 200 characters');
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

  it('matches a city that equals the term or has a word starting with it', () => {
    expect(matchesSearchTerm(abuDhabi, 'abu dhabi')).toBe(true);
    expect(matchesSearchTerm(abuDhabi, 'dhab')).toBe(true);
  });

  it('matches a name or a country with a word starting with the term', () => {
    expect(matchesSearchTerm(tokyo, 'skyline')).toBe(true);
    expect(matchesSearchTerm(abuDhabi, 'emirates')).toBe(true);
    expect(matchesSearchTerm(paris, 'fran')).toBe(true);
    expect(matchesSearchTerm(paris, 'honore')).toBe(true);
  });

  it('never matches inside a word: "uk" is not in Shinjuku, "kyo" not in Tokyo', () => {
    expect(matchesSearchTerm(tokyo, 'uk')).toBe(false);
    expect(matchesSearchTerm(tokyo, 'kyo')).toBe(false);
    expect(matchesSearchTerm(tokyo, 'juku tokyo')).toBe(false);
  });

  it('a short form matches its long form or itself as a whole word', () => {
    expect(matchesSearchTerm(abuDhabi, 'UAE')).toBe(true);
    expect(matchesSearchTerm({ name: 'The Ned', city: 'London', country: 'United Kingdom' }, 'U.K.')).toBe(true);
    expect(matchesSearchTerm({ name: 'Hotel UK Central', city: 'Reading', country: 'England' }, 'uk')).toBe(true);
    expect(matchesSearchTerm({ name: 'Ukiyo Hotel', city: 'Kyoto', country: 'Japan' }, 'uk')).toBe(false);
    expect(matchesSearchTerm({ name: 'Lakeside', city: 'Los Angeles', country: 'United States' }, 'la')).toBe(true);
    expect(matchesSearchTerm({ name: 'Lakeside', city: 'Chicago', country: 'United States' }, 'la')).toBe(false);
  });

  it('leaves out punctuation around words, and looks for a term of punctuation alone as it is', () => {
    expect(matchesSearchTerm(tokyo, '(Tokyo),')).toBe(true);
    expect(matchesSearchTerm({ name: 'Resort & Spa', city: 'Dubai', country: null }, '&')).toBe(true);
    expect(matchesSearchTerm(tokyo, '&')).toBe(false);
  });

  it('does not match unrelated text, and one word only in name, city or country (the spec rule)', () => {
    expect(matchesSearchTerm(tokyo, 'london')).toBe(false);
    expect(matchesSearchTerm(tokyo, 'sauna')).toBe(false);
  });

  it('with several words, needs every word somewhere in name, city, country or equipment', () => {
    expect(matchesSearchTerm(tokyo, 'tokyo japan')).toBe(true);
    expect(matchesSearchTerm(tokyo, 'TÔKYO sauna')).toBe(true);
    expect(matchesSearchTerm(tokyo, 'tokyo squat')).toBe(true);
    expect(matchesSearchTerm(tokyo, 'tokyo france')).toBe(false);
    expect(matchesSearchTerm(paris, 'paris hammam hotel')).toBe(true);
    expect(matchesSearchTerm(paris, 'paris sauna hotel')).toBe(false);
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

  it('folds the word in Postgres into a word-start pattern against the trigram-indexed search text', () => {
    const sql = searchConditions(criteriaFor({ query: 'Tôkyo' }));
    expect(sql.text).toBe('h.is_approved AND h.search_text ~ search_word_regex($1, false)');
    expect(sql.values).toEqual(['Tôkyo']);
  });

  it('a short form is a whole word or its long form', () => {
    const sql = searchConditions(criteriaFor({ query: 'UK' }));
    // The long form through the trigram index; the short form through the word list's GIN index, decided by the regex.
    expect(sql.text).toBe(
      "h.is_approved AND (h.search_text ~ search_word_regex($2, true) OR (h.search_text ~ search_word_regex($1, true) AND regexp_split_to_array(h.search_words, '[^[:alnum:]_]+') @> ARRAY[fold_text($1)]))",
    );
    expect(sql.values).toEqual(['UK', 'United Kingdom']);
  });

  it('a term of punctuation alone is contained, LIKE wildcards escaped', () => {
    expect(searchConditions(criteriaFor({ query: '&' }))).toEqual({ text: 'h.is_approved AND h.search_text LIKE fold_text($1)', values: ['%&%'] });
  });

  it('adds one array-overlap condition per selected category', () => {
    const sql = searchConditions(criteriaFor({ query: 'x', eq: 'pool,sauna,treadmill' }));
    expect(sql.text).toBe('h.is_approved AND h.search_text ~ search_word_regex($1, false) AND h.equipment_labels && $2::text[] AND h.equipment_labels && $3::text[]');
    expect(sql.values).toEqual(['x', ['treadmill'], ['pool', 'sauna']]);
  });

  it('needs every word of a multi-word term in the trigram-indexed name/city/country/equipment text', () => {
    const sql = searchConditions(criteriaFor({ query: 'paris sauna hotel' }));
    expect(sql.text).toBe(
      'h.is_approved AND h.search_words ~ search_word_regex($1, false) AND h.search_words ~ search_word_regex($2, false) AND h.search_words ~ search_word_regex($3, false)',
    );
    expect(sql.values).toEqual(['paris', 'sauna', 'hotel']);
  });

  it('states each filter as a condition, price bounds converted with the rates table', () => {
    const sql = searchConditions(criteriaFor({ minPrice: '100', maxPrice: '400', currency: 'GBP', minRating: '4', gymAccessType: 'on-site', open24h: 'true', gymSize: 'small,large', minDumbbellKg: '40' }));
    expect(sql.text).toContain('h.price_usd >= round($2::numeric * (SELECT r.usd_per_unit FROM currency_rates r WHERE r.currency = $1), 2)');
    expect(sql.text).toContain('h.price_usd <= round($3::numeric');
    expect(sql.text).toContain('h.rating >= $4 AND h.gym_access_type = ANY($5::text[]) AND g.open_24h AND (g.size_sqm BETWEEN 0 AND 399 OR g.size_sqm >= 1000) AND h.heaviest_dumbbell_kg >= $6');
    expect(sql.values).toEqual(['GBP', 100, 400, 4, ['on-site'], 40]);
  });

  it('counts each filter group without its own selection, and the total with every filter', () => {
    const sql = searchSummarySql(criteriaFor({ query: 'paris', minRating: '4', gymSize: 'large' }));
    expect(sql.text).toContain('FROM hotels h LEFT JOIN gyms g ON g.hotel_id = h.id WHERE h.is_approved AND h.search_text ~ search_word_regex($1, false)');
    expect(sql.text).toContain('count(*) FILTER (WHERE h.rating >= $2 AND (g.size_sqm >= 1000))::int AS total');
    expect(sql.text).toContain('count(*) FILTER (WHERE (g.size_sqm >= 1000) AND h.rating >= 4.5)::int AS rating2');
    expect(sql.text).toContain('count(*) FILTER (WHERE h.rating >= $2 AND g.size_sqm BETWEEN 0 AND 399)::int AS size0');
    expect(sql.values).toEqual(['paris', 4]);
  });

  it('needs every chosen accessibility feature, and counts each feature on top of the whole result', () => {
    const where = searchConditions(criteriaFor({ accessibilityFeatures: 'elevator,wheelchair-access' }));
    expect(where).toEqual({ text: 'h.is_approved AND h.accessibility_features @> $1::text[]', values: [['wheelchair-access', 'elevator']] });
    const summary = searchSummarySql(criteriaFor({ accessibilityFeatures: 'elevator' }));
    expect(summary.text).toContain("count(*) FILTER (WHERE h.accessibility_features @> $1::text[] AND h.accessibility_features @> ARRAY['adaptive-equipment'])::int AS feature2");
  });

  it('with the rate read beforehand, price bounds are plain USD numbers', () => {
    const criteria = criteriaFor({ minPrice: '100', maxPrice: '400', currency: 'GBP' });
    const where = searchConditions(criteria, { usdPerUnit: 1.27 });
    expect(where).toEqual({ text: 'h.is_approved AND h.price_usd >= $1 AND h.price_usd <= $2', values: [127, 508] });
    expect(searchSummarySql(criteria, { usdPerUnit: 1.27 }).text).toContain('(min(h.price_usd) FILTER (WHERE true) / 1.27)::float8 AS price_min');
  });

  it('orders by distance from the point, and gives every row its distance', () => {
    const sql = searchPageSql(criteriaFor({ sort: 'distance', lat: '35.68', lng: '139.76' }));
    expect(sql.text).toContain('AS distance_km');
    expect(sql.text).toContain('ORDER BY distance_km ASC NULLS LAST, h.id');
    expect(sql.values).toEqual([35.68, 139.76, 24, 0]);
  });

  it('orders and pages the results', () => {
    const byPrice = searchPageSql(criteriaFor({ sort: 'price', page: '2', pageSize: '5' }));
    expect(byPrice.text).toContain('ORDER BY h.price_usd ASC NULLS LAST, h.id LIMIT $1 OFFSET $2');
    expect(byPrice.values).toEqual([5, 5]);
    expect(searchPageSql(criteriaFor({ sort: 'name' })).text).toContain('ORDER BY h.name_key, h.id');
    expect(searchPageSql(criteriaFor({})).text).toContain('ORDER BY h.rating DESC, h.id');
  });

  it('with text or equipment, chooses the page\'s ids from hotels alone, then reads only their rows and gyms, unless a condition reads the gym', () => {
    const page = searchPageSql(criteriaFor({ query: 'paris', eq: 'pool' }));
    expect(page.text).toContain(
      'FROM (SELECT h.id FROM hotels h WHERE h.is_approved AND h.search_text ~ search_word_regex($1, false) AND h.equipment_labels && $2::text[] ORDER BY h.rating DESC, h.id LIMIT $3 OFFSET $4) ids JOIN hotels h ON h.id = ids.id LEFT JOIN gyms g ON g.hotel_id = h.id ORDER BY h.rating DESC, h.id',
    );
    expect(page.values).toEqual(['paris', ['pool'], 24, 0]);
    expect(searchPageSql(criteriaFor({ eq: 'pool' })).text).toContain('FROM (SELECT h.id FROM hotels h WHERE h.is_approved AND h.equipment_labels && $1::text[] ORDER BY');
    const plain: Record<string, string>[] = [{}, { minRating: '4' }, { query: 'paris', open24h: 'true' }, { eq: 'pool', gymSize: 'large' }, { query: 'paris', lat: '35.68', lng: '139.76' }];
    for (const query of plain) {
      expect(searchPageSql(criteriaFor(query)).text).toContain('FROM hotels h LEFT JOIN gyms g ON g.hotel_id = h.id WHERE h.is_approved');
    }
  });

  it('counts the total and the facets over the same conditions', () => {
    const sql = searchSummarySql(criteriaFor({ query: 'paris', eq: 'pool' }));
    expect(sql.text).toContain('WHERE h.is_approved AND h.search_text ~ search_word_regex($1, false) AND h.equipment_labels && $2::text[]');
    expect(sql.text).toContain('count(*)::int AS total');
    expect(sql.text).toContain('count(*) FILTER (WHERE h.equipment_mask & 1 <> 0)::int AS f0');
    expect(sql.text).toContain(`count(*) FILTER (WHERE h.equipment_mask & ${1 << 25} <> 0)::int AS f25`);
    expect(sql.values).toEqual(['paris', ['pool']]);
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
