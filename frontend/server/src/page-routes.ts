import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiUrl, SIGNED_IN_COOKIE } from '@reproute/contracts';
import { matchRoute } from '../../src/site/routeTable.ts';
import { absoluteUrl, searchTerm, staticPageHead } from '../../src/site/head.ts';
import { pageOf, pages, sitemapPaths } from '../../src/site/pages.ts';
import { featuredSearchQuery, firstSearchQuery } from '../../src/site/pageReads.ts';
import type { CatalogPages, InitialAnswer, PageAnswers, SitemapHotel } from './answers.ts';
import { hotelPageHead, renderHead, searchResultsPreload, type PageHead } from './page-head.ts';
import type { SpaFiles } from './spa-files.ts';
import type { PageRenderer } from './page-render.ts';

export interface PageResponderOptions {
  spa: SpaFiles;
  catalog: CatalogPages;
  /** A hotel's reviews (engagement), written into its page beside the hotel; none: the SPA asks for them. */
  reviews?: PageAnswers;
  /** The site's public address (PUBLIC_APP_URL), without a trailing slash. */
  origin: string;
  /** The server render of pages written with answers (a visitor's first view); none: the SPA renders them. */
  renderer?: PageRenderer;
}

/** The cookie a signed-in browser carries (no token: only that it holds one). */
const signedInCookie = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

/**
 * Answers an SPA path with index.html carrying the page's head and the status the page stands for:
 * 200 for a route of the route table (site/routeTable.ts), 404 for any other path and for a hotel the
 * catalog does not show to visitors (the SPA then shows its not-found page). When the catalog cannot be asked, a
 * hotel page gets the site's default head with 200: the SPA decides, as it did before.
 */
export function pageResponder({ spa, catalog, reviews, origin, renderer }: PageResponderOptions) {
  // A browser holding a session (frontend/src/lib/tokenStorage.ts sets the cookie) gets the SPA's own render, not a visitor's.
  const render = (request: FastifyRequest, answers: InitialAnswer[]) =>
    signedInCookie.test(request.headers.cookie ?? '') ? undefined : renderer?.render(request.url, answers);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { route, path, params } = matchRoute(request.url);
    const page = pageOf(route);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const pathname = request.url.split('?')[0]!;
    if (page === 'hotel') {
      let key: string;
      try {
        key = decodeURIComponent(params[0]!);
      } catch {
        return spa.sendPage(request, reply, renderHead(staticPageHead(origin, pathname, pages.notFound)), 404);
      }
      const hotel = await catalog.hotel(key);
      if (hotel) {
        // The hotel's public answer goes into the page as the SPA asks for it (by the key in the address),
        // and its reviews as the page's review list asks for them (by the hotel's id).
        const initialData: InitialAnswer[] = [{ url: apiUrl('GET /api/hotels/:idOrSlug', { params: { idOrSlug: key } }), data: hotel }];
        const hotelReviews = await reviews?.read('GET /api/hotels/:hotelId/reviews', { params: { hotelId: hotel.id } });
        if (hotelReviews && Array.isArray(hotelReviews.data)) initialData.push(hotelReviews);
        return spa.sendPage(request, reply, renderHead({ ...hotelPageHead(origin, hotel), initialData }), 200, await render(request, initialData));
      }
      if (hotel === null) return spa.sendPage(request, reply, renderHead(staticPageHead(origin, pathname, pages.hotelNotFound)), 404);
      request.log.warn({ hotel: key }, 'catalog did not answer for a hotel page; default head sent');
      return spa.sendPage(request, reply, renderHead(staticPageHead(origin, pathname, pages.unansweredHotel)));
    }
    if (route.path === '*') return spa.sendPage(request, reply, renderHead(staticPageHead(origin, pathname, pages.notFound)), 404);
    // A fixed page is named by its route's path (its canonical form); a page with a param by the address.
    const pagePath = route.path.includes(':') ? path : route.path;
    const head: PageHead = staticPageHead(origin, pagePath, page, query);
    // The search the page's first render makes, answered into the page (the SPA uses it instead of asking);
    // the home page also starts with its summary figures.
    const search = firstSearch(pagePath, query);
    const home = pagePath === '/' || pagePath === '/home';
    const [results, stats] = await Promise.all([search ? catalog.search(search) : undefined, home && search ? catalog.stats() : undefined]);
    let markup: string | undefined;
    if (results) {
      head.initialData = stats ? [results, stats] : [results];
      if (pagePath === '/search') Object.assign(head, searchResultsPreload(results.data));
      markup = await render(request, head.initialData);
    }
    return spa.sendPage(request, reply, renderHead(head), 200, markup);
  };
}

/**
 * The search a page's first render makes, when the address says exactly which: the home page's featured
 * hotels (the best gym scores), and a search page asking by text alone (no equipment, filters, dates or view),
 * as the SPA makes them (site/pageReads.ts). Undefined for anything else (the SPA then asks).
 */
