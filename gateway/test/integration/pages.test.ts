import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@reproute/platform';
import { buildGateway } from '../../src/app.ts';
import { stack } from '@reproute/platform/testing';
import { signTestToken, testSigningKey } from '@reproute/platform/testing/service-under-test';
import { configSchema } from '../../src/config.ts';

// An in-process gateway over real Redis; a small HTTP server stands in for the catalog (and for engagement's
// reviews) so the test decides which hotels exist and can count how often the gateway asks.
let gateway: FastifyInstance;
let catalog: http.Server;
let redis: Redis;
let distDir: string;
let renderDir: string;
const catalogRequests: string[] = [];
let providerAuth: { authorization: string };

// Stands in for the front end's server render (frontend/src/entry-server.tsx): what it was asked, and a failure on demand.
const renderModule = `export async function renderPage(url, answers) {
  if (url.includes('render-fails')) throw new Error('render failed');
  return '<main><h1>' + url.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1><p>' + answers.map((a) => a.url).join(' ') + '</p></main>';
}
`;

// Stands in for the front end's built page script (frontend/src/pageScript): any bytes, allowed by their hash.
const pageScript = '"use strict";(()=>{document.documentElement.dataset.pageScript="ran"})();';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="RepRoute finds hotels with serious gyms." />
    <title>RepRoute – Hotels with gyms worth training in</title>
    <script type="module" crossorigin src="/assets/index-0e.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-0r.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const hotels: Record<string, object> = {
  'the-ritz': {
    id: 7,
    slug: 'the-ritz',
    name: 'The Ritz Lifting Club',
    description: 'Competition racks and a sauna.',
    city: 'Paris',
    country: 'France',
    price: 420,
    pricePerNight: 420,
    currency: 'EUR',
    imageUrl: '/images/hotels/h7/hero.jpg',
    images: ['/images/hotels/h7/room.jpg'],
    gymImages: [],
    rating: 4.5,
    totalReviews: 2,
  },
  'evil-hotel': {
    id: 8,
    slug: 'evil-hotel',
    name: `Evil <script>alert("pwned")</script> Hotel's "Gym"`,
    description: '</script><script>alert(1)</script>',
    city: 'Lyon',
    country: 'France',
    pricePerNight: null,
    currency: 'EUR',
    imageUrl: null,
    images: [],
    gymImages: [],
    rating: 0,
    totalReviews: 0,
  },
};
hotels['7'] = hotels['the-ritz']!;
// The Ritz's approved reviews, as engagement answers them; the other hotel's are not answered (404).
const ritzReviews: Record<string, unknown>[] = [
  { id: 'r2', hotelId: 7, rating: 5, gymRating: 5, title: 'Proper racks', content: 'Two racks and bumper plates.', firstName: 'Ana', lastName: 'Silva', createdAt: '2030-01-02T00:00:00.000Z' },
  { id: 'r1', hotelId: 7, rating: 4, gymRating: null, title: null, content: 'Good sauna after leg day.', firstName: 'Tom', lastName: 'Lee', createdAt: '2030-01-01T00:00:00.000Z' },
];

