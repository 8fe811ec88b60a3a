import { useEffect } from 'react';
import { removeServerHead } from '@/lib/serverHead';
import { headTags, type HeadTag, type PageMeta } from '@/site/head';

export type { PageMeta };

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

const setTag = (tag: HeadTag): Restore => (tag.element === 'link' ? setCanonical(tag.href) : setMeta(tag.attribute, tag.key, tag.content));

/**
 * Writes the page's title and head tags (the same list the pages' server writes, site/head.ts: meta tags,
 * social-share tags, canonical link) and its structured data; puts everything back on leave.
 */
export function applyPageMeta(meta: PageMeta): Restore {
  // The page writes its own tags; the server's copies of them would be duplicates.
  removeServerHead();
  const previousTitle = document.title;
  document.title = meta.title;
  const restores: Restore[] = headTags(meta).map(setTag);
  for (const data of meta.jsonLd ?? []) restores.push(addJsonLd(data));
  return () => {
    for (const restore of restores.reverse()) restore();
    document.title = previousTitle;
  };
}

export function usePageMeta(meta: PageMeta) {
  const key = JSON.stringify(meta);
  useEffect(() => applyPageMeta(JSON.parse(key) as PageMeta), [key]);
}
