import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { savedSearchAnswer, savedSearchCreate, savedSearchLimit, savedSearchListAnswer, savedSearchUpdate } from '../saved-searches.ts';

/** A saved search's id as the path carries it; one that is not a UUID is "Saved search not found" (404). */
const savedSearchIdPath = z.object({ id: z.string() });

/** The catalog's saved searches: the search page's query kept under a name, with its alerts (docs/decisions.md, "Saved searches"). */
export const catalogSavedSearchEndpoints = defineEndpoints('catalog', {
  'GET /api/saved-searches': {
    access: 'signedIn',
    summary: 'The caller\'s saved searches, newest first',
    responses: { 200: savedSearchListAnswer },
    doc: `\`{ items: [{ id, name, params, searchPath, alerts, createdAt, updatedAt, hotelsNotified }], limit }\` newest first; \`limit\` is the most an account keeps (${savedSearchLimit})`,
  },
  'POST /api/saved-searches': {
    access: 'signedIn',
    summary: 'Save the search page\'s query under a name, with its alerts (instant, weekly or paused)',
    body: savedSearchCreate,
    responses: { 201: savedSearchAnswer },
    doc: `\`{ name, params, alerts }\`: \`params\` are the search page's URL parameters as strings (\`query\`, \`eq\`, \`sort\`, \`lat\`, \`lng\`, \`minPrice\`, \`maxPrice\`, \`currency\`, \`minRating\`, \`gymAccessType\`, \`accessibilityFeatures\`, \`open24h\`, \`gymSize\`, \`minDumbbellKg\`), checked by the search's own rules (its 400 messages); \`alerts\` \`instant\` (default: an email per matching hotel as it is approved), \`weekly\` (one digest, Mondays 08:00 UTC) or \`paused\`. 201 the saved search. 400 an unknown parameter ("The search can hold only the search page's own parameters…"), a blank or long name; 403 "Please verify your email address before saving a search…" (the token does not claim a verified email); 409 "You can keep up to ${savedSearchLimit} saved searches…" past the limit, 409 "You have already saved this search." for the same parameters twice`,
  },
  'PATCH /api/saved-searches/:id': {
    access: 'signedIn',
    summary: 'Rename a saved search or change its alerts (paused stops them)',
    params: savedSearchIdPath,
    body: savedSearchUpdate,
    responses: { 200: savedSearchAnswer },
    doc: '`{ name?, alerts? }` (at least one): the saved search. 400 "Change the name or the alert choice", a bad name or alert choice; 404 "Saved search not found" (also another account\'s)',
  },
  'DELETE /api/saved-searches/:id': {
    access: 'signedIn',
    summary: 'Delete a saved search',
    params: savedSearchIdPath,
    responses: { 204: null },
    doc: '204; 404 "Saved search not found" (also another account\'s)',
  },
});
