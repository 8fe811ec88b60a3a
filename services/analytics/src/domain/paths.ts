/** Page paths and search queries as the rollups key them. */

const maxPathLength = 300;
const maxQueryLength = 100;

/**
 * The path of a recorded page view: the URL's pathname without query or fragment, repeated and
 * trailing slashes removed. Full URLs and bare paths both work; anything unparsable gives null.
 */
export function pagePath(url: string): string | null {
  // A path starting with '//' is still a path here, not a protocol-relative URL.
  const raw = url.trim().replace(/^\/{2,}/, '/');
  let pathname: string;
  try {
    pathname = new URL(raw, 'http://page.invalid').pathname;
  } catch {
    return null;
  }
  const clean = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  if (!clean.startsWith('/')) return null;
  return clean.length > maxPathLength ? clean.slice(0, maxPathLength) : clean;
}

export type HotelRef = { hotelId: number } | { slug: string };

/** The hotel a detail page shows (ruling 3: /hotels/{slug}, /hotel/{id}, /hotels/{id}); other pages give null. */
export function hotelRefFromPath(path: string): HotelRef | null {
  const match = /^\/hotels?\/([^/]+)$/i.exec(path);
  if (!match?.[1]) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (/^\d{1,9}$/.test(segment)) {
    const hotelId = Number(segment);
    return hotelId > 0 ? { hotelId } : null;
  }
  return /^[a-z0-9-]{1,200}$/i.test(segment) ? { slug: segment.toLowerCase() } : null;
}

/** Searches count together regardless of case, accents and spacing, as search itself matches (ruling 2). */
export function normaliseSearchQuery(query: string): string | null {
  const clean = query
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > maxQueryLength ? clean.slice(0, maxQueryLength) : clean;
}