export function firstSearch(path: string, query: URLSearchParams): ReturnType<typeof firstSearchQuery> | ReturnType<typeof featuredSearchQuery> | undefined {
  const keys = [...query.keys()];
  if (path === '/' || path === '/home') return keys.length > 0 ? undefined : featuredSearchQuery();
  if (path === '/search') return keys.some((key) => key !== 'query' && key !== 'q') ? undefined : firstSearchQuery(searchTerm(query));
  return undefined;
}

/** At most this many addresses in one sitemap file (the sitemap protocol's limit). */
const defaultSitemapPageSize = 50_000;

interface SitemapEntry {
  loc: string;
  lastmod: string;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => xmlEscapes[c]!);

function urlSet(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${xml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(files: SitemapEntry[]): string {
  const items = files.map((e) => `  <sitemap><loc>${xml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

const latest = (entries: SitemapEntry[]) => entries.reduce((max, e) => (e.lastmod > max ? e.lastmod : max), entries[0]?.lastmod ?? new Date(0).toISOString());

export interface DiscoveryOptions {
  catalog: CatalogPages;
  origin: string;
  /** The SPA build folder (robots.txt comes from there). */
  dist: string;
  /** When the fixed pages last changed (the front end's build). */
  builtAt: () => Date;
  sitemapPageSize?: number;
}

/**
 * /robots.txt (the front end's, plus where the sitemap is) and /sitemap.xml: the indexable fixed
 * pages and every public hotel from the catalog's list, read again after a minute at most. Beyond
 * 50,000 addresses /sitemap.xml becomes an index of /sitemaps/{n}.xml files.
 */
export async function registerDiscoveryRoutes(app: FastifyInstance, options: DiscoveryOptions): Promise<void> {
  const { catalog, origin } = options;
  const pageSize = options.sitemapPageSize ?? defaultSitemapPageSize;
  const robotsFile = path.join(options.dist, 'robots.txt');
  let built: { hotels: SitemapHotel[]; builtAt: number; files: string[] } | undefined;

  /** The sitemap files for the current list of hotels: [0] is /sitemap.xml, then /sitemaps/1.xml, ... */
  const sitemapFiles = async (): Promise<string[] | undefined> => {
    const hotels = await catalog.sitemapHotels();
    if (!hotels) return undefined;
    const builtAt = options.builtAt().getTime();
    if (built && built.hotels === hotels && built.builtAt === builtAt) return built.files;
    const pagesDate = new Date(builtAt).toISOString();
    const entries: SitemapEntry[] = [
      ...sitemapPaths().map((p) => ({ loc: absoluteUrl(origin, p), lastmod: pagesDate })),
      ...hotels.map((h) => ({ loc: absoluteUrl(origin, `/hotels/${encodeURIComponent(h.slug)}`), lastmod: new Date(h.updatedAt).toISOString() })),
    ];
    let files: string[];
    if (entries.length <= pageSize) files = [urlSet(entries)];
    else {
      const chunks: SitemapEntry[][] = [];
      for (let i = 0; i < entries.length; i += pageSize) chunks.push(entries.slice(i, i + pageSize));
      files = [sitemapIndex(chunks.map((chunk, i) => ({ loc: absoluteUrl(origin, `/sitemaps/${i + 1}.xml`), lastmod: latest(chunk) }))), ...chunks.map(urlSet)];
    }
    built = { hotels, builtAt, files };
    return files;
  };

  const sendSitemap = async (reply: FastifyReply, index: number) => {
    const files = await sitemapFiles();
    if (!files) {
      reply.header('retry-after', '60');
      return reply.status(503).type('text/plain; charset=utf-8').send('The sitemap is temporarily unavailable. Please try again shortly.\n');
    }
    const file = files[index];
    if (file === undefined || (index > 0 && files.length === 1)) return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap.\n');
    return reply.header('cache-control', 'public, max-age=300').type('application/xml; charset=utf-8').send(file);
  };

  app.get('/sitemap.xml', async (_request, reply) => sendSitemap(reply, 0));
  app.get('/sitemaps/:file', async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec((request.params as { file: string }).file);
    if (!match) return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap.\n');
    return sendSitemap(reply, Number(match[1]));
  });

  let robots: { mtimeMs: number; text: string } | undefined;
  app.get('/robots.txt', async (_request, reply) => {
    const mtimeMs = fs.existsSync(robotsFile) ? fs.statSync(robotsFile).mtimeMs : 0;
    if (robots?.mtimeMs !== mtimeMs) {
      const own = mtimeMs ? fs.readFileSync(robotsFile, 'utf8') : 'User-agent: *\nAllow: /\nDisallow: /api/\n';
      robots = { mtimeMs, text: `${own.trimEnd()}\n\nSitemap: ${absoluteUrl(origin, '/sitemap.xml')}\n` };
    }
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots.text);
  });
}
