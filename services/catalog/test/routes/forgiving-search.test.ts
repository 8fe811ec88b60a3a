import { beforeAll, describe, expect, it } from 'vitest';
import { searchShortForms, type Hotel, type HotelSearchAnswer, type SearchSuggestionsAnswer } from '@reproute/contracts';
import { api, adminCreateHotel, seededCatalog, tokenFor } from './support.ts';

/** Search as the search page calls it, on the seed's hotels (New York 1-5, London 6-10, Tokyo 11-14, Paris 15-18, Dubai 19-22, Abu Dhabi 23-25). */
async function search(params: Record<string, string>): Promise<HotelSearchAnswer> {
  const res = await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function suggest(q: string, extra: Record<string, string> = {}): Promise<SearchSuggestionsAnswer> {
  const res = await api<SearchSuggestionsAnswer>('GET', `/api/search/suggestions?${new URLSearchParams({ q, ...extra })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (hotels: Hotel[]) => hotels.map((h) => h.id).sort((a, b) => a - b);
const seeded = (hotels: Hotel[]) => ids(hotels).filter((id) => id <= 25);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  await seededCatalog();
});

describe('a typo finds what was meant', () => {
  it('"londn" answers the London hotels and says "Did you mean London?"', async () => {
    const answer = await search({ query: 'londn' });
    expect(answer.didYouMean).toBe('London');
    expect(answer.query).toBe('londn');
    expect(seeded(answer.items)).toEqual(range(6, 10));
    expect(answer.items.every((h) => h.city === 'London')).toBe(true);
    expect(answer.total).toBe(answer.items.length);
    // The counts are those of the hotels shown.
    expect(answer.filterFacets.gymAccessType['on-site'] + answer.filterFacets.gymAccessType.partnered + answer.filterFacets.gymAccessType.nearby).toBe(answer.total);
  });

  it('corrects a transposition and a two-word place: "new yrok" → New York, "tokoy" → Tokyo', async () => {
    const newYork = await search({ query: 'new yrok' });
    expect(newYork.didYouMean).toBe('New York');
    expect(seeded(newYork.items)).toEqual(range(1, 5));
    const tokyo = await search({ query: 'tokoy' });
    expect(tokyo.didYouMean).toBe('Tokyo');
    expect(seeded(tokyo.items)).toEqual(range(11, 14));
  });

  it('corrects a word of a hotel name and keeps the other words: "shinjku skyline" → "Shinjuku skyline"', async () => {
    const answer = await search({ query: 'shinjku skyline' });
    expect(answer.didYouMean).toBe('Shinjuku skyline');
    expect(seeded(answer.items)).toEqual([11]);
  });

  it('keeps the filters of the search it corrects', async () => {
    const all = await search({ query: 'londn' });
    const rated = await search({ query: 'londn', minRating: '4.5' });
    expect(rated.didYouMean).toBe('London');
    expect(rated.items.every((h) => h.rating >= 4.5 && h.city === 'London')).toBe(true);
    expect(rated.total).toBeLessThanOrEqual(all.total);
  });

  it('says nothing when the text finds hotels, or when nothing is close', async () => {
    const london = await search({ query: 'london' });
    expect(london.didYouMean).toBeNull();
    expect(seeded(london.items)).toEqual(range(6, 10));
    const nothing = await search({ query: 'qqzzxxvv' });
    expect(nothing).toMatchObject({ total: 0, items: [], didYouMean: null, query: 'qqzzxxvv' });
    // Three letters are too few to guess from.
    expect(await search({ query: 'lnd' })).toMatchObject({ total: 0, didYouMean: null });
  });
});

describe('words match as words', () => {
  it('"uk" does not find the Shinjuku hotel inside a word; it finds the United Kingdom', async () => {
    const uk = await search({ query: 'uk' });
    expect(uk.items.map((h) => h.name)).not.toContain('Shinjuku Skyline Tower Hotel');
    expect(seeded(uk.items)).toEqual(range(6, 10));
    expect(uk.items.every((h) => h.country === 'United Kingdom')).toBe(true);
    expect(uk.didYouMean).toBeNull();
    // The inside of a word finds nothing; the start of one still does.
    expect((await search({ query: 'juku' })).total).toBe(0);
    expect(seeded((await search({ query: 'shinj' })).items)).toEqual([11]);
    expect(seeded((await search({ query: 'lond' })).items)).toEqual(range(6, 10));
  });

  it('a word after a hyphen or apostrophe-free punctuation starts a word: "honoré", "élysées"', async () => {
    expect(seeded((await search({ query: 'honore' })).items)).toEqual([15]);
    expect(seeded((await search({ query: 'ELYSEES' })).items)).toEqual([17]);
  });

  it('punctuation around a word is left out, and a term of punctuation alone is looked for as it is', async () => {
    expect(seeded((await search({ query: '(London),' })).items)).toEqual(range(6, 10));
    expect(seeded((await search({ query: '&' })).items)).toEqual(expect.arrayContaining([19]));
    expect((await search({ query: '%' })).total).toBe(0);
  });
});

describe('short forms', () => {
  it('NYC, UK, U.K., UAE, USA and LA find their places', async () => {
    expect(seeded((await search({ query: 'NYC' })).items)).toEqual(range(1, 5));
    expect(seeded((await search({ query: 'U.K.' })).items)).toEqual(range(6, 10));
    expect(seeded((await search({ query: 'uae' })).items)).toEqual(range(19, 25));
    expect(seeded((await search({ query: 'USA' })).items)).toEqual(range(1, 5));
  });

  it('a short form matches as a whole word: "LA" finds Los Angeles, not a name starting with "La"', async () => {
    const losAngeles = await adminCreateHotel({ city: 'Los Angeles', country: 'United States' });
    const lakeside = await adminCreateHotel({ name: 'Lakeside Lift Inn' });
    const la = ids((await search({ query: 'LA' })).items);
    expect(la).toContain(losAngeles.id);
    expect(la).not.toContain(lakeside.id);
    expect(ids((await search({ query: 'lake' })).items)).toContain(lakeside.id);
  });

  it('a short form works among other words: "nyc ironworks"', async () => {
    expect(seeded((await search({ query: 'nyc ironworks' })).items)).toEqual([1]);
  });

  it('the list is the documented one', () => {
    expect(searchShortForms).toMatchObject({ nyc: 'New York', uk: 'United Kingdom', uae: 'United Arab Emirates', usa: 'United States', la: 'Los Angeles' });
  });
});

describe('a long query', () => {
  it('up to 200 characters is searched; longer is 400 with the limit named', async () => {
    const longest = `london ${'x'.repeat(193)}`;
    expect(longest.length).toBe(200);
    expect((await search({ query: longest })).total).toBe(0);
    const tooLong = await api('GET', `/api/hotels/search?${new URLSearchParams({ query: 'l'.repeat(201) })}`);
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('Search text must be at most 200 characters');
    const tooLongQ = await api('GET', `/api/hotels/search?${new URLSearchParams({ q: 'l'.repeat(500) })}`);
    expect(tooLongQ.status).toBe(400);
    // Spaces around it do not count.
    expect((await search({ query: `  ${'a'.repeat(200)}  ` })).total).toBe(0);
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests places first, with their country and live hotels, then hotels and equipment', async () => {
    const lon = await suggest('lon');
    expect(lon.query).toBe('lon');
    expect(lon.didYouMean).toBeNull();
    expect(lon.items[0]).toMatchObject({ kind: 'city', label: 'London', detail: 'United Kingdom', query: 'London', slug: null });
    expect(lon.items[0]!.hotelCount).toBeGreaterThanOrEqual(5);
    const summit = await suggest('summit');
    const hotels = summit.items.filter((s) => s.kind === 'hotel');
    expect(hotels.length).toBeGreaterThan(0);
    expect(hotels.every((s) => s.label.startsWith('Summit') && s.slug && s.detail)).toBe(true);
    const sau = await suggest('sau');
    expect(sau.items).toContainEqual({ kind: 'equipment', label: 'sauna', detail: null, hotelCount: null, query: null, equipment: 'sauna', slug: null });
  });

  it('matches words as search does: "uk" suggests the United Kingdom, not Shinjuku', async () => {
    const uk = await suggest('uk');
    expect(uk.items[0]).toMatchObject({ kind: 'country', label: 'United Kingdom' });
    expect(uk.items.map((s) => s.label)).not.toContain('Shinjuku Skyline Tower Hotel');
    const abu = await suggest('DHAB');
    expect(abu.items[0]).toMatchObject({ kind: 'city', label: 'Abu Dhabi', detail: 'United Arab Emirates' });
  });

  it('suggests the closest spelling when nothing starts with the text', async () => {
    const answer = await suggest('londn');
    expect(answer.didYouMean).toBe('London');
    expect(answer.items[0]).toMatchObject({ kind: 'city', label: 'London' });
    expect(await suggest('qqzzxxvv')).toEqual({ query: 'qqzzxxvv', items: [], didYouMean: null });
  });

  it('gives at most `limit` suggestions', async () => {
    expect((await suggest('s', { limit: '3' })).items.length).toBeLessThanOrEqual(3);
    expect((await suggest('s', { limit: '10' })).items.length).toBeGreaterThan(3);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['', 'Type at least one letter to get suggestions (q)'],
      ['q=', 'Type at least one letter to get suggestions (q)'],
      ['q=%20%20', 'Type at least one letter to get suggestions (q)'],
      [`q=${'a'.repeat(101)}`, 'Suggestions need a q of at most 100 characters'],
      ['q=lon&limit=0', 'limit must be a whole number from 1 to 10'],
      ['q=lon&limit=11', 'limit must be a whole number from 1 to 10'],
      ['q=lon&limit=two', 'limit must be a whole number from 1 to 10'],
      ['q=lon&limit=2.5', 'limit must be a whole number from 1 to 10'],
    ];
    for (const [query, message] of cases) {
      const res = await api('GET', `/api/search/suggestions?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
  });

  it('is a public read browsers and the gateway may keep briefly', async () => {
    const res = await api('GET', '/api/search/suggestions?q=par');
    expect(res.status).toBe(200);
    expect(String(res.headers['cache-control'])).toMatch(/public.*max-age=\d+/);
  });
});

