import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialAnswer } from './answers.ts';

/** The front end's server render (frontend/src/entry-server.tsx, built into frontend/dist-server/). */
interface RenderModule {
  renderPage(url: string, answers: readonly InitialAnswer[]): Promise<string>;
}

/** Renders of one set of answers kept, by address (a hotel's page under several query strings). */
const maxRendersPerAnswer = 16;

/**
 * A visitor's first view of a page, rendered on the server by the SPA's own components with the
 * page's public answers, so a phone paints the page (and its largest picture) from the HTML instead
 * of after its JavaScript has loaded and run; the SPA then hydrates that markup.
 *
 * A render costs 10-16 ms of CPU, so each is kept with the answers it was made from: the answers
 * come from CatalogPages and PageAnswers, which keep each for seconds and drop them when an event says they
 * changed, and the renders go with them. Undefined (the page goes without, as before) when the build has no server
 * render or a render fails.
 */
export class PageRenderer {
  private loaded: { mtimeMs: number; module: Promise<RenderModule | undefined> } | undefined;
  /** By the first answer's data, then by address: the render, and the other answers' data it was made with. */
  private readonly renders = new WeakMap<object, Map<string, { rendering: Promise<string | undefined>; others: readonly unknown[] }>>();

  private readonly file: string;
  private readonly logger: FastifyBaseLogger;

  constructor(file: string, logger: FastifyBaseLogger) {
    this.file = file;
    this.logger = logger;
  }

  /** The render module of the current build, loaded again after a rebuild. */
  private module(): Promise<RenderModule | undefined> {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(this.file).mtimeMs;
    } catch {
      return Promise.resolve(undefined);
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      const module = import(`${pathToFileURL(this.file).href}?v=${mtimeMs}`).then(
        (loaded: Partial<RenderModule>) => (typeof loaded.renderPage === 'function' ? (loaded as RenderModule) : undefined),
        (error: unknown) => {
          this.logger.warn({ err: error, file: this.file }, 'page server render could not be loaded; pages go without it');
          return undefined;
        },
      );
      this.loaded = { mtimeMs, module };
    }
    return this.loaded.module;
  }

  /**
   * Loads the render module and renders the home page once (without its answers), so the first visitor after a
   * start does not wait for it: loading the 2 MB module through the service's loaders takes about a second.
   * True when the build has a server render.
   */
  async warm(): Promise<boolean> {
    const module = await this.module();
    if (!module) return false;
    await module.renderPage('/', []).catch((error: unknown) => this.logger.warn({ err: error }, 'page server render failed while warming up'));
    return true;
  }

  /**
   * The page at `url` (path and query) rendered with `answers`: kept by the first one's data, and made again
   * when any other answer is not the one it was made with (a hotel's reviews changed, its hotel did not).
   */
  render(url: string, answers: readonly InitialAnswer[]): Promise<string | undefined> {
    const owner = answers[0]?.data;
    if (typeof owner !== 'object' || owner === null) return Promise.resolve(undefined);
    const others = answers.slice(1).map((answer) => answer.data);
    let kept = this.renders.get(owner);
    const known = kept?.get(url);
    if (known && known.others.length === others.length && known.others.every((data, i) => data === others[i])) return known.rendering;
    const rendering = this.module().then((module) => module?.renderPage(url, answers)).catch((error: unknown) => {
      this.logger.warn({ err: error, url }, 'page server render failed; page sent without it');
      return undefined;
    });
    if (!kept) {
      kept = new Map();
      this.renders.set(owner, kept);
    }
    const renders = kept;
    renders.delete(url);
    renders.set(url, { rendering, others });
    if (renders.size > maxRendersPerAnswer) renders.delete(renders.keys().next().value!);
    // A page without its render is not kept that way: the next request tries again.
    void rendering.then((markup) => {
      if (markup === undefined && renders.get(url)?.rendering === rendering) renders.delete(url);
    });
    return rendering;
  }
}
