import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { topics } from '@reproute/contracts';
import { staticPageHead } from '../../src/site/head.ts';
import { pages as sitePages, sitemapPaths } from '../../src/site/pages.ts';
import { escapeHtml, hotelPageHead, renderHead, scriptJson } from '../src/page-head.ts';
import { CatalogPages, ExpiringCache, PageAnswers, type HotelAnswer, type ServiceGet } from '../src/answers.ts';
import { firstSearch, registerDiscoveryRoutes } from '../src/page-routes.ts';
import { changedHotel, forgetChanged } from '../src/hotel-events.ts';

const origin = 'https://reproute.example';

describe('page heads', () => {
  const hotel = {
    id: 7,
    slug: 'the-ritz',
    name: 'The <script>alert("x")</script> Ritz & \'Co\'',
    description: 'Big gym </script><script>alert(1)</script>',
    city: 'Paris',
    country: 'France',
    pricePerNight: 420,
    currency: 'EUR',
    imageUrl: '/images/hotels/h7/hero.jpg',
    images: ['/images/hotels/h7/room.jpg'],
    rating: 4.5,
    totalReviews: 3,
  };

  it('escape every value in attributes and text, and keep JSON-LD from closing its script', () => {
    const html = renderHead(hotelPageHead(origin, hotel as unknown as HotelAnswer));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<title>The &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ritz &amp; &#39;Co&#39; | RepRoute</title>');
    expect(html).toContain('<meta property="og:title" content="The &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ritz &amp; &#39;Co&#39; | RepRoute" data-server-head />');
    const ld = /<script type="application\/ld\+json" data-server-head>(.*)<\/script>/.exec(html)![1]!;
    expect(ld).not.toMatch(/[<>]/);
    expect(JSON.parse(ld)).toMatchObject({ '@type': 'Hotel', name: hotel.name, address: { addressLocality: 'Paris' }, priceRange: '€420 per night' });
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(scriptJson({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u2028"}');
  });

  it('fill a hotel page from the catalog: name, place, nightly price, first picture as an absolute URL', () => {
    const head = hotelPageHead(origin, { ...hotel, name: 'Hotel Lift', description: null } as unknown as HotelAnswer);
    expect(head).toMatchObject({
      title: 'Hotel Lift | RepRoute',
      description: 'Hotel Lift, Paris, France: a hotel with a gym, from €420 per night.',
      canonical: 'https://reproute.example/hotels/the-ritz',
      image: 'https://reproute.example/images/hotels/h7/hero.jpg',
      robots: 'index, follow',
    });
    expect(hotelPageHead(origin, { ...hotel, imageUrl: null, images: [], pricePerNight: null } as unknown as HotelAnswer).image).toBe('https://reproute.example/media/hero-poster.jpg');
    expect(hotelPageHead(origin, { ...hotel, imageUrl: 'https://cdn.example/a.jpg' } as unknown as HotelAnswer).image).toBe('https://cdn.example/a.jpg');
  });

  it('fill fixed pages from the page table; business travel carries its website search JSON-LD', () => {
    const business = renderHead(staticPageHead(origin, '/business-travel', sitePages.businessTravel));
    expect(business).toContain('<title>Business Travel Hotels with Great Gyms | RepRoute</title>');
    expect(business).toContain('<link rel="canonical" href="https://reproute.example/business-travel" data-server-head />');
    const ld = JSON.parse(/<script type="application\/ld\+json" data-server-head>(.*)<\/script>/.exec(business)![1]!);
    expect(ld).toMatchObject({ '@type': 'WebSite', potentialAction: { target: { urlTemplate: 'https://reproute.example/search?q={search_term_string}' } } });
    expect(staticPageHead(origin, '/home', sitePages.home).canonical).toBe('https://reproute.example/');
    expect(staticPageHead(origin, '/login', sitePages.login).robots).toBe('noindex, follow');
    const search = staticPageHead(origin, '/search', sitePages.search, new URLSearchParams('query=<b>Paris</b>'));
    expect(search.title).toBe('Hotels in <b>Paris</b> | RepRoute');
    expect(renderHead(search)).toContain('<title>Hotels in &lt;b&gt;Paris&lt;/b&gt; | RepRoute</title>');
  });

  it('preload the home page hero poster, its largest paint on a phone, and nothing on other pages', () => {
    const preload = '<link rel="preload" as="image" href="/media/hero-poster.jpg" fetchpriority="high" data-server-head />';
    expect(renderHead(staticPageHead(origin, '/', sitePages.home))).toContain(preload);
    expect(renderHead(staticPageHead(origin, '/home', sitePages.home))).toContain(preload);
    for (const [path, page] of [['/search', sitePages.search], ['/login', sitePages.login], ['/business-travel', sitePages.businessTravel]] as const) {
      expect(renderHead(staticPageHead(origin, path, page))).not.toContain('rel="preload"');
    }
  });
});

describe('CatalogPages', () => {
  function fakeCatalog() {
    const calls: string[] = [];
    const hotels = new Map<string, unknown>([['the-ritz', { id: 7, slug: 'the-ritz', name: 'The Ritz' }]]);
    let list: unknown[] = [{ id: 7, slug: 'the-ritz', updatedAt: '2030-01-01T00:00:00.000Z' }];
    let down = false;
    const get: ServiceGet = async (service, p) => {
      // Every read of these pages is the catalog's, as the endpoints' definitions say.
      expect(service).toBe('catalog');
      calls.push(p);
      if (down) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      if (p === '/api/sitemap-hotels') return { status: 200, body: { hotels: list } };
      const key = decodeURIComponent(p.replace('/api/hotels/', ''));
      return hotels.has(key) ? { status: 200, body: hotels.get(key) } : { status: 404, body: { message: 'Hotel not found' } };
    };
    return { calls, get, hotels, setList: (l: unknown[]) => (list = l), setDown: (d: boolean) => (down = d) };
  }

  it('keeps a hotel (and its absence) for the TTL, shares one request among callers, and says undefined when the catalog cannot answer', async () => {
    let now = 0;
    const catalog = fakeCatalog();
    const pages = new CatalogPages(catalog.get, { hotelTtlMs: 1_000, now: () => now });
    const [a, b] = await Promise.all([pages.hotel('The-Ritz'), pages.hotel('the-ritz')]);
    expect(a).toMatchObject({ name: 'The Ritz' });
    expect(b).toBe(a);
    expect(await pages.hotel('nope')).toBeNull();
    await pages.hotel('nope');
    expect(catalog.calls).toEqual(['/api/hotels/the-ritz', '/api/hotels/nope']);
    now = 1_001;
    catalog.hotels.delete('the-ritz');
    expect(await pages.hotel('the-ritz')).toBeNull();
    catalog.setDown(true);
    expect(await pages.hotel('other')).toBeUndefined();
    expect(await pages.hotel('x'.repeat(201))).toBeNull();
  });

  it('keeps a page’s public answer for its TTL, drops every one on a hotel change, and has none when the catalog fails', async () => {
    let now = 0;
    const catalog = fakeCatalog();
    catalog.hotels.set('search?sort=rating&pageSize=24', { items: [], total: 0 });
    const pages = new CatalogPages(catalog.get, { answerTtlMs: 10_000, now: () => now });
    const path = '/api/hotels/search?sort=rating&pageSize=24';
    const first = { sort: 'rating', pageSize: 24 } as const;
    expect(await pages.search(first)).toEqual({ url: path, data: { items: [], total: 0 } });
    await pages.search(first);
    expect(catalog.calls).toEqual([path]);
    now = 10_001;
    await pages.search(first);
    pages.hotelChanged(7);
    await pages.search(first);
    expect(catalog.calls).toEqual([path, path, path]);
    expect(await pages.search({ query: 'nowhere' })).toBeUndefined();
    catalog.setDown(true);
    pages.hotelChanged(7);
    expect(await pages.search(first)).toBeUndefined();
  });

  it('writes a page’s first search only when the address says exactly which, as the SPA makes it', () => {
    // The home page's featured hotels are its top-rated gyms: the six best gym scores.
    expect(firstSearch('/', new URLSearchParams())).toEqual({ sort: 'gymScore', pageSize: 6 });
    expect(firstSearch('/search', new URLSearchParams('q= Lyon '))).toEqual({ query: 'Lyon', sort: 'rating', pageSize: 24 });
    for (const [path, query] of [['/', 'utm_source=mail'], ['/search', 'query=Paris&eq=pool'], ['/search', 'view=map'], ['/contact-us', '']]) {
      expect(firstSearch(path!, new URLSearchParams(query)), `${path}?${query}`).toBeUndefined();
    }
  });

  it('reads the sitemap list again after its TTL, and keeps the last list while the catalog is down', async () => {
    let now = 0;
    const catalog = fakeCatalog();
    const pages = new CatalogPages(catalog.get, { sitemapTtlMs: 60_000, now: () => now });
    expect(await pages.sitemapHotels()).toHaveLength(1);
    catalog.setList([]);
    expect(await pages.sitemapHotels()).toHaveLength(1);
    now = 60_001;
    expect(await pages.sitemapHotels()).toHaveLength(0);
    catalog.setDown(true);
    now = 200_000;
    expect(await pages.sitemapHotels()).toEqual([]);
    expect(await new CatalogPages(catalog.get).sitemapHotels()).toBeUndefined();
  });

  it('forgets a changed hotel (by id, slug or the hotel it holds) and reads the sitemap again at once, whatever the TTLs', async () => {
    let now = 0;
    const catalog = fakeCatalog();
    catalog.hotels.set('7', { id: 7, slug: 'the-ritz', name: 'The Ritz' });
    const pages = new CatalogPages(catalog.get, { hotelTtlMs: 600_000, sitemapTtlMs: 600_000, now: () => now });
    await pages.hotel('the-ritz');
    await pages.hotel('7');
    expect(await pages.hotel('new-place')).toBeNull();
    expect(await pages.sitemapHotels()).toHaveLength(1);
    catalog.hotels.set('the-ritz', { id: 7, slug: 'the-ritz', name: 'The Ritz London' });
    catalog.hotels.set('7', { id: 7, slug: 'the-ritz', name: 'The Ritz London' });
    catalog.hotels.set('new-place', { id: 8, slug: 'new-place', name: 'New Place' });
    catalog.setList([{ id: 7, slug: 'the-ritz', updatedAt: '2030-01-02T00:00:00.000Z' }, { id: 8, slug: 'new-place', updatedAt: '2030-01-02T00:00:00.000Z' }]);
    now = 1_000;
    // Still within every TTL: the kept answers.
    expect(await pages.hotel('the-ritz')).toMatchObject({ name: 'The Ritz' });
    expect(await pages.hotel('new-place')).toBeNull();
    pages.hotelChanged(7);
    pages.hotelChanged(8, 'New-Place');
    expect(await pages.hotel('the-ritz')).toMatchObject({ name: 'The Ritz London' });
    expect(await pages.hotel('7')).toMatchObject({ name: 'The Ritz London' });
    expect(await pages.hotel('new-place')).toMatchObject({ name: 'New Place' });
    expect(await pages.sitemapHotels()).toHaveLength(2);
    // A change while the catalog is down: the last list still answers.
    catalog.setDown(true);
    pages.hotelChanged(8);
    expect(await pages.sitemapHotels()).toHaveLength(2);
  });

  it('does not keep a reading that began before a change', async () => {
    const catalog = fakeCatalog();
    const pages = new CatalogPages(catalog.get, { hotelTtlMs: 600_000, sitemapTtlMs: 600_000 });
    const reading = pages.hotel('the-ritz');
    const listing = pages.sitemapHotels();
    pages.hotelChanged(7);
    catalog.hotels.set('the-ritz', { id: 7, slug: 'the-ritz', name: 'Renamed' });
    catalog.setList([]);
    expect(await reading).toMatchObject({ name: 'The Ritz' });
    expect(await listing).toHaveLength(1);
    expect(await pages.hotel('the-ritz')).toMatchObject({ name: 'Renamed' });
    expect(await pages.sitemapHotels()).toHaveLength(0);
  });

  it('reads which hotel an event names, and passes over anything else', () => {
    const event = (type: string, data: unknown) => JSON.stringify({ id: 'e', type, version: 1, occurredAt: '2030-01-01T00:00:00Z', data });
    expect(changedHotel(event('hotel.approved', { hotelId: 3, slug: 'lift-house', name: 'Lift House' }))).toEqual({ hotelId: 3, slug: 'lift-house' });
    expect(changedHotel(event('hotel.deleted', { hotelId: 4, providerId: null }))).toEqual({ hotelId: 4 });
    expect(changedHotel(event('review.approved', { hotelId: 3 }))).toBeUndefined();
    expect(changedHotel(event('hotel.updated', { hotelId: '3' }))).toBeUndefined();
    expect(changedHotel('not json')).toBeUndefined();
    expect(changedHotel(null)).toBeUndefined();
  });

  it('an expiring cache holds at most its bound, dropping the least recently used', () => {
    const cache = new ExpiringCache<number>(2, () => 0);
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.get('a');
    cache.set('c', 3, 10);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is the front end’s plus the sitemap; the sitemap lists fixed pages and public hotels, split into an index past the page size', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-'));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
    let list = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, slug: `hotel-${i + 1}`, updatedAt: `2030-01-0${i + 1}T00:00:00.000Z` }));
    let now = 0;
    const catalog = new CatalogPages(async () => ({ status: 200, body: { hotels: list } }), { sitemapTtlMs: 1_000, now: () => now });
    const app = Fastify();
    await registerDiscoveryRoutes(app, { catalog, origin, dist, builtAt: () => new Date('2030-02-01T00:00:00.000Z') });
    const robots = await app.inject('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://reproute.example/sitemap.xml\n');

    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(sitemap.body).toContain('<url><loc>https://reproute.example/business-travel</loc><lastmod>2030-02-01T00:00:00.000Z</lastmod></url>');
    expect(sitemap.body).toContain('<url><loc>https://reproute.example/hotels/hotel-3</loc><lastmod>2030-01-03T00:00:00.000Z</lastmod></url>');
    expect(sitemap.body.match(/<url>/g)).toHaveLength(sitemapPaths().length + 5);

    // A hotel the catalog no longer lists is gone once the list is read again.
    list = list.filter((h) => h.slug !== 'hotel-3');
    now = 1_001;
    expect((await app.inject('/sitemap.xml')).body).not.toContain('hotel-3');
    expect((await app.inject('/sitemaps/1.xml')).statusCode).toBe(404);
    await app.close();

    const small = Fastify();
    await registerDiscoveryRoutes(small, { catalog, origin, dist, builtAt: () => new Date('2030-02-01T00:00:00.000Z'), sitemapPageSize: 10 });
    const index = await small.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain('<sitemap><loc>https://reproute.example/sitemaps/1.xml</loc>');
    expect(index.body).toContain('<sitemap><loc>https://reproute.example/sitemaps/2.xml</loc>');
    const second = await small.inject('/sitemaps/2.xml');
    expect(second.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(second.body.match(/<url>/g)!.length).toBe(sitemapPaths().length + 4 - 10);
    expect((await small.inject('/sitemaps/3.xml')).statusCode).toBe(404);
    expect((await small.inject('/sitemaps/x.xml')).statusCode).toBe(404);
    await small.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After when the catalog never answered', async () => {
    const app = Fastify();
    const catalog = new CatalogPages(async () => ({ status: 503, body: undefined }));
    await registerDiscoveryRoutes(app, { catalog, origin, dist: os.tmpdir(), builtAt: () => new Date(0) });
    const res = await app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    await app.close();
  });
});

