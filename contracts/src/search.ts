import { z } from 'zod';
import { messages } from './messages.ts';
import { suggestionLimitMax, suggestionQueryMaxLength } from './search-values.ts';

export * from './search-values.ts';

/** GET /api/search/suggestions: `q`, the text typed so far (1-100 characters once trimmed), and `limit` (1-10, default 8). */
export const searchSuggestionsQuery = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value : undefined),
    z
      .string({ error: messages.suggestionQueryRequired })
      .trim()
      .min(1, messages.suggestionQueryRequired)
      .max(suggestionQueryMaxLength, messages.suggestionQueryTooLong),
  ),
  limit: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : Number.NaN),
    z.number({ error: messages.suggestionLimitInvalid }).int(messages.suggestionLimitInvalid).min(1, messages.suggestionLimitInvalid).max(suggestionLimitMax, messages.suggestionLimitInvalid).default(8),
  ),
});
export type SearchSuggestionsQuery = z.output<typeof searchSuggestionsQuery>;

export const searchSuggestionKinds = ['city', 'country', 'hotel', 'equipment'] as const;
export type SearchSuggestionKind = (typeof searchSuggestionKinds)[number];

/**
 * One suggestion. `label` is what the option shows and a screen reader reads with `detail` ("London",
 * "United Kingdom"); choosing a place searches `query`, equipment searches with `equipment` as its `eq`
 * label, a hotel opens `/hotels/{slug}`.
 */
export const searchSuggestion = z.object({
  kind: z.enum(searchSuggestionKinds),
  label: z.string(),
  detail: z.string().nullable(),
  /** Live hotels of a place; null for hotels and equipment. */
  hotelCount: z.number().int().nullable(),
  query: z.string().nullable(),
  equipment: z.string().nullable(),
  slug: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestion>;

export const searchSuggestionsAnswer = z.object({
  /** The text the suggestions are for, trimmed. */
  query: z.string(),
  items: z.array(searchSuggestion),
  /** When nothing starts with the text: the close spelling the places come from ("londn" → "London"), else null. */
  didYouMean: z.string().nullable(),
});
export type SearchSuggestionsAnswer = z.infer<typeof searchSuggestionsAnswer>;
