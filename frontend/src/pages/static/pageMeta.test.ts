import { describe, expect, it } from 'vitest';
import { websiteSearchJsonLd } from '@/site/pages';
import { applyPageMeta, type PageMeta } from './pageMeta';

const meta: PageMeta = {
  title: 'Business Travel | RepRoute',
  description: 'Hotels for business travellers who train.',
  keywords: 'business travel, hotel gym',
  robots: 'index, follow',
  canonical: 'https://reproute.example/business-travel',
  image: 'https://reproute.example/media/hero-poster.jpg',
  jsonLd: [websiteSearchJsonLd('https://reproute.example')],
};

describe('applyPageMeta', () => {
  it('sets every tag and puts the previous state back', () => {
    document.title = 'Before';
    const existing = document.createElement('meta');
    existing.name = 'description';
    existing.content = 'Default description';
    document.head.appendChild(existing);

    const restore = applyPageMeta(meta);
    expect(document.title).toBe('Business Travel | RepRoute');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(meta.description);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow');
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(meta.canonical);
    expect(document.head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(meta.canonical);
    const ld = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld.potentialAction.target.urlTemplate).toBe('https://reproute.example/search?q={search_term_string}');

    restore();
    expect(document.title).toBe('Before');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Default description');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    existing.remove();
  });
});
