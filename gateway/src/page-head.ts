import { formatPrice, INITIAL_DATA_ID, photoSources, primaryPhotoUrl } from '@reproute/contracts';
import { defaultImagePath, documentTitle, siteName, type PageDefinition } from './pages.ts';

/** What the gateway writes into index.html's head for one page. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical link and og:url). */
  canonical: string;
  /** Absolute URL of the preview picture. */
  image: string;
  robots: 'index, follow' | 'noindex, follow';
  jsonLd?: Record<string, unknown>[];
  /** Path of the page's largest picture, preloaded with high priority (it is the largest paint on a phone). */
  preloadImage?: string;
  /** The preloaded picture's variants and shown width, as its `<img>` has them (the browser then fetches the one the page will use). */
  preloadImageSrcset?: string;
  preloadImageSizes?: string;
  /**
   * Public answers the page's first render needs, written into the page so it renders without asking
   * for them (frontend/src/api/initialData.ts seeds them for visitors).
   */
  initialData?: InitialAnswer[];
}

/** One public API answer written into a page, by the exact URL the SPA asks it with (frontend/src/api/initialData.ts). */
export interface InitialAnswer {
  url: string;
  data: unknown;
}

const attributeEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an HTML element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => attributeEscapes[c]!);
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Each kept answer's JSON, written once: the same answer object serves every page asked for while it is kept. */
const answerJsonCache = new WeakMap<object, string>();

/** One written answer as JSON safe inside its script element. */
function answerJson(answer: InitialAnswer): string {
  const { data } = answer;
  if (typeof data !== 'object' || data === null) return scriptJson(answer);
  let json = answerJsonCache.get(data);
  if (json === undefined) {
    json = scriptJson(data);
    answerJsonCache.set(data, json);
  }
  return `{"url":${scriptJson(answer.url)},"data":${json}}`;
}

