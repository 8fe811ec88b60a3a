import { allEquipmentLabels, foldText, longFormOf, type SearchSuggestion, type SearchSuggestionsAnswer } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';
import { cleanTerm, termWords, wordMatches } from '../domain/search.ts';
import { correctedText, type KnownSpelling } from '../domain/spelling.ts';
import { wordPatternSql } from './search.ts';

/** How many nearest spellings Postgres gives for each typed text (trigram distance over search_terms' GiST index). */
const NEAREST = 12;

interface NearRow {
  at: number;
  key: string;
  kind: KnownSpelling['kind'];
  term_key: string;
  term: string;
  hotels: number;
}

/**
 * The spelling a search probably meant when it found nothing ("londn" → "London", "new yrok" → "New York"), from the
 * spellings of live hotels (search_terms, migration 021) and the equipment taxonomy; null when none is close enough.
 * One query: for the whole text and for each word, the nearest spellings by trigram distance.
 */
export async function closestSpelling(db: Queryable, term: string): Promise<string | null> {
  const cleaned = cleanTerm(term);
  const words = termWords(cleaned);
  if (words.length === 0) return null;
  const texts = [cleaned, ...(words.length > 1 ? words : [])];
  const { rows } = await db.query<NearRow>(
    `SELECT t.at::int, t.key, s.kind, s.term_key, s.term, s.hotels::int
       FROM (SELECT i AS at, fold_text(x) AS key FROM unnest($1::text[]) WITH ORDINALITY AS u(x, i)) t
       CROSS JOIN LATERAL (
         SELECT kind, term_key, term, hotels FROM search_terms
          WHERE hotels > 0 ORDER BY term_key <-> t.key LIMIT ${NEAREST}
       ) s`,
    [texts],
  );
  const near = (at: number) => {
    const mine = rows.filter((r) => r.at === at);
    return { key: mine[0]?.key ?? foldText(texts[at - 1]!), known: mine.map((r) => ({ kind: r.kind, key: r.term_key, term: r.term, hotels: r.hotels })) };
  };
  const whole = near(1);
  return correctedText(words, { whole, words: words.length > 1 ? words.map((_, i) => near(i + 2)) : [whole] });
}

/** Most places, hotels and equipment one answer gives of each (the rest of `limit` goes to whichever has more). */
const share = { places: 4, hotels: 3, equipment: 2 };

interface PlaceRow {
  kind: 'city' | 'country';
  term: string;
  detail: string;
  hotels: number;
}

interface HotelRow {
  name: string;
  slug: string;
  city: string | null;
  country: string | null;
}

async function placesFor(db: Queryable, words: readonly string[], limit: number): Promise<SearchSuggestion[]> {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = words.map((word) => `term_key ~ ${wordPatternSql(word, bind)}`);
  const { rows } = await db.query<PlaceRow>(
    `SELECT kind, term, detail, hotels::int FROM search_terms
      WHERE kind IN ('city', 'country') AND hotels > 0 AND ${conditions.join(' AND ')}
      ORDER BY hotels DESC, term_key, detail_key LIMIT ${bind(limit)}`,
    values,
  );
  return rows.map((r) => ({ kind: r.kind, label: r.term, detail: r.detail || null, hotelCount: r.hotels, query: r.term, equipment: null, slug: null }));
}

/** Live hotels with a word of their name starting with each typed word, best rated first (the rating index, walked index-only). */
async function hotelsFor(db: Queryable, words: readonly string[], limit: number): Promise<SearchSuggestion[]> {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // Short forms name places, which the places list covers; under three letters a word is too short to choose hotels by.
  const named = words.filter((word) => !longFormOf(word));
  if (named.length === 0 || named.join('').length < 3) return [];
  // The trigram-indexed search_text lets Postgres find a rare word's few hotels at once; name_key keeps the name's.
  const conditions = named.map((word) => {
    const pattern = `search_word_regex(${bind(word)}, false)`;
    return `h.search_text ~ ${pattern} AND h.name_key ~ ${pattern}`;
  });
  const { rows } = await db.query<HotelRow>(
    `SELECT h.name, h.slug, h.city, h.country FROM hotels h
      WHERE h.is_approved AND ${conditions.join(' AND ')}
      ORDER BY h.rating DESC, h.id LIMIT ${bind(limit)}`,
    values,
  );
  return rows.map((r) => ({
    kind: 'hotel',
    label: r.name,
    detail: [r.city, r.country].filter(Boolean).join(', ') || null,
    hotelCount: null,
    query: null,
    equipment: null,
    slug: r.slug,
  }));
}

function equipmentFor(words: readonly string[], limit: number): SearchSuggestion[] {
  return allEquipmentLabels
    .filter((label) => words.every((word) => wordMatches(word, foldText(label))))
    .slice(0, limit)
    .map((label) => ({ kind: 'equipment', label, detail: null, hotelCount: null, query: null, equipment: label, slug: null }));
}

/** Takes each group's share in turn, then fills what is left of `limit` from the groups that have more. */
function mix(groups: SearchSuggestion[][], shares: number[], limit: number): SearchSuggestion[] {
  const taken = groups.map((group, i) => group.slice(0, shares[i]));
  let room = limit - taken.reduce((n, group) => n + group.length, 0);
  groups.forEach((group, i) => {
    if (room <= 0) return;
    const more = group.slice(taken[i]!.length, taken[i]!.length + room);
    taken[i]!.push(...more);
    room -= more.length;
  });
  return taken.flat().slice(0, limit);
}

/**
 * Suggestions for the text typed so far: places (cities and countries of live hotels) with a word starting with each
 * typed word, most hotels first; live hotels likewise by name, best rated first; equipment labels. When nothing at
 * all starts with it, the places of its closest spelling, named in `didYouMean`.
 */
export async function suggestSearches(db: Queryable, q: string, limit: number): Promise<SearchSuggestionsAnswer> {
  const query = cleanTerm(q);
  const words = termWords(query);
  if (words.length === 0) return { query, items: [], didYouMean: null };
  const [places, hotels] = await Promise.all([placesFor(db, words, limit), hotelsFor(db, words, limit)]);
  const equipment = equipmentFor(words, limit);
  if (places.length + hotels.length + equipment.length > 0) {
    return { query, items: mix([places, hotels, equipment], [share.places, share.hotels, share.equipment], limit), didYouMean: null };
  }
  const meant = await closestSpelling(db, query);
  if (!meant) return { query, items: [], didYouMean: null };
  const meantWords = termWords(meant);
  const [meantPlaces, meantHotels] = await Promise.all([placesFor(db, meantWords, limit), hotelsFor(db, meantWords, limit)]);
  const items = mix([meantPlaces, meantHotels, equipmentFor(meantWords, limit)], [share.places, share.hotels, share.equipment], limit);
  return { query, items, didYouMean: items.length > 0 ? meant : null };
}
