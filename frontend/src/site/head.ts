import { defaultImagePath, type PageDefinition } from './pages.ts';
import { documentTitle, searchPageTitle, siteName } from './titles.ts';

/**
 * A page's head: what the pages' server writes into a page (frontend/server, page-head.ts) and what the
 * SPA writes when a page sets its own (pages/static/pageMeta.ts), as one list of tags (headTags).
 */
export interface PageMeta {
  /** The full document title. */
  title: string;
  description: string;
  /** Absolute URL of the page (canonical link and og:url). */
  canonical: string;
  /** Absolute URL of the preview picture. */
  image: string;
  robots: 'index, follow' | 'noindex, follow';
  /** Written by the SPA only (the business travel page). */
  keywords?: string;
  /** Structured data, each written as one application/ld+json script. */
  jsonLd?: Record<string, unknown>[];
}

/** One tag of a page's head besides its title and scripts. */
export type HeadTag = { element: 'meta'; attribute: 'name' | 'property'; key: string; content: string } | { element: 'link'; rel: 'canonical'; href: string };

/** The description, robots, canonical, Open Graph and Twitter card tags of a page, in the order the head has them. */
export function headTags(meta: PageMeta): HeadTag[] {
  const tag = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({ element: 'meta', attribute, key, content });
  return [
    tag('name', 'description', meta.description),
    ...(meta.keywords ? [tag('name', 'keywords', meta.keywords)] : []),
    tag('name', 'robots', meta.robots),
    { element: 'link', rel: 'canonical', href: meta.canonical },
    tag('property', 'og:site_name', siteName),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.canonical),
    tag('property', 'og:image', meta.image),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
  ];
}

/** An absolute URL on the public site for a path, or the URL itself when it already is one. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The text a search page's address searches for (`query`, or the older `q`). */
export function searchTerm(query: URLSearchParams | undefined): string {
  return (query?.get('query') ?? query?.get('q') ?? '').trim();
}

/** The head of a page of the page table at `path`; the search page's title names the text searched for, as the page does. */
export function staticPageHead(origin: string, path: string, definition: PageDefinition, query?: URLSearchParams): PageMeta & { preloadImage?: string } {
  let title = documentTitle(definition.title);
  let canonicalPath = definition.canonicalPath ?? path;
  if (path === '/search') {
    const term = searchTerm(query);
    if (term) {
      title = documentTitle(searchPageTitle(term));
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