/** The head elements of a page, one a line; every value escaped. */
export function renderHead(head: PageHead): string {
  // data-server-head: the SPA removes these once it shows another page (frontend/src/lib/serverHead.ts).
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-server-head />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-server-head />`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...(head.preloadImage ? [`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}"${head.preloadImageSrcset ? ` imagesrcset="${escapeHtml(head.preloadImageSrcset)}" imagesizes="${escapeHtml(head.preloadImageSizes ?? '100vw')}"` : ''} fetchpriority="high" data-server-head />`] : []),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json" data-server-head>${scriptJson(data)}</script>`),
    ...(head.initialData?.length ? [`<script type="application/json" id="${INITIAL_DATA_ID}">[${head.initialData.map(answerJson).join(',')}]</script>`] : []),
  ];
  return lines.join('\n    ');
}

/** An absolute URL on the public site for a path, or the URL itself when it already is one. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The head of a fixed page; the search page's title names the query as the page does. */
export function staticPageHead(origin: string, path: string, definition: PageDefinition, query?: URLSearchParams): PageHead {
  let title = definition.title;
  let canonicalPath = definition.canonicalPath ?? path;
  if (path === '/search') {
    const term = (query?.get('query') ?? query?.get('q') ?? '').trim();
    if (term) {
      title = documentTitle(`Hotels in ${term}`);
      canonicalPath = `/search?query=${encodeURIComponent(term)}`;
    }
  }
  return {
    title,
    description: definition.description,
    canonical: absoluteUrl(origin, canonicalPath),
    image: absoluteUrl(origin, defaultImagePath),
    robots: definition.indexable ? 'index, follow' : 'noindex, follow',
    jsonLd: definition.jsonLd ? [definition.jsonLd(origin)] : undefined,
    preloadImage: definition.preloadImage,
  };
}

/** The catalog's public answer for a hotel, as far as its head uses it. */
export interface HotelSummary {
  id: number;
  slug: string;
  name: string;
  description?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  pricePerNight?: number | string | null;
  price?: number | string | null;
  currency?: string | null;
  imageUrl?: string | null;
  images?: string[] | null;
  gymImages?: string[] | null;
  rating?: number | null;
  totalReviews?: number | null;
}

/** Whether a catalog answer has what a hotel head needs (anything else is treated as no answer). */
export function isHotelSummary(value: unknown): value is HotelSummary {
  const v = value as Partial<HotelSummary> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.slug === 'string' && typeof v.id === 'number';
}

const descriptionLimit = 200;

function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** A hotel page's head: its name, place, nightly price and first picture, all from the catalog. */
export function hotelPageHead(origin: string, hotel: HotelSummary): PageHead {
  const place = [hotel.city, hotel.country].filter(Boolean).join(', ');
  const rawPrice = Number(hotel.pricePerNight ?? hotel.price);
  const price = Number.isFinite(rawPrice) && rawPrice > 0 ? `${formatPrice(rawPrice, hotel.currency ?? 'USD')} per night` : null;
  const headline = [hotel.name, place].filter(Boolean).join(', ');
  const about = hotel.description ? ` ${hotel.description}` : '';
  const description = clip(`${headline}: a hotel with a gym${price ? `, from ${price}` : ''}.${about}`, descriptionLimit);
  const hero = primaryPhotoUrl(hotel);
  const picture = hero ?? defaultImagePath;
  const canonical = absoluteUrl(origin, `/hotels/${encodeURIComponent(hotel.slug)}`);
  const image = absoluteUrl(origin, picture);
  const structured: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    name: hotel.name,
    url: canonical,
    image,
    ...(hotel.description ? { description: clip(hotel.description, 500) } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(hotel.address ? { streetAddress: hotel.address } : {}),
      ...(hotel.city ? { addressLocality: hotel.city } : {}),
      ...(hotel.country ? { addressCountry: hotel.country } : {}),
    },
    ...(price ? { priceRange: price } : {}),
    ...(hotel.totalReviews && hotel.rating ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: hotel.rating, reviewCount: hotel.totalReviews, bestRating: 5 } } : {}),
  };
  return {
    title: documentTitle(hotel.name),
    description,
    canonical,
    image,
    robots: 'index, follow',
    jsonLd: [structured],
    // The page's largest paint is this picture at full width (HotelDetailPage's HotelImage, preferred width 1600).
    ...(hero ? picturePreload(hero, 1600, '100vw') : {}),
  };
}

/**
 * The catalog search a page's first render makes, when the address says exactly which: the home
 * page's featured hotels, and a search page asking by text alone (no equipment, filters, dates or
 * view), as frontend/src/api/hotels.ts builds it. Undefined for anything else (the SPA then asks).
 */
export function pageSearchPath(path: string, query: URLSearchParams): string | undefined {
  const keys = [...query.keys()];
  if (path === '/' || path === '/home') {
    if (keys.length > 0) return undefined;
  } else if (path === '/search') {
    if (keys.some((key) => key !== 'query' && key !== 'q')) return undefined;
  } else return undefined;
  const search = new URLSearchParams();
  const term = (query.get('query') ?? query.get('q') ?? '').trim();
  if (term) search.set('query', term);
  search.set('sort', 'rating');
  search.set('pageSize', '24');
  return `/api/hotels/search?${search.toString()}`;
}

/** The first result's picture on a search page, as its card shows it (HotelCard's HotelImage), preloaded: it is a phone's largest paint. */
export function searchResultsPreload(answer: unknown): Pick<PageHead, 'preloadImage' | 'preloadImageSrcset' | 'preloadImageSizes'> {
  const first = (answer as { items?: HotelSummary[] } | null)?.items?.[0];
  const picture = first ? primaryPhotoUrl(first) : undefined;
  return picture ? picturePreload(picture, 800, '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw') : {};
}

/** A picture's preload as its `<img>` asks for it (HotelImage: photoSources at this preferred width, shown at `sizes`). */
function picturePreload(url: string, preferredWidth: number, sizes: string): Pick<PageHead, 'preloadImage' | 'preloadImageSrcset' | 'preloadImageSizes'> {
  const sources = photoSources(url, preferredWidth);
  return { preloadImage: sources.src, ...(sources.srcSet ? { preloadImageSrcset: sources.srcSet, preloadImageSizes: sizes } : {}) };
}
