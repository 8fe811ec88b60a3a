// The cost of a written page's styles under two stylesheets, side by side in one browser: each page is
// loaded once per stylesheet (the server's render, scripts held back so the markup stays as written), then
// every element's style is recomputed and the page laid out again, in turns, and the medians compared.
// A custom property changed on the root is what forces every element's style to be recomputed.
// Uses Debian's Chromium (phone viewport) against the running gateway. Writes .data/bench/style-recalc.md.
//   node --import tsx infra/bench/style-recalc.ts BEFORE.css AFTER.css [rounds] [path ...]
// (a stylesheet from each build: frontend/dist/assets/index-*.css, saved before rebuilding)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { median } from './stats.ts';
import { chromiumArgs, chromiumPath, phone } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [before, after, roundsArg, ...pathsArg] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: style-recalc.ts BEFORE.css AFTER.css [rounds] [path ...]');
const rounds = Number(roundsArg ?? 25);
const paths = pathsArg.length ? pathsArg : ['/', '/search?query=london', '/hotels/1'];
const base = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

// Each stylesheet read once, served for every page opened with it.
const sheetText = new Map([before, after].map((file) => [file, fs.readFileSync(file, 'utf8')]));

async function open(sheet: string, target: string): Promise<Page> {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
  await page.route(/\/assets\/index-[^/]*\.css$/, (route) => route.fulfill({ status: 200, contentType: 'text/css', body: sheetText.get(sheet) }));
  await page.goto(`${base}${target}`, { waitUntil: 'load' });
  await page.waitForTimeout(1_000);
  return page;
}

/** One full style recalculation and layout of the page, in milliseconds (run in the page, as text: this program has no DOM types). */
const recalc = `(() => {
  document.documentElement.style.setProperty('--recalc', String(Math.random()));
  const start = performance.now();
  void getComputedStyle(document.body).color;
  const styled = performance.now();
  void document.body.offsetHeight;
  return { style: styled - start, layout: performance.now() - styled };
})()`;
const measure = (page: Page) => page.evaluate<{ style: number; layout: number }>(recalc);

const lines = [
  `Style recalculation and layout of written pages, Chromium at a phone's viewport, ${rounds} turns each (medians), ${new Date().toISOString()}`,
  `before: ${path.basename(before)}, after: ${path.basename(after)}`,
  '',
  '| page | style before ms | style after ms | change | layout before ms | layout after ms |',
  '|---|---|---|---|---|---|',
];
try {
  for (const target of paths) {
    const pages = [await open(before, target), await open(after, target)];
    const results = pages.map(() => ({ style: [] as number[], layout: [] as number[] }));
    for (let round = 0; round < rounds; round += 1) {
      // Alternating, and the order turned each round, so a slow spell of the machine falls on both alike.
      for (const index of round % 2 ? [1, 0] : [0, 1]) {
        const { style, layout } = await measure(pages[index]!);
        results[index]!.style.push(style);
        results[index]!.layout.push(layout);
      }
    }
    const [b, a] = results.map((r) => ({ style: median(r.style), layout: median(r.layout) }));
    if (!b || !a) throw new Error('two pages measured');
    lines.push(`| ${target} | ${b.style.toFixed(1)} | ${a.style.toFixed(1)} | ${(((a.style - b.style) / b.style) * 100).toFixed(0)}% | ${b.layout.toFixed(1)} | ${a.layout.toFixed(1)} |`);
    for (const page of pages) await page.context().close();
  }
} finally {
  await browser.close();
}
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'style-recalc.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
