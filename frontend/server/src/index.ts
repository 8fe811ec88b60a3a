import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@reproute/platform';
import { CatalogPages, PageAnswers, type ServiceGet } from './answers.ts';
import { listenForHotelChanges, type HotelEventSettings } from './hotel-events.ts';
import { pageResponder, registerDiscoveryRoutes } from './page-routes.ts';
import { PageRenderer } from './page-render.ts';
import { SpaFiles } from './spa-files.ts';

export { inlineScriptSources } from './page-script.ts';
export type { ServiceGet } from './answers.ts';
export type { HotelEventSettings } from './hotel-events.ts';

/**
 * The front end's pages, served inside the process that mounts them (the gateway): the SPA's build files, each
 * page's head and status, the answers written into it and its server render, the sitemap and robots.txt. What it
 * needs of its host comes in these options; it imports nothing of the host's code.
 */
export interface PagesOptions {
  /** The SPA's build folder (frontend/dist). */
  dist: string;
  /** The pages' server render (frontend/dist-server/entry-server.js); a missing file: pages go without it. */
  serverRender: string;
  /** The site's public address (canonical links, share previews, the sitemap), without a trailing slash. */
  origin: string;
  /** GETs a service's public answers through the host's balancer. */
  get: ServiceGet;
  logger: Logger;
  /** How long a hotel page's catalog answer is kept (default 30 s); a hotel event ends it sooner. */
  hotelTtlMs?: number;
  /** How long the sitemap's list of hotels is kept (default 60 s); hotel events end it sooner. */
  sitemapTtlMs?: number;
  /** Hear the catalog's hotel events and engagement's review events, so pages and the sitemap follow them at once. */
  events?: HotelEventSettings;
  /** Called on every hotel and review event heard (the host empties what it keeps of public reads). */
  onPublicChange?: () => void;
  /** Load the server render at start rather than on the first page asked for. */
  warm?: boolean;
}

/** What the pages offer their host once mounted (`app.pages`). */
export interface Pages {
  /** Whether a request no route took is a page's to answer: a GET or HEAD while the front end is built. */
  serves(request: FastifyRequest): boolean;
  /** Answers a path of the SPA with its page: its head, its status (404 for unknown pages and hotels), its answers and render. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** A public answer changed with no event to say so (a provider's or admin's write through the host): hotel pages read their reviews again. */
  publicAnswersChanged(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: Pages;
  }
}

/** A hotel page waits this long for its reviews (engagement): the page goes without them sooner. */
const reviewsTimeoutMs = 1_000;

async function mountPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { logger } = options;
  const spa = new SpaFiles(options.dist);
  // Hotel pages, the sitemap and the first searches read the catalog, kept briefly in memory; a hotel page's
  // reviews are read from engagement with a shorter deadline.
  const catalog = new CatalogPages(options.get, { hotelTtlMs: options.hotelTtlMs, sitemapTtlMs: options.sitemapTtlMs });
  const reviews = new PageAnswers(options.get, { timeoutMs: reviewsTimeoutMs });
  if (options.events) {
    const hotelChanges = listenForHotelChanges(options.events, { pages: catalog, reviews, onPublicChange: options.onPublicChange }, logger);
    app.addHook('onClose', async () => hotelChanges.close());
  }
  const renderer = new PageRenderer(options.serverRender, logger);
  if (options.warm && spa.built) {
    const started = performance.now();
    void renderer.warm().then((loaded) => loaded && logger.info({ ms: Math.round(performance.now() - started) }, 'page server render loaded'));
  }
  const send = pageResponder({ spa, catalog, reviews, origin: options.origin, renderer });
  await registerDiscoveryRoutes(app, { catalog, origin: options.origin, dist: options.dist, builtAt: () => (spa.built ? spa.builtAt : new Date(0)) });
  if (spa.built) {
    await spa.register(app);
    app.get('/', async (request, reply) => send(request, reply));
  } else {
    logger.warn({ dist: options.dist }, 'front end not built; only the API is served');
  }
  app.decorate('pages', {
    serves: (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && spa.built,
    send,
    publicAnswersChanged: () => reviews.changed(),
  } satisfies Pages);
}

/** The pages as one Fastify plugin; `app.pages` is the host's to use (its not-found handler, its writes). */
export const pagesPlugin = fp(mountPages, { name: '@reproute/pages', fastify: '5.x' });
