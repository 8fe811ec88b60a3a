import { formatPrice, INITIAL_DATA_ID, photoSources, primaryPhotoUrl } from '@reproute/contracts';
import { absoluteUrl, headTags, type PageMeta } from '../../src/site/head.ts';
import { defaultImagePath } from '../../src/site/pages.ts';
import { documentTitle } from '../../src/site/titles.ts';
import { cardPicture, heroPicture, type PictureLayout } from '../../src/site/pageReads.ts';
import type { HotelAnswer, HotelSearchAnswer, InitialAnswer } from './answers.ts';

/** What the server writes into index.html's head for one page: the site's head tags (site/head.ts) and what only a written page carries. */
export interface PageHead extends PageMeta {
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
  const tags = headTags(head).map((tag) =>
    tag.element === 'link'
      ? `<link rel="${tag.rel}" href="${escapeHtml(tag.href)}" data-server-head />`
      : `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" data-server-head />`,
  );
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...tags,
    ...(head.preloadImage ? [`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}"${head.preloadImageSrcset ? ` imagesrcset="${escapeHtml(head.preloadImageSrcset)}" imagesizes="${escapeHtml(head.preloadImageSizes ?? '100vw')}"` : ''} fetchpriority="high" data-server-head />`] : []),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json" data-server-head>${scriptJson(data)}</script>`),
    ...(head.initialData?.length ? [`<script type="application/json" id="${INITIAL_DATA_ID}">[${head.initialData.map(answerJson).join(',')}]</script>`] : []),
  ];
  return lines.join('\n    ');
}

const descriptionLimit = 200;

function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

/** A hotel page's head: its name, place, nightly price and first picture, all from the catalog's answer. */
export function hotelPageHead(origin: string, hotel: HotelAnswer): PageHead {
  const place = [hotel.city, hotel.country].filter(Boolean).join(', ');
  const rawPrice = Number(hotel.pricePerNight ?? hotel.price);
  // The answer's shape is only checked for what names the hotel (isHotelAnswer): a missing currency is read as USD.
  const price = Number.isFinite(rawPrice) && rawPrice > 0 ? `${formatPrice(rawPrice, (hotel.currency as string | undefined) ?? 'USD')} per night` : null;
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
    // The page's largest paint is this picture at full width (HotelDetailPage's hero).
    ...(hero ? picturePreload(hero, heroPicture) : {}),
  };
}

/** The first result's picture on a search page, as its card shows it (HotelCard), preloaded: it is a phone's largest paint. */
export function searchResultsPreload(answer: HotelSearchAnswer): Pick<PageHead, 'preloadImage' | 'preloadImageSrcset' | 'preloadImageSizes'> {
  const first = (answer as Partial<HotelSearchAnswer> | null)?.items?.[0];
  const picture = first ? primaryPhotoUrl(first) : undefined;
  return picture ? picturePreload(picture, cardPicture) : {};
}

/** A picture's preload as its `<img>` asks for it (HotelImage: photoSources at the layout's preferred width, shown at its `sizes`). */
function picturePreload(url: string, layout: PictureLayout): Pick<PageHead, 'preloadImage' | 'preloadImageSrcset' | 'preloadImageSizes'> {
  const sources = photoSources(url, layout.preferredWidth);
  return { preloadImage: sources.src, ...(sources.srcSet ? { preloadImageSrcset: sources.srcSet, preloadImageSizes: layout.sizes } : {}) };
}
