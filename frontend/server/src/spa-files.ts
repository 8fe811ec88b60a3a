import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_MODULES_ID, PRERENDERED_ATTRIBUTE } from '@reproute/contracts';
import { routePattern, routerPath } from '../../src/site/routeTable.ts';
import { BuildFiles } from './build-files.ts';
import { pageScript, type PageScript } from './page-script.ts';

/** Hashed build output (`/assets/name-HASH.js`) never changes under its name. */
const immutableAsset = /^\/assets\//;
const yearSeconds = 365 * 24 * 60 * 60;
/** Hashed files for a year; index.html, even named by its file name, revalidated on every use like the pages; the rest daily. */
const cacheControlOf = (urlPath: string) =>
  immutableAsset.test(urlPath) ? `public, max-age=${yearSeconds}, immutable` : urlPath === '/index.html' ? 'no-cache' : 'public, max-age=86400';

interface IndexVariant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface IndexDocument {
  mtimeMs: number;
  /** Each route of the SPA's route table with the page chunks it needs beyond the entry's (from the build). */
  routes: { pattern: RegExp; links: string; files: string[] }[];
  etag: string;
  variants: IndexVariant[];
  /**
   * index.html without its own title and description, split where a page's head goes; `root` splits
   * `after` around the empty root element, `before` ending inside its tag (where a server render goes).
   */
  template: { before: string; after: string; root?: { before: string; after: string } };
  /** The entry's module scripts and preloads, and `template.root.before` without them (a server-rendered page asks for them after its first paint). */
  entry: { before: string; scripts: string[]; preloads: string[] };
}

/** index.html with one page's head, kept with its compressed forms (made on first use). */
interface PageDocument {
  etag: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** How many generated pages are kept: with a head only (each about 2 KB with its compressed forms), and with a server render too (30-100 KB). */
const maxPageDocuments = 1_000;
const maxRenderedDocuments = 200;

/** The root element the SPA renders into, as index.html writes it (empty). */
const rootElement = /<div id="root"><\/div>/;

/** Splits the part after the head inside the root element's tag, where a page's server render goes. */
function withRoot(template: { before: string; after: string }): IndexDocument['template'] {
  const root = rootElement.exec(template.after);
  if (!root) return template;
  return { ...template, root: { before: template.after.slice(0, root.index + '<div id="root"'.length), after: template.after.slice(root.index + root[0].length) } };
}

/** Splits index.html where a page's head goes: its own title and description taken out, the head put where the title was. */
function headTemplate(html: string): { before: string; after: string } {
  const withoutDescription = html.replace(/<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?[ \t]*/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(withoutDescription);
  if (title) return { before: withoutDescription.slice(0, title.index), after: withoutDescription.slice(title.index + title[0].length) };
  const headEnd = withoutDescription.search(/<\/head>/i);
  const at = headEnd >= 0 ? headEnd : (/^<!doctype html>/i.exec(withoutDescription)?.[0].length ?? 0);
  return { before: withoutDescription.slice(0, at), after: withoutDescription.slice(at) };
}

/** The build's route chunks (frontend/build/routeChunks.ts); none when the build has no such file. */
function readRouteChunks(dist: string): IndexDocument['routes'] {
  const file = path.join(dist, '.vite', 'route-chunks.json');
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes?: { path: string; files: string[] }[] };
  return (parsed.routes ?? [])
    .filter((route) => route.path !== '*' && route.files.length > 0)
    .map((route) => ({
      // Matched as the router does (site/routeTable.ts).
      pattern: routePattern(route.path),
      links: route.files.map((file) => `\n    <link rel="modulepreload" crossorigin href="${file.replace(/"/g, '&quot;')}" />`).join(''),
      files: route.files,
    }));
}

/**
 * `<link rel="modulepreload">` for the chunks the page at this path loads beyond the entry's: named
 * in the head, they come with the entry instead of a round trip after it (then one more for their
 * own imports), which is most of a phone's wait before the first render. Empty for unknown paths.
 */
function routePreloads(index: IndexDocument, pathname: string): string {
  return routeOf(index, pathname)?.links ?? '';
}

function routeOf(index: IndexDocument, pathname: string): IndexDocument['routes'][number] | undefined {
  const path = routerPath(pathname);
  return index.routes.find((route) => route.pattern.test(path));
}

/** The entry's module scripts and module preloads in index.html's head, and the head without them. */
function entryOf(before: string): { before: string; scripts: string[]; preloads: string[] } {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const stripped = before
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\r?\n?/g, (_tag, src: string) => {
      scripts.push(src);
      return '';
    })
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\r?\n?/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  return { before: stripped, scripts, preloads };
}

/**
 * What a server-rendered page ends with: a JSON data block naming the page's modules (the entry's scripts, then
 * the modules it and the page's screen import), and the one inline script, the same bytes on every page, that
 * holds early clicks until the SPA has hydrated and asks for those modules after the first paint
 * (frontend/src/pageScript, built into the build's .vite/page-script.js; the page policy allows it by its hash).
 */
