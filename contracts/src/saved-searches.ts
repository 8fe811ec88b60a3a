import { z } from 'zod';
import { messages } from './messages.ts';
import { hotelSearchQuery } from './catalog.ts';
import { savedSearchAlertModes, savedSearchParamKeys, type SavedSearchParams } from './saved-search-values.ts';

export * from './saved-search-values.ts';

/**
 * Saved searches (the catalog's; docs/decisions.md, "Saved searches"): a signed-in traveller with a verified email
 * keeps a search page's query under a name and chooses how its alerts come: `instant` (an email per hotel as it is
 * approved), `weekly` (one digest a week) or `paused` (none).
 */


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

