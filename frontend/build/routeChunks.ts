import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { routesByPage, staticClosure } from '../scripts/bundle-budget';

/** Where the build writes which chunks each route needs, beside Vite's manifest (read by the gateway). */
export const routeChunksFile = '.vite/route-chunks.json';

export interface RouteChunks {
  /** Each route of the route table with the chunks its page needs beyond the entry's, as URL paths. */
  routes: { path: string; files: string[] }[];
}

/**
 * The JavaScript a route's page loads before it can render (its lazily imported page chunk and every
 * chunk that one imports statically), less what index.html already preloads for the entry. The gateway
 * names these in a page's head, so a phone fetches them with the entry instead of one round trip after
 * another (entry, then the page chunk, then its imports).
 */
export function routeChunks(bundle: Rolldown.OutputBundle, root: string, routesSource: string, base = '/', table?: Parameters<typeof routesByPage>[1]): RouteChunks {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  // Chunks by file name, each importing file names: the shape the manifest's closure walks.
  const byFile = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, seen?: Set<string>) => staticClosure(byFile, fileName, seen);
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
  const pageChunk = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.isDynamicEntry && chunk.facadeModuleId) pageChunk.set(path.relative(root, chunk.facadeModuleId).split(path.sep).join('/'), chunk.fileName);
  }
  const routes: RouteChunks['routes'] = [];
  for (const [page, paths] of routesByPage(routesSource, table)) {
    const fileName = pageChunk.get(page);
    if (!fileName) continue;
    const files = [...closure(fileName)].filter((file) => !entry.has(file)).map((file) => `${base}${file}`);
    for (const routePath of paths) routes.push({ path: routePath, files });
  }
  return { routes };
}

/** `<link rel="modulepreload">` for each chunk the entry imports statically, directly or not, in the order they are reached. */
export function entryPreloads(bundle: Rolldown.OutputBundle, entryFile: string, base = '/'): string {
  const chunks = Object.fromEntries(Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const files = [...staticClosure(chunks, entryFile)].filter((file) => file !== entryFile);
  return files.map((file) => `\n    <link rel="modulepreload" crossorigin href="${base}${file}">`).join('');
}

/** Vite plugin: writes `.vite/route-chunks.json` beside the manifest (production builds only). */
export function routeChunksPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'reproute-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // With Vite's `modulePreload` off (vite.config.ts), index.html names the entry's own imports here, as Vite
    // would have: the gateway asks for them with the entry (spa.ts), not one round trip after it.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk } = context;
        if (!bundle || !chunk || html.includes('rel="modulepreload"')) return html;
        return html.replace(/(<script type="module" crossorigin src="[^"]+"><\/script>)/, (script: string) => script + entryPreloads(bundle, chunk.fileName, base));
      },
    },
    generateBundle(_options, bundle) {
      const routesSource = fs.readFileSync(path.join(root, 'src', 'app', 'routes.tsx'), 'utf8');
      const result = routeChunks(bundle, root, routesSource, base);
      this.emitFile({ type: 'asset', fileName: routeChunksFile, source: `${JSON.stringify(result, null, 2)}\n` });
    },
  };
}
