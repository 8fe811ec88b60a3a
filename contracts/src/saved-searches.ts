import { z } from 'zod';
import { messages } from './messages.ts';
import { hotelSearchQuery } from './catalog.ts';

/**
 * Saved searches (the catalog's; docs/decisions.md, "Saved searches"): a signed-in traveller with a verified email
 * keeps a search page's query under a name and chooses how its alerts come: `instant` (an email per hotel as it is
 * approved), `weekly` (one digest a week) or `paused` (none).
 */

/** The most saved searches an account keeps (409 `savedSearchLimit` past it). */
export const savedSearchLimit = 20;
export const savedSearchAlertModes = ['instant', 'weekly', 'paused'] as const;
export type SavedSearchAlertMode = (typeof savedSearchAlertModes)[number];

/** The search page's own URL parameters, in the order its URL writes them (`searchPath` in the front end); stay, view and page are not part of a search. */
export const savedSearchParamKeys = [
  'query',
  'eq',
  'sort',
  'lat',
  'lng',
  'minPrice',
  'maxPrice',
  'currency',
  'minRating',
  'gymAccessType',
  'accessibilityFeatures',
  'open24h',
  'gymSize',
  'minDumbbellKg',
  'minRacks',
  'adjustableBench',
  'openEarly',
  'openLate',
  'entry',
] as const;
export type SavedSearchParamKey = (typeof savedSearchParamKeys)[number];
export type SavedSearchParams = Partial<Record<SavedSearchParamKey, string>>;

/**
 * A saved search's query: the parameters the search page puts in its URL, as strings, each checked by the search's
 * own schema (`hotelSearchQuery`), so a query the search page would refuse is refused here with the same message.
 * Blank values are left out; an unknown parameter is a 400.
 */
export const savedSearchParams = z
  .record(z.string(), z.unknown())
  .check((ctx) => {
    const unknown = Object.keys(ctx.value).filter((key) => !(savedSearchParamKeys as readonly string[]).includes(key));
    if (unknown.length > 0) ctx.issues.push({ code: 'custom', message: messages.savedSearchParamsInvalid, input: ctx.value, path: [unknown[0]!] });
    for (const [key, value] of Object.entries(ctx.value)) {
      if (typeof value !== 'string' || value.length > 2000) ctx.issues.push({ code: 'custom', message: messages.savedSearchParamsInvalid, input: value, path: [key] });
    }
  })
  .transform((value) => {
    const kept: SavedSearchParams = {};
    for (const key of savedSearchParamKeys) {
      const v = value[key];
      if (typeof v === 'string' && v.trim() !== '') kept[key] = v.trim();
    }
    return kept;
  })
  .check((ctx) => {
    const parsed = hotelSearchQuery.safeParse(ctx.value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: ctx.value, path: issue.path as PropertyKey[] });
  });

const name = z.string({ error: messages.savedSearchNameRequired }).trim().min(1, messages.savedSearchNameRequired).max(80, messages.savedSearchNameMax);
const alerts = z.enum(savedSearchAlertModes, { error: messages.savedSearchAlertInvalid });

/** POST /api/saved-searches */
export const savedSearchCreate = z.object({ name, params: savedSearchParams, alerts: alerts.default('instant') });
export type SavedSearchCreate = z.infer<typeof savedSearchCreate>;

/** PATCH /api/saved-searches/{id}: a new name, a new alert choice (`paused` pauses it), or both. */
export const savedSearchUpdate = z
  .object({ name: name.optional(), alerts: alerts.optional() })
  .check((ctx) => {
    if (ctx.value.name === undefined && ctx.value.alerts === undefined) ctx.issues.push({ code: 'custom', message: messages.savedSearchChangeRequired, input: ctx.value, path: [] });
  });
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdate>;

export const savedSearchAnswer = z.object({
  id: z.string().uuid(),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  /** The search page's path for this search (`/search?query=…`). */
  searchPath: z.string(),
  alerts: z.enum(savedSearchAlertModes),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many hotels this search has told about (each hotel at most once). */
  hotelsNotified: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchAnswer>;

export const savedSearchListAnswer = z.object({ items: z.array(savedSearchAnswer), limit: z.number().int() });
export type SavedSearchList = z.infer<typeof savedSearchListAnswer>;

/** The search page's path for a saved query: its parameters in the page's own order, each encoded. */
export function savedSearchPath(params: SavedSearchParams | Record<string, string>): string {
  const parts: string[] = [];
  for (const key of savedSearchParamKeys) {
    const value = (params as Record<string, string | undefined>)[key];
    if (value === undefined || value === '') continue;
    parts.push(`${key}=${value.split(',').map(encodeURIComponent).join(',')}`);
  }
  return parts.length > 0 ? `/search?${parts.join('&')}` : '/search';
}

/** The saved parameters of a search page's URL: its own parameters only (stay, view, page and anything else left out). */
export function savedSearchParamsFromUrl(search: URLSearchParams): SavedSearchParams {
  const out: SavedSearchParams = {};
  for (const key of savedSearchParamKeys) {
    const value = search.get(key)?.trim();
    if (value) out[key] = value;
  }
  // The page's `q` is an alias of `query`.
  if (!out.query && search.get('q')?.trim()) out.query = search.get('q')!.trim();
  return out;
}
