import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Where the build writes the pages' one inline script (src/pageScript), beside Vite's manifest: a dot folder,
 * so it is no file of the site. The pages' server inlines it into every page it renders and allows it in the
 * page policy by the SHA-256 of these bytes (frontend/server/src/page-script.ts).
 */
export const pageScriptFile = '.vite/page-script.js';

const entry = path.join(import.meta.dirname, '../src/pageScript/main.ts');

/** The page script as it goes into a page: bundled into one minified script that defines no global. */
export async function buildPageScript(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: path.dirname(entry),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text.trim();
}

/** Vite plugin: writes `.vite/page-script.js` (production builds of the browser's files only). */
export function pageScriptPlugin(): Plugin {
  return {
    name: 'reproute-page-script',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: pageScriptFile, source: await buildPageScript() });
    },
  };
}
