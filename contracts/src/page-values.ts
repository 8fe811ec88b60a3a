/**
 * Names the pages' server and the SPA agree on (frontend/server/src; frontend/src/main.tsx,
 * api/initialData.ts, lib/tokenStorage.ts, pageScript/).
 */

/** The script element a page's public answers are written into. */
export const INITIAL_DATA_ID = 'rr-initial-data';

/** The data block naming a server-rendered page's modules, which the page's one inline script reads (frontend/src/pageScript). */
export const PAGE_MODULES_ID = 'rr-modules';

/** The root's attribute when it holds the page's server render (for the SPA to hydrate). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The cookie a browser holding a session carries (only that it holds one, never the token). */
export const SIGNED_IN_COOKIE = 'rr_signed_in';
