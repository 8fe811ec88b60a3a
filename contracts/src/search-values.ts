import { foldText } from './text.ts';

/**
 * The search's text rules that server and browser share (docs/decisions.md, "How search matches text").
 * Plain values only, so the browser bundle takes no zod from here.
 */

/** The longest search text `GET /api/hotels/search` takes (`query` or `q`); the search box stops there and a longer URL is cut to it. */
export const searchQueryMaxLength = 200;

/** The longest text `GET /api/search/suggestions` takes; the search box asks for suggestions only up to it. */
export const suggestionQueryMaxLength = 100;

/** The most suggestions one answer gives (`limit`, default 8). */
export const suggestionLimitMax = 10;

/**
 * Short forms a traveller types for a place, each with the place's name as the catalog writes it. A query word
 * that is one of these (case, accents and dots ignored: `U.K.` is `uk`) matches the short form as a whole word or
 * the long form as whole words: `uk` finds hotels in the United Kingdom, `nyc gym` New York hotels with a gym.
 * The one list; docs/api.md and docs/decisions.md point here.
 */
export const searchShortForms: Readonly<Record<string, string>> = {
  nyc: 'New York',
  ny: 'New York',
  la: 'Los Angeles',
  sf: 'San Francisco',
  dc: 'Washington',
  kl: 'Kuala Lumpur',
  hk: 'Hong Kong',
  cdmx: 'Mexico City',
  uk: 'United Kingdom',
  gb: 'United Kingdom',
  uae: 'United Arab Emirates',
  usa: 'United States',
  us: 'United States',
  nz: 'New Zealand',
  ksa: 'Saudi Arabia',
};

/** The key a word is looked up by in `searchShortForms`: folded, dots left out. */
export function shortFormKey(word: string): string {
  return foldText(word).replace(/\./g, '');
}

/** The long form of a short form (`UK` → `United Kingdom`), or null for any other word. */
export function longFormOf(word: string): string | null {
  const key = shortFormKey(word);
  return Object.prototype.hasOwnProperty.call(searchShortForms, key) ? searchShortForms[key]! : null;
}