describe('the spellings follow the live hotels', () => {
  it('a new live hotel in a new city is suggested and corrected to; once deleted, it is gone', async () => {
    const admin = await tokenFor('admin');
    const hotel = await adminCreateHotel({ city: 'Reykjavík', country: 'Iceland', name: 'Harbour Lift House' });
    expect((await suggest('reykj')).items[0]).toMatchObject({ kind: 'city', label: 'Reykjavík', detail: 'Iceland', hotelCount: 1 });
    const typo = await search({ query: 'reykjavk' });
    expect(typo.didYouMean).toBe('Reykjavík');
    expect(ids(typo.items)).toEqual([hotel.id]);
    // Renamed: the old name's words go, the new one's come.
    const renamed = await api('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { name: 'Fjord Iron Hotel' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await suggest('harbour lift')).items.filter((s) => s.kind === 'hotel')).toEqual([]);
    expect((await search({ query: 'fjrod iron' })).didYouMean).toBe('Fjord iron');
    expect((await api('DELETE', `/api/hotels/${hotel.id}`, { token: admin })).status).toBe(204);
    expect((await suggest('reykj')).items.filter((s) => s.label === 'Reykjavík')).toEqual([]);
    expect((await search({ query: 'reykjavk' })).didYouMean).toBeNull();
  });

  it('a listing awaiting review is neither suggested nor corrected to', async () => {
    await adminCreateHotel({ city: 'Tromsø', country: 'Norway', name: 'Aurora Barbell Lodge', isApproved: false });
    expect((await suggest('troms')).items).toEqual([]);
    expect((await suggest('aurora')).items.filter((s) => s.kind === 'hotel')).toEqual([]);
  });
});
