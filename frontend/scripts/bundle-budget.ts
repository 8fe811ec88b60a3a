// Prints the initial JavaScript of every route (the entry, the route's page chunk and everything
// both import statically, which the browser preloads) gzipped, from the build's manifest, and fails
// when a route is over the budget; and the size of every page's stylesheet, failing when it still refers
// to a theme variable; and that every script starts with V8's compile hint (build/compileHints.ts); and that no
// script (nor the pages' server render) holds a library's development build.
// Run after `npm run build -w @reproute/frontend`.
// Usage: node --import tsx frontend/scripts/bundle-budget.ts [budget KB, default 120] [--junit FILE]
// (--junit writes one test case per route, one for the stylesheet and one for the compile hints, which the test
// command's summary counts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { hasCompileHint } from '../build/compileHints';
import { appRoutes, type AppRoute } from '../src/site/routeTable.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BUNDLE_DIST measures another build folder (an experiment built with --outDir).
const dist = process.env.BUNDLE_DIST ?? path.join(frontend, 'dist');

/** Every chunk a chunk pulls in statically (itself included): what loads before it can run. */
export function staticClosure(manifest: Record<string, { imports?: readonly string[] }>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * Route paths per page module: each screen's element in routes.tsx (`const X = lazyPage(() => import('@/pages/…'))`,
 * `screen: <X />`), at the paths the route table (site/routeTable.ts) gives that screen.
 */
