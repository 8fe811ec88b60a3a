import { beforeAll, describe, expect, it } from 'vitest';
import { hotelSearchQuery, type HotelSearchAnswer } from '@reproute/contracts';
import { toSearchCriteria } from '../../src/domain/search.ts';
import { loadFacetIndex, pageIdsFromIndex, positionsOf, summaryFromIndex } from '../../src/store/search-index.ts';
import { currentFacetIndex, matchedPositions, searchMatchesSql, searchPageSql, summaryFromSql } from '../../src/store/search.ts';
import { afterAll } from 'vitest';
import { catalogUnderTest, seedCatalogHotels } from './support.ts';

/**
 * The facet index (src/store/search-index.ts) counts a search in memory (with text, over the hotels Postgres matched): its totals and counts must be
 * Postgres' own (searchSummarySql) for every filter, alone and together, and it must never answer from before a write.
 */
let sut: Awaited<ReturnType<typeof catalogUnderTest>>;

beforeAll(async () => {
  // Without the summary cache: a write straight to the database (as another instance makes it) shows at once.
  sut = await catalogUnderTest({ SEARCH_SUMMARY_CACHE_MS: '0' });
  await seedCatalogHotels(sut.pool);
  // Facts the seed leaves out, so every unknown and every value is counted: a gym with none of its specs, a hotel
  // with no gym row, a price in another currency, a live hotel and one waiting for review.
  await sut.pool.query(`UPDATE gyms SET weekly_hours = NULL, equipment_pieces = '[]'::jsonb, entry = NULL, stated_size_sqm = NULL, size = NULL WHERE hotel_id = (SELECT min(hotel_id) FROM gyms)`);
  await sut.pool.query(`DELETE FROM gyms WHERE hotel_id = (SELECT max(hotel_id) FROM gyms)`);
});

afterAll(async () => {
  await sut?.close();
});

const criteriaOf = (params: Record<string, string>) => toSearchCriteria(hotelSearchQuery.parse(params));

const cases: Record<string, string>[] = [
  {},
  { currency: 'EUR' },
  { eq: 'squat rack' },
  { eq: 'squat rack,pool,sauna' },
  { eq: 'squat rack,pool,sauna', eqMatch: 'any' },
  { minPrice: '100', maxPrice: '300' },
  { minPrice: '80', currency: 'EUR' },
  { maxPrice: '20000', currency: 'JPY' },
  { minRating: '4' },
  { minRating: '4.5', gymAccessType: 'on-site,partnered' },
  { accessibilityFeatures: 'wheelchair-access,elevator' },
  { open24h: 'true' },
  { gymSize: 'small,large' },
  { minDumbbellKg: '40' },
  { minRacks: '2' },
  { adjustableBench: 'true', openEarly: 'true' },
  { openLate: 'true', entry: 'keycard,staffed' },
  { eq: 'dumbbells', minRating: '4', open24h: 'true', gymSize: 'medium,large', minDumbbellKg: '30', minPrice: '50', currency: 'GBP' },
  { gymAccessType: 'nearby', minRacks: '1', adjustableBench: 'true', openLate: 'true', entry: 'reception' },
  // With text, Postgres names the hotels it matches and the index counts them.
  { query: 'london' },
  { query: 'uk', minRating: '4' },
  { query: 'new york', eq: 'squat rack', minPrice: '100', currency: 'EUR' },
  { query: 'united', gymAccessType: 'on-site', minRacks: '1', openEarly: 'true' },
  { query: 'nowhere at all' },
];