function deferredModules(script: PageScript, scripts: string[], preloads: string[]): string {
  const data = JSON.stringify({ scripts, preloads }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_MODULES_ID}">${data}</script><script>${script.code}</script>`;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Serves the SPA build: precompressed assets (`.br`, `.gz` made at build time) with
 * `Vary: Accept-Encoding`; hashed assets cached for a year as immutable; everything else revalidated
 * daily; `index.html` with `no-cache` and an `ETag`, answered 304 when the browser has it.
 * A rebuild is served without a restart (index.html is checked per page, the file listing each second).
 */
export class SpaFiles {
  private readonly indexFile: string;
  private index: IndexDocument | undefined;
  private readonly pages = new Map<string, PageDocument>();
  private readonly renderedPages = new Map<string, PageDocument>();

  private readonly dist: string;
  /** The pages' inline script, read once (page-script.ts); without it pages go without their server render. */
  private readonly script: PageScript | null;

  constructor(dist: string) {
    this.dist = dist;
    this.indexFile = path.join(dist, 'index.html');
    this.script = pageScript(dist);
  }

  get built(): boolean {
    return fs.existsSync(this.indexFile);
  }

  async register(app: FastifyInstance): Promise<void> {
    // The build's files from memory (BuildFiles); what it does not answer (another path, a range of a
    // video) goes on to @fastify/static, and a path that is no file to the not-found handler.
    const files = new BuildFiles(this.dist, cacheControlOf);
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (await files.serve(request, reply)) return reply;
      });
      await scope.register(fastifyStatic, {
        root: this.dist,
        wildcard: true,
        index: false,
        preCompressed: true,
        cacheControl: false,
        // The build's manifests (.vite/) are the gateway's to read, not the site's: a path with a dot segment is no file.
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', cacheControlOf(`/${path.relative(this.dist, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '')));
          reply.header('vary', 'Accept-Encoding');
        },
      });
    });
  }

  /** The current index.html and its compressed forms, reread only when the build changed. */
  private document(): IndexDocument {
    const { mtimeMs } = fs.statSync(this.indexFile);
    if (this.index?.mtimeMs === mtimeMs) return this.index;
    const body = fs.readFileSync(this.indexFile);
    const read = (suffix: string) => (fs.existsSync(this.indexFile + suffix) ? fs.readFileSync(this.indexFile + suffix) : undefined);
    const br = read('.br');
    const gz = read('.gz');
    const variants: IndexVariant[] = [];
    if (br) variants.push({ body: br, encoding: 'br' });
    if (gz) variants.push({ body: gz, encoding: 'gzip' });
    variants.push({ body, encoding: null });
    const template = withRoot(headTemplate(body.toString('utf8')));
    this.index = { mtimeMs, etag: etagOf(body), variants, template, entry: entryOf(template.root?.before ?? ''), routes: readRouteChunks(this.dist) };
    this.pages.clear();
    this.renderedPages.clear();
    return this.index;
  }

  /** When the front end was built (the sitemap's date of the fixed pages). */
  get builtAt(): Date {
    return new Date(this.document().mtimeMs);
  }

  /**
   * index.html with this head (and, when given, this server render in its root, marked
   * `data-prerendered` for the SPA to hydrate; a click or a submit before then is held and given
   * again once it has, frontend/src/pageScript), from the recently used ones or made now. `key` names
   * the document: the head, with the address when there is a render (made from the answers the head
   * carries, for that address).
   */
  private page(index: IndexDocument, head: string, url: string, markup?: string): PageDocument {
    const { template, entry } = index;
    const pathname = url.split('?')[0]!;
    const rendered = markup !== undefined && template.root && entry.scripts.length > 0 && this.script ? { markup, url, script: this.script } : undefined;
    // Without a render the head names the route's chunks; with one they come after the first paint.
    if (!rendered) head += routePreloads(index, pathname);
    const key = rendered ? `${head}\u0000${rendered.url}` : head;
    const pages = rendered ? this.renderedPages : this.pages;
    const known = pages.get(key);
    if (known) {
      pages.delete(key);
      pages.set(key, known);
      return known;
    }
    let text: string;
    if (rendered && template.root) {
      const screen = routeOf(index, pathname)?.files ?? [];
      const modules = deferredModules(rendered.script, entry.scripts, [...entry.preloads, ...screen]);
      text = `${template.before}${head}${entry.before} ${PRERENDERED_ATTRIBUTE}>${rendered.markup}</div>${modules}${template.root.after}`;
    } else text = `${template.before}${head}${template.after}`;
    const plain = Buffer.from(text);
    const made: PageDocument = { etag: etagOf(plain), plain };
    pages.set(key, made);
    if (pages.size > (rendered ? maxRenderedDocuments : maxPageDocuments)) pages.delete(pages.keys().next().value!);
    return made;
  }

  /**
   * Answers with index.html carrying one page's head (title, description, share tags); the SPA's
   * router still handles the path. Each distinct page has its own ETag, and a 200 is answered 304
   * when the browser has that page. Compressed forms are made once per page and kept.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply, head: string, status = 200, markup?: string) {
    const index = this.document();
    const doc = this.page(index, head, request.url, markup);
    reply.header('cache-control', 'no-cache').header('etag', doc.etag).header('vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    let body = doc.plain;
    if (/\bbr\b/.test(accepted)) {
      doc.br ??= zlib.brotliCompressSync(doc.plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      body = doc.br;
      reply.header('content-encoding', 'br');
    } else if (/\bgzip\b/.test(accepted)) {
      doc.gzip ??= zlib.gzipSync(doc.plain, { level: 9 });
      body = doc.gzip;
      reply.header('content-encoding', 'gzip');
    }
    return reply.status(status).type('text/html; charset=utf-8').send(body);
  }

  /** Answers with index.html (the SPA's router handles the path). */
  sendIndex(request: FastifyRequest, reply: FastifyReply, status = 200) {
    const doc = this.document();
    reply.header('cache-control', 'no-cache').header('etag', doc.etag).header('vary', 'Accept-Encoding');
    if (status === 200 && request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const variant = doc.variants.find((v) => v.encoding === null || new RegExp(`\\b${v.encoding}\\b`).test(accepted))!;
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply.status(status).type('text/html; charset=utf-8').send(variant.body);
  }
}