export function routesByPage(routesSource: string, table: readonly Pick<AppRoute, 'path' | 'screen'>[] = appRoutes): Map<string, string[]> {
  const pageOf = new Map<string, string>();
  for (const [, name = '', module = ''] of routesSource.matchAll(/const (\w+) = lazyPage\(\(\) => import\('@\/([^']+)'\)\)/g)) pageOf.set(name, `src/${module}.tsx`);
  const routes = new Map<string, string[]>();
  for (const [, screen = '', element = ''] of routesSource.matchAll(/^\s*(\w+): (?:<Require\w+>)?<(\w+)/gm)) {
    const page = pageOf.get(element);
    const paths = table.filter((route) => route.screen === screen).map((route) => route.path);
    if (page && paths.length) routes.set(page, [...(routes.get(page) ?? []), ...paths]);
  }
  return routes;
}

/**
 * Theme variables a stylesheet still refers to (`var(--spacing)`, `var(--color-slate-900)`, …). The theme is
 * written into the utilities (src/index.css, `theme(inline)`): a `var()` is resolved again for every element
 * it applies to at each style recalculation, so none should reach the built sheet.
 */
export function themeVariableReferences(css: string): string[] {
  const names = css.match(/var\(--(?:color|spacing|font|text|tracking|leading|radius|shadow|inset-shadow|drop-shadow|blur|perspective|aspect|ease|animate|breakpoint|container|default)\b[\w-]*/g) ?? [];
  return [...new Set(names.map((name) => name.slice(4)))];
}

/**
 * Text found only in a library's development build, by library. React Router's package names its development
 * build for every condition (vite.config.ts aliases the production one); its developer warnings are compiled out
 * of the production build.
 */
const developmentBuilds: { library: string; marker: string }[] = [{ library: "React Router's development build", marker: 'You rendered descendant <Routes>' }];

/** The development builds a script holds (none in a production build). */
export function developmentBuildsIn(js: string): string[] {
  return developmentBuilds.filter(({ marker }) => js.includes(marker)).map(({ library }) => library);
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function main() {
  const args = process.argv.slice(2);
  const junitAt = args.indexOf('--junit');
  const junitFile = junitAt >= 0 ? args[junitAt + 1] : undefined;
  const positional = args.filter((_arg, i) => junitAt < 0 || (i !== junitAt && i !== junitAt + 1));
  const budgetKb = Number(positional[0] ?? 120);
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`no build manifest at ${manifestFile}: build the front end first`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const gzipSize = new Map<string, number>();
  const sizeOf = (key: string) => {
    const file = manifest[key]!.file;
    if (!gzipSize.has(file)) gzipSize.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipSize.get(file)!;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');
  const entry = staticClosure(manifest, entryKey);
  const routes = routesByPage(fs.readFileSync(path.join(frontend, 'src', 'app', 'routes.tsx'), 'utf8'));

  const rows: { label: string; bytes: number }[] = [];
  for (const [page, paths] of routes) {
    if (!manifest[page]) continue;
    const chunks = staticClosure(manifest, page, new Set(entry));
    rows.push({ label: `${paths.join(' ')}  (${path.basename(page, '.tsx')})`, bytes: [...chunks].reduce((sum, k) => sum + sizeOf(k), 0) });
  }
  const entryBytes = [...entry].reduce((sum, k) => sum + sizeOf(k), 0);
  console.log(`Initial JavaScript per route, gzipped (budget ${budgetKb} KB; entry and its imports alone: ${(entryBytes / 1024).toFixed(1)} KB)`);
  let over = 0;
  for (const { label, bytes } of rows.sort((a, b) => b.bytes - a.bytes)) {
    const kb = bytes / 1024;
    if (kb > budgetKb) over += 1;
    console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${kb > budgetKb ? 'OVER ' : '     '}${label}`);
  }
  // The entry's stylesheet (every page's): its size, and no theme variable left in it.
  const sheets = (manifest[entryKey]!.css ?? []).map((file) => {
    const css = fs.readFileSync(path.join(dist, file), 'utf8');
    return { file, kb: zlib.gzipSync(css, { level: 9 }).length / 1024, themeVariables: themeVariableReferences(css) };
  });
  for (const { file, kb, themeVariables } of sheets) {
    console.log(`Stylesheet ${file}: ${kb.toFixed(1)} KB gzipped; theme variables referenced: ${themeVariables.length ? themeVariables.join(', ') : 'none'}`);
  }
  const sheetsFailing = sheets.filter((sheet) => sheet.themeVariables.length > 0).length;
  // Every script compiled off the main thread as it loads: the hint is on its first line.
  const scripts = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const unhinted = scripts.filter((file) => !hasCompileHint(fs.readFileSync(path.join(dist, file), 'utf8')));
  console.log(`Compile hint: ${scripts.length - unhinted.length} of ${scripts.length} scripts${unhinted.length ? `; missing in ${unhinted.join(', ')}` : ''}`);
  // The pages' server render (dist-server beside dist, when built) runs the same libraries.
  const serverDir = path.join(path.dirname(dist), 'dist-server');
  const serverFiles = fs.existsSync(serverDir) ? fs.readdirSync(serverDir).filter((file) => file.endsWith('.js')).map((file) => path.join(serverDir, file)) : [];
  const development = [...scripts.map((file) => path.join(dist, file)), ...serverFiles].flatMap((file) =>
    developmentBuildsIn(fs.readFileSync(file, 'utf8')).map((library) => `${library} in ${path.relative(frontend, file)}`),
  );
  console.log(`Development builds: ${development.length ? development.join(', ') : 'none'}`);
  if (junitFile) {
    const cases = rows.map(({ label, bytes }) => {
      const kb = bytes / 1024;
      const failure = kb > budgetKb ? `<failure message="${xmlText(`${kb.toFixed(1)} KB over the ${budgetKb} KB budget`)}"/>` : '';
      return `  <testcase classname="bundle-budget" name="${xmlText(`${label}: ${kb.toFixed(1)} KB`)}">${failure}</testcase>`;
    });
    for (const { file, themeVariables } of sheets) {
      const failure = themeVariables.length ? `<failure message="${xmlText(`${file} refers to theme variables: ${themeVariables.join(', ')}`)}"/>` : '';
      cases.push(`  <testcase classname="bundle-budget" name="every page's stylesheet: theme values written into the utilities">${failure}</testcase>`);
    }
    const hintFailure = unhinted.length ? `<failure message="${xmlText(`no compile hint on the first line of ${unhinted.join(', ')}`)}"/>` : '';
    cases.push(`  <testcase classname="bundle-budget" name="every script starts with V8's compile hint">${hintFailure}</testcase>`);
    const developmentFailure = development.length ? `<failure message="${xmlText(development.join(', '))}"/>` : '';
    cases.push(`  <testcase classname="bundle-budget" name="no script holds a library's development build">${developmentFailure}</testcase>`);
    fs.writeFileSync(junitFile, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="bundle-budget" tests="${cases.length}" failures="${over + sheetsFailing + (unhinted.length ? 1 : 0) + (development.length ? 1 : 0)}">\n${cases.join('\n')}\n</testsuite>\n`);
  }
  if (over > 0 || sheetsFailing > 0 || unhinted.length > 0 || development.length > 0) {
    if (over > 0) console.error(`${over} route(s) over the ${budgetKb} KB budget`);
    if (sheetsFailing > 0) console.error('a stylesheet refers to theme variables: write the theme inline (src/index.css)');
    if (unhinted.length > 0) console.error('a script lacks the compile hint on its first line (build/compileHints.ts)');
    if (development.length > 0) console.error("a script holds a library's development build (vite.config.ts: resolve.alias)");
    process.exit(1);
  }
  console.log(`every route within ${budgetKb} KB`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