describe('the reviews written into hotel pages', () => {
  it('are kept for their TTL and shared by callers asking at once, read again after a review event (and only then), and absent when engagement fails', async () => {
    let now = 0;
    const calls: string[] = [];
    let list: unknown = [{ id: 'r1' }];
    let failing = false;
    const reviews = new PageAnswers(
      async (service, p, timeoutMs) => {
        expect([service, timeoutMs]).toEqual(['engagement', 1_000]);
        calls.push(p);
        if (failing) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
        return { status: 200, body: list };
      },
      { answerTtlMs: 5_000, timeoutMs: 1_000, now: () => now },
    );
    const pages = new CatalogPages(async () => ({ status: 404, body: undefined }));
    const reviewsOf7 = async () => (await reviews.read('GET /api/hotels/:hotelId/reviews', { params: { hotelId: 7 } }))?.data;
    const event = (topic: string, type: string) => ({ topic, value: JSON.stringify({ type, data: { hotelId: 7 } }) });
    const [a, b] = await Promise.all([reviewsOf7(), reviewsOf7()]);
    expect(a).toEqual([{ id: 'r1' }]);
    expect(b).toBe(a);
    expect(calls).toHaveLength(1);
    // A hotel event does not change a hotel's reviews; a review event does.
    let publicChanges = 0;
    const onPublicChange = () => (publicChanges += 1);
    forgetChanged(event(topics.hotels, 'hotel.updated'), { pages, reviews, onPublicChange });
    expect(await reviewsOf7()).toBe(a);
    list = [{ id: 'r2' }, { id: 'r1' }];
    forgetChanged(event(topics.reviews, 'review.approved'), { pages, reviews, onPublicChange });
    // Every hotel and review event empties the host's public reads too.
    expect(publicChanges).toBe(2);
    expect(await reviewsOf7()).toEqual(list);
    expect(calls).toHaveLength(2);
    now = 5_001;
    failing = true;
    expect(await reviewsOf7()).toBeUndefined();
    // Not kept: asked again on the next page.
    failing = false;
    expect(await reviewsOf7()).toEqual(list);
    expect(calls).toHaveLength(4);
  });
});
