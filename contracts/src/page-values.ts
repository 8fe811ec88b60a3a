/**
 * Names the gateway's pages and the SPA agree on (gateway/src/page-head.ts, spa.ts, page-routes.ts;
 * frontend/src/main.tsx, api/initialData.ts, lib/tokenStorage.ts).
 */

/** The script element a page's public answers are written into. */
export const INITIAL_DATA_ID = 'rr-initial-data';

/** The root's attribute when it holds the page's server render (for the SPA to hydrate). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The cookie a browser holding a session carries (only that it holds one, never the token). */
export const SIGNED_IN_COOKIE = 'rr_signed_in';