describe('the facet index', () => {
  it('counts every filter as Postgres does, alone and together', async () => {
    const index = await loadFacetIndex(sut.pool);
    expect(index.size).toBeGreaterThanOrEqual(25);
    const { rows } = await sut.pool.query<{ currency: string; usd_per_unit: string }>('SELECT currency, usd_per_unit FROM currency_rates');
    const rates = new Map(rows.map((r) => [r.currency, Number(r.usd_per_unit)]));
    let nonZero = 0;
    for (const params of cases) {
      const criteria = criteriaOf(params);
      const usdPerUnit = rates.get(criteria.filters.currency)!;
      const fromSql = await summaryFromSql(sut.pool, criteria, { usdPerUnit });
      const matched = searchMatchesSql(criteria);
      const within = criteria.term === '' ? null : positionsOf(index, (await sut.pool.query<{ id: number }>(matched.text, matched.values)).rows.map((row) => row.id));
      expect(summaryFromIndex(index, criteria, usdPerUnit, within), JSON.stringify(params)).toEqual(fromSql);
      if (fromSql.total > 0) nonZero += 1;
    }
    // The cases find something, so equal counts are not only zeros.
    expect(nonZero).toBeGreaterThan(cases.length / 2);
  });

  it('ranks a page as Postgres orders it, for every order it holds, with text, filters and training needs', async () => {
    const index = await loadFacetIndex(sut.pool);
    const orders: Record<string, string>[] = [
      { sort: 'rating' },
      { sort: 'price' },
      { sort: 'gymScore' },
      { sort: 'fit', needEq: 'squat rack,sauna', needPieces: 'rack:power-rack,bench:adjustable*2', needDumbbellKg: '40', needOpensBefore: '06:00' },
      { sort: 'fit', needPieces: 'rack*2,rower', needOpenAfter: '22:00' },
      { sort: 'fit', needEq: 'pool' },
    ];
    const filters: Record<string, string>[] = [{}, { query: 'united' }, { eq: 'dumbbells', minRating: '4' }, { minPrice: '50', maxPrice: '400', currency: 'EUR', openEarly: 'true' }, { query: 'london', eq: 'squat rack,pool', eqMatch: 'any' }];
    let pages = 0;
    for (const order of orders) {
      for (const filter of filters) {
        for (const page of ['1', '2']) {
          const criteria = criteriaOf({ ...order, ...filter, page, pageSize: '7' });
          const usdPerUnit = Number((await sut.pool.query<{ r: string }>('SELECT usd_per_unit AS r FROM currency_rates WHERE currency = $1', [criteria.filters.currency])).rows[0]!.r);
          const bound = searchPageSql(criteria, { usdPerUnit });
          const fromSql = (await sut.pool.query<{ id: number }>(bound.text, bound.values)).rows.map((row) => Number(row.id));
          const matched = searchMatchesSql(criteria);
          const within = criteria.term === '' ? null : positionsOf(index, (await sut.pool.query<{ id: number }>(matched.text, matched.values)).rows.map((row) => row.id));
          expect(pageIdsFromIndex(index, criteria, usdPerUnit, within), JSON.stringify({ ...order, ...filter, page })).toEqual(fromSql);
          if (fromSql.length > 0) pages += 1;
        }
      }
    }
    expect(pages).toBeGreaterThan(30);
    // Hours at another time than the filters' are read from the week by Postgres: the index does not rank them.
    expect(pageIdsFromIndex(index, criteriaOf({ sort: 'fit', needOpensBefore: '07:00' }), 1)).toBeNull();
    expect(pageIdsFromIndex(index, criteriaOf({ sort: 'name' }), 1)).toBeNull();
  });

  it('matches text by the words Postgres matches, prefixes, short forms, long forms and punctuation alike', async () => {
    // Names with punctuation inside words and non-ASCII letters, beside the seed's.
    await sut.pool.query(`UPDATE hotels SET name = CASE id % 4 WHEN 0 THEN 'O''Neil''s Iron Den' WHEN 1 THEN 'Łódź Strength & Co.' WHEN 2 THEN 'St. Pauli_Gym UK-Lift' ELSE name END WHERE id IN (SELECT id FROM hotels WHERE is_approved ORDER BY id LIMIT 8)`);
    const index = await loadFacetIndex(sut.pool);
    const terms = ['london', 'lon', 'l', 'uk', 'UK', 'united', 'united kingdom', 'kingdom', 'uae', 'usa', 'nyc', 'new york', 'york new', 'la', 'los angeles', 'tokyo sauna', 'paris squat', 'dumbbells', 'o\'neil', 'o\'neil\'s iron', 'neil', 'łódź', 'lodz', 'Łódź strength', 'st.', 'st. pauli', 'pauli_gym', 'uk-lift', 'lift', 'co.', 'uk-li', 'o\'ne', 'o\'neil\'s', 'st. pa', 'strength & co', 'no-such-place', 'zzz', 'abu dhabi', 'dubai uae', 'shinjuku', 'rack'];
    let nonEmpty = 0;
    for (const query of terms) {
      const criteria = criteriaOf({ query });
      const matched = searchMatchesSql(criteria);
      const fromSql = positionsOf(index, (await sut.pool.query<{ id: number }>(matched.text, matched.values)).rows.map((row) => row.id));
      expect(Array.from(await matchedPositions(sut.pool, index, criteria)), query).toEqual(Array.from(fromSql));
      if (fromSql.length > 0) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(terms.length / 2);
  });

  it('never answers from before a write, whoever made it', async () => {
    const total = async (params: Record<string, string>) => {
      const res = await sut.api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ ...params, pageSize: '1' })}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    // Loaded once the first search asks (that one counts in Postgres while it loads).
    await total({});
    await expect.poll(async () => (await currentFacetIndex(sut.pool)) !== null, { timeout: 5_000 }).toBe(true);
    const before = await total({ minRating: '4' });
    const loaded = (await currentFacetIndex(sut.pool))!;
    // A write straight to the database, as another catalog instance makes it: the index is behind at once, never used
    // again, and the one that replaces it counts the write.
    const { rows } = await sut.pool.query<{ id: number }>(`UPDATE hotels SET rating = 1.0 WHERE id = (SELECT id FROM hotels WHERE is_approved AND rating >= 4 ORDER BY id LIMIT 1) RETURNING id`);
    expect(rows).toHaveLength(1);
    expect(await currentFacetIndex(sut.pool)).not.toBe(loaded);
    const after = await total({ minRating: '4' });
    expect(after.total).toBe(before.total - 1);
    expect(after.filterFacets.minRating['4']).toBe(before.filterFacets.minRating['4']! - 1);
    await expect.poll(async () => (await currentFacetIndex(sut.pool)) !== null, { timeout: 5_000 }).toBe(true);
    expect((await currentFacetIndex(sut.pool))!.version).not.toBe(loaded.version);
    expect(await total({ minRating: '4' })).toEqual(after);
    // A change no count reads (a click) does not move the version.
    const version = async () => (await sut.pool.query<{ v: string }>('SELECT last_value::text AS v FROM search_index_version')).rows[0]!.v;
    const moved = await version();
    await sut.pool.query('UPDATE hotels SET affiliate_clicks = affiliate_clicks + 1 WHERE id = $1', [rows[0]!.id]);
    expect(await version()).toBe(moved);
    // What the index matches and ranks by moves it: a name (its text), the gym score, a gym's pieces.
    await sut.pool.query("UPDATE hotels SET name = name || ' Renamed' WHERE id = $1", [rows[0]!.id]);
    const renamed = await version();
    expect(renamed).not.toBe(moved);
    await sut.pool.query('UPDATE hotels SET gym_score = CASE WHEN gym_score = 2.5 THEN 3.5 ELSE 2.5 END WHERE id = $1', [rows[0]!.id]);
    const rescored = await version();
    expect(rescored).not.toBe(renamed);
    await sut.pool.query(`UPDATE gyms SET equipment_pieces = '[{"item":"rower","count":3}]'::jsonb WHERE hotel_id = (SELECT min(hotel_id) FROM gyms)`);
    expect(await version()).not.toBe(rescored);
  });
});
