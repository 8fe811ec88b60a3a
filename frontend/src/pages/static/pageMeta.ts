import { useEffect } from 'react';
import { removeServerHead } from '@/lib/serverHead';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  robots: string;
  /** Absolute URL of the page. */
  canonical: string;
  image: string;
  /** Structured data, written as one application/ld+json script. */
  jsonLd?: Record<string, unknown>;
}

type Restore = () => void;

function setMeta(attribute: 'name' | 'property', key: string, content: string): Restore {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const el = element;
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('content', previous);
  };
}

function setCanonical(href: string): Restore {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const created = !link;
  const previous = link?.getAttribute('href') ?? null;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
  const el = link;
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('href', previous);
  };
}

function addJsonLd(data: Record<string, unknown>): Restore {
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.dataset.pageMeta = 'true';
  script.textContent = JSON.stringify(data);
  document.head.appendChild(script);
  return () => script.remove();
}

/** Writes the page's title, meta tags, social-share tags, canonical link and structured data; puts everything back on leave. */
export function applyPageMeta(meta: PageMeta): Restore {
  // The page writes its own tags; the gateway's copies of them would be duplicates.
  removeServerHead();
  const previousTitle = document.title;
  document.title = meta.title;
  const restores: Restore[] = [
    setMeta('name', 'description', meta.description),
    setMeta('name', 'keywords', meta.keywords),
    setMeta('name', 'robots', meta.robots),
    setMeta('property', 'og:title', meta.title),
    setMeta('property', 'og:description', meta.description),
    setMeta('property', 'og:type', 'website'),
    setMeta('property', 'og:url', meta.canonical),
    setMeta('property', 'og:image', meta.image),
    setMeta('property', 'og:site_name', 'RepRoute'),
    setMeta('name', 'twitter:card', 'summary_large_image'),
    setMeta('name', 'twitter:title', meta.title),
    setMeta('name', 'twitter:description', meta.description),
    setMeta('name', 'twitter:image', meta.image),
    setCanonical(meta.canonical),
  ];
  if (meta.jsonLd) restores.push(addJsonLd(meta.jsonLd));
  return () => {
    for (const restore of restores.reverse()) restore();
    document.title = previousTitle;
  };
}

export function usePageMeta(meta: PageMeta) {
  const key = JSON.stringify(meta);
  useEffect(() => applyPageMeta(JSON.parse(key) as PageMeta), [key]);
}

/** WebSite structured data with a SearchAction for /search?q={search_term_string}. */
export function websiteSearchJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'RepRoute',
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