beforeAll(async () => {
  catalog = http.createServer((req, res) => {
    catalogRequests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/sitemap-hotels') {
      res.end(JSON.stringify({ hotels: [{ id: 7, slug: 'the-ritz', updatedAt: '2030-01-02T03:04:05.000Z' }] }));
      return;
    }
    if (req.url === '/api/stats') {
      res.end(JSON.stringify({ hotels: 2, countries: 1, travellers: 3, averageRating: 4.5, ratings: 2, generatedAt: '2030-01-02T00:00:00.000Z' }));
      return;
    }
    if (req.url?.startsWith('/api/hotels/search?')) {
      const term = new URL(req.url, 'http://catalog').searchParams.get('query');
      res.end(JSON.stringify({ items: term === 'nowhere' ? [] : [hotels['the-ritz'], hotels['evil-hotel']], total: term === 'nowhere' ? 0 : 2, page: 1, pageSize: 24 }));
      return;
    }
    // A provider's edited reply (engagement sends no event for it).
    if (req.method === 'PUT' && req.url === '/api/reviews/r1/reply') {
      ritzReviews[1] = { ...ritzReviews[1]!, reply: { text: 'Thank you, Tom.' } };
      res.end(JSON.stringify(ritzReviews[1]));
      return;
    }
    if (req.url === '/api/hotels/7/reviews') {
      res.end(JSON.stringify(ritzReviews));
      return;
    }
    const hotel = /^\/api\/hotels\/([^/?]+)$/.exec(req.url ?? '');
    if (hotel && hotels[decodeURIComponent(hotel[1]!)]) {
      res.end(JSON.stringify(hotels[decodeURIComponent(hotel[1]!)]));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Hotel not found' }));
  });
  await new Promise<void>((r) => catalog.listen(0, '127.0.0.1', r));
  const catalogUrl = `http://127.0.0.1:${(catalog.address() as AddressInfo).port}`;
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-pages-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(distDir, 'index.html.br'), zlib.brotliCompressSync(indexHtml));
  fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  // What the build writes: each route's page chunks beyond the entry's (frontend/build/routeChunks.ts).
  fs.mkdirSync(path.join(distDir, '.vite'));
  // The pages' one inline script as the build writes it (frontend/build/pageScript.ts).
  fs.writeFileSync(path.join(distDir, '.vite', 'page-script.js'), pageScript);
  fs.writeFileSync(
    path.join(distDir, '.vite', 'route-chunks.json'),
    JSON.stringify({
      routes: [
        { path: '/', files: ['/assets/HomePage-a1.js', '/assets/SearchBox-b2.js'] },
        { path: '/hotels/:slug', files: ['/assets/HotelDetailPage-c3.js', '/assets/map-d4.js'] },
        { path: '/hotel/:id', files: ['/assets/HotelDetailPage-c3.js', '/assets/map-d4.js'] },
        { path: '*', files: ['/assets/NotFoundPage-e5.js'] },
      ],
    }),
  );
  renderDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-render-'));
  fs.writeFileSync(path.join(renderDir, 'entry-server.js'), renderModule);
  const key = await testSigningKey();
  redis = new Redis(stack.redisUrl);
  const config = configSchema.parse({
    IDENTITY_URL: catalogUrl,
    CATALOG_URL: catalogUrl,
    ENGAGEMENT_URL: catalogUrl,
    REFERRAL_URL: catalogUrl,
    ANALYTICS_URL: catalogUrl,
    NOTIFIER_URL: catalogUrl,
    FRONTEND_DIST: distDir,
    FRONTEND_SERVER_RENDER: path.join(renderDir, 'entry-server.js'),
    PUBLIC_APP_URL: 'https://reproute.example/',
    RATE_LIMIT_NAMESPACE: `ratelimit:gateway-pages-test-${process.pid}-${Date.now()}:`,
  });
  providerAuth = (await signTestToken(key, config.JWT_ISSUER, { roles: ['provider'] })).headers;
  gateway = await buildGateway({ config, logger: createLogger('gateway-pages-test', 'silent'), redis, key: key.publicKey, revocations: { ready: true, isRevoked: () => false } });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway?.close();
  catalog?.close();
  redis?.disconnect();
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(renderDir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base()}${p}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
};
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key.replace(/[+]/g, '\\+')}" content="([^"]*)" data-server-head />`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('pages that can be shared and found', () => {
  it('answers known routes 200, unknown paths and unknown hotels 404 with the SPA, and leaves API paths alone', async () => {
    for (const route of ['/', '/home', '/search?query=paris', '/hotels/the-ritz', '/hotel/7', '/login', '/provider/dashboard', '/write-review/7', '/business-travel', '/maintenance']) {
      const res = await page(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      // Empty, or a visitor's first view written in (pages with answers, below).
      expect(res.body, route).toMatch(/<div id="root"(?: data-prerendered)?>/);
    }
    for (const route of ['/no/such/page', '/hotels/nope', '/hotel/999', '/hotels/the-ritz/extra']) {
      const res = await page(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(res.body, route).toContain('<div id="root"></div>');
      expect(meta(res.body, 'robots'), route).toBe('noindex, follow');
    }
    expect(titleOf((await page('/no/such/page')).body)).toBe('Page Not Found | RepRoute');
    expect(titleOf((await page('/hotels/nope')).body)).toBe('Hotel Not Found | RepRoute');

    const api = await fetch(`${base()}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    const hotelApi = await fetch(`${base()}/api/hotels/the-ritz`);
    expect(hotelApi.status).toBe(200);
    expect(await hotelApi.json()).toMatchObject({ name: 'The Ritz Lifting Club' });
    expect((await fetch(`${base()}/api/hotels/nope`)).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('puts a hotel page’s head together from the catalog: title, description, canonical, Open Graph and Twitter tags', async () => {
    const { body } = await page('/hotel/7');
    expect(titleOf(body)).toBe('The Ritz Lifting Club | RepRoute');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(body, 'description')).toBe('The Ritz Lifting Club, Paris, France: a hotel with a gym, from €420 per night. Competition racks and a sauna.');
    expect(body).toContain('<link rel="canonical" href="https://reproute.example/hotels/the-ritz" data-server-head />');
    expect(meta(body, 'og:title')).toBe('The Ritz Lifting Club | RepRoute');
    expect(meta(body, 'og:description')).toBe(meta(body, 'description'));
    expect(meta(body, 'og:url')).toBe('https://reproute.example/hotels/the-ritz');
    expect(meta(body, 'og:image')).toBe('https://reproute.example/images/hotels/h7/hero.jpg');
    expect(meta(body, 'og:type')).toBe('website');
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(body, 'twitter:title')).toBe('The Ritz Lifting Club | RepRoute');
    expect(meta(body, 'twitter:image')).toBe('https://reproute.example/images/hotels/h7/hero.jpg');
    expect(body.indexOf('<title>')).toBeLessThan(body.indexOf('</head>'));
  });

  it('puts a fixed page’s head together from the page table, business travel’s JSON-LD included', async () => {
    const { body } = await page('/business-travel');
    expect(titleOf(body)).toBe('Business Travel Hotels with Great Gyms | RepRoute');
    expect(meta(body, 'description')).toMatch(/^Hotels for business travellers who keep training/);
    expect(body).toContain('<link rel="canonical" href="https://reproute.example/business-travel" data-server-head />');
    expect(meta(body, 'og:image')).toBe('https://reproute.example/media/hero-poster.jpg');
    const ld = JSON.parse(/<script type="application\/ld\+json" data-server-head>(.*)<\/script>/.exec(body)![1]!);
    expect(ld).toMatchObject({ '@type': 'WebSite', url: 'https://reproute.example/', potentialAction: { '@type': 'SearchAction' } });
    expect(titleOf((await page('/')).body)).toBe('RepRoute – Hotels with gyms worth training in');
    expect(titleOf((await page('/search?query=Paris')).body)).toBe('Hotels in Paris | RepRoute');
    expect(titleOf((await page('/contact-us')).body)).toBe('Contact Us | RepRoute');
  });

  it('writes a hotel page’s public answer into the page, keyed as the SPA asks for it, and preloads its hero picture first', async () => {
    const initial = (html: string) => JSON.parse(/<script type="application\/json" id="rr-initial-data">(.*?)<\/script>/.exec(html)![1]!);
    const bySlug = (await page('/hotels/The-Ritz')).body;
    // The hotel as the SPA asks for it (by the key in the address), and its reviews as the review list asks (by id).
    expect(initial(bySlug)).toEqual([
      { url: '/api/hotels/The-Ritz', data: hotels['the-ritz'] },
      { url: '/api/hotels/7/reviews', data: ritzReviews },
    ]);
    expect(initial((await page('/hotel/7')).body).map((answer: { url: string }) => answer.url)).toEqual(['/api/hotels/7', '/api/hotels/7/reviews']);
    expect(bySlug).toContain('<link rel="preload" as="image" href="/images/hotels/h7/hero.jpg" fetchpriority="high" data-server-head />');
    // Without a picture nothing is preloaded; the written answer cannot close its element.
    const evil = (await page('/hotels/evil-hotel')).body;
    expect(evil).not.toContain('rel="preload" as="image"');
    // Engagement did not answer its reviews: the page goes with the hotel alone, and the SPA asks for them.
    expect(initial(evil)).toEqual([{ url: '/api/hotels/evil-hotel', data: hotels['evil-hotel'] }]);
    // Unknown hotels and fixed pages without a search of their own carry no answer.
    expect((await page('/hotels/nope')).body).not.toContain('rr-initial-data');
    expect((await page('/contact-us')).body).not.toContain('rr-initial-data');
  });

  it('writes the search a home or search page starts with into it, and preloads the first result’s picture on a search page', async () => {
    const initial = (html: string) => JSON.parse(/<script type="application\/json" id="rr-initial-data">(.*?)<\/script>/.exec(html)![1]!);
    const search = (await page('/search?query=Grand%20Paris')).body;
    expect(initial(search)).toEqual([{ url: '/api/hotels/search?query=Grand+Paris&sort=rating&pageSize=24', data: expect.objectContaining({ total: 2 }) }]);
    expect(search).toContain('<link rel="preload" as="image" href="/images/hotels/h7/hero.jpg" fetchpriority="high" data-server-head />');
    expect(initial((await page('/search?q=Lyon')).body)[0].url).toBe('/api/hotels/search?query=Lyon&sort=rating&pageSize=24');
    const home = (await page('/')).body;
    expect(initial(home)[0].url).toBe('/api/hotels/search?sort=gymScore&pageSize=6');
    // With its summary figures from the catalog (ruling 15).
    expect(initial(home)[1]).toEqual({ url: '/api/stats', data: expect.objectContaining({ hotels: 2, countries: 1, travellers: 3 }) });
    // The home page's largest paint is its hero, not a result.
    expect(home).not.toContain('href="/images/hotels/h7/hero.jpg"');
    expect((await page('/search?query=nowhere')).body).not.toContain('rel="preload" as="image" href="/images');
    // Equipment, filters or a view: the gateway cannot tell the SPA's exact search, so it writes none.
    for (const p of ['/search?query=Paris&eq=pool', '/search?query=Paris&sort=price', '/search?view=map', '/?utm_source=mail']) expect((await page(p)).body).not.toContain('rr-initial-data');
  });

  it('names the page chunks of the route in the head (modulepreload), none for pages without their own', async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    // A signed-in browser gets no server render, so its home and hotel pages name their chunks in the head.
    const signedIn = { cookie: 'consent=1; rr_signed_in=1' };
    expect(preloads((await page('/', signedIn)).body)).toEqual(['/assets/HomePage-a1.js', '/assets/SearchBox-b2.js']);
    expect(preloads((await page('/hotels/the-ritz', signedIn)).body)).toEqual(['/assets/HotelDetailPage-c3.js', '/assets/map-d4.js']);
    expect(preloads((await page('/hotel/7/', signedIn)).body)).toEqual(['/assets/HotelDetailPage-c3.js', '/assets/map-d4.js']);
    expect(preloads((await page('/contact-us')).body)).toEqual([]);
    expect(preloads((await page('/no/such/page')).body)).toEqual([]);
  });

  it('writes a visitor’s first view of a page with answers into its root, and asks for the modules only after the first paint', async () => {
    const root = (html: string) => /<div id="root"([^>]*)>([\s\S]*?)<\/div>/.exec(html)!;
    // The page's modules, from the JSON data block the one fixed script reads.
    const deferred = (html: string) => JSON.parse(/<script type="application\/json" id="rr-modules">(.*?)<\/script>/.exec(html)![1]!) as { scripts: string[]; preloads: string[] };
    const hotel = (await page('/hotels/the-ritz')).body;
    expect(root(hotel)[1]).toBe(' data-prerendered');
    // The render was given the page's written answers, for its address.
    expect(root(hotel)[2]).toBe('<main><h1>/hotels/the-ritz</h1><p>/api/hotels/the-ritz /api/hotels/7/reviews</p></main>');
    // No module in the head: the entry's preloads and the route's chunks, then the entry, come from the script at the end.
    expect(hotel).not.toContain('<script type="module"');
    // Until the SPA has taken the page over, the page's last script holds a click or a submit (and gives it again after):
    // the build's page script, after the data block naming the page's modules.
    expect(hotel).toContain(`</div><script type="application/json" id="rr-modules">`);
    expect(hotel).toContain(`</script><script>${pageScript}</script>`);
    expect(hotel).not.toMatch(/<link rel="modulepreload" crossorigin href="\/assets/);
    expect(deferred(hotel)).toEqual({ scripts: ['/assets/index-0e.js'], preloads: ['/assets/runtime-0r.js', '/assets/HotelDetailPage-c3.js', '/assets/map-d4.js'] });
    // The page policy allows that one inline script by its hash, and no other.
    const policy = (await fetch(`${base()}/hotels/the-ritz`)).headers.get('content-security-policy')!;
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
    expect(scriptSrc).toBe(`'self' 'sha256-${createHash('sha256').update(pageScript).digest('base64')}'`);
    // The API's answers carry the API's own policy: nothing in them loads or runs (security-headers.ts).
    for (const address of ['/api/hotels/search?query=Grand%20Paris', '/api/no-such-endpoint']) {
      const api = await fetch(`${base()}${address}`);
      expect(api.headers.get('content-security-policy'), address).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get('x-frame-options'), address).toBe('DENY');
      expect(api.headers.get('x-content-type-options'), address).toBe('nosniff');
      expect(api.headers.get('cross-origin-opener-policy'), address).toBeNull();
    }
    expect((await fetch(`${base()}/hotels/the-ritz`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const search = (await page('/search?query=Grand%20Paris')).body;
    expect(root(search)[2]).toBe('<main><h1>/search?query=Grand%20Paris</h1><p>/api/hotels/search?query=Grand+Paris&sort=rating&pageSize=24</p></main>');
    expect(root((await page('/')).body)[2]).toContain('/api/hotels/search?sort=gymScore&pageSize=6 /api/stats');
    // Pages without answers, signed-in browsers and a failed render: the empty root, with the entry in the head as built.
    for (const [p, headers] of [['/contact-us', {}], ['/search?query=Paris&eq=pool', {}], ['/hotels/nope', {}], ['/hotels/the-ritz', { cookie: 'rr_signed_in=1' }], ['/search?query=render-fails', {}]] as const) {
      const html = (await page(p, headers)).body;
      expect(root(html)[1], p).toBe('');
      expect(root(html)[2], p).toBe('');
      expect(html, p).toContain('<script type="module" crossorigin src="/assets/index-0e.js"></script>');
      expect(html, p).not.toContain('rr-modules');
    }
  });

  it('escapes a hotel name with <script> and quotes everywhere it goes', async () => {
    const { status, body } = await page('/hotels/evil-hotel');
    expect(status).toBe(200);
    expect(body).not.toContain('<script>alert');
    // No script but the page's one fixed script follows a closing tag.
    expect(body.split('</script><script>')).toHaveLength(2);
    expect(body).toContain(`</script><script>${pageScript}</script>`);
    const escaped = 'Evil &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; Hotel&#39;s &quot;Gym&quot; | RepRoute';
    expect(titleOf(body)).toBe(escaped);
    expect(meta(body, 'og:title')).toBe(escaped);
    expect(meta(body, 'twitter:title')).toBe(escaped);
    const ld = /<script type="application\/ld\+json" data-server-head>(.*)<\/script>/.exec(body)![1]!;
    expect(ld).not.toMatch(/[<>]/);
    expect(JSON.parse(ld).name).toBe(`Evil <script>alert("pwned")</script> Hotel's "Gym"`);
    // No price, no picture: the head says so without a price and uses the site's picture.
    expect(meta(body, 'og:image')).toBe('https://reproute.example/media/hero-poster.jpg');
  });

  it('gives each generated page its own ETag, answers 304 for it, and compresses it', async () => {
    const ritz = await page('/hotels/the-ritz');
    const etag = ritz.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(ritz.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${base()}/hotels/the-ritz`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await page('/business-travel', { 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    // A 404 is never answered 304, whatever the browser holds.
    const missing = await page('/no/such/page');
    expect((await page('/no/such/page', { 'if-none-match': missing.headers.get('etag')! })).status).toBe(404);

    const br = await new Promise<{ encoding?: string; body: Buffer; etag?: string }>((resolve, reject) => {
      http.get(`${base()}/hotels/the-ritz`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), etag: res.headers.etag }));
      }).on('error', reject);
    });
    expect(br.encoding).toBe('br');
    expect(br.etag).toBe(etag);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(ritz.body);
  });

  it('writes a hotel’s reviews anew once a provider’s or admin’s write went through this gateway', async () => {
    const initial = async () => JSON.parse(/<script type="application\/json" id="rr-initial-data">(.*?)<\/script>/.exec((await page('/hotel/7')).body)![1]!);
    expect((await initial())[1].data[1].reply).toBeUndefined();
    const edit = await fetch(`${base()}/api/reviews/r1/reply`, { method: 'PUT', headers: { ...providerAuth, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Thank you, Tom.' }) });
    expect(edit.status).toBe(200);
    // Kept 5 s otherwise: the page's next visitor gets the reply at once.
    expect((await initial())[1].data[1].reply).toEqual({ text: 'Thank you, Tom.' });
  });

  it('asks the catalog once for a hotel page that many visitors open at once, and engagement once for its reviews', async () => {
    const count = (url: string) => catalogRequests.filter((u) => u === url).length;
    const before = { hotel: count('/api/hotels/7'), reviews: count('/api/hotels/7/reviews') };
    await Promise.all(Array.from({ length: 20 }, () => page('/hotel/7')));
    expect(count('/api/hotels/7') - before.hotel).toBeLessThanOrEqual(1);
    expect(count('/api/hotels/7/reviews') - before.reviews).toBeLessThanOrEqual(1);
  });

  it('serves robots.txt naming the sitemap, and sitemap.xml with the fixed pages and public hotels', async () => {
    const robots = await page('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://reproute.example/sitemap.xml');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<url><loc>https://reproute.example/hotels/the-ritz</loc><lastmod>2030-01-02T03:04:05.000Z</lastmod></url>');
    expect(sitemap.body).toContain('<loc>https://reproute.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://reproute.example/business-travel</loc>');
    expect(sitemap.body).not.toContain('/login<');
  });
});
