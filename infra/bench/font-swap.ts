// What a late web font moves: each written page loaded with the fonts held back (the SPA's scripts held back
// too, so the page stays as the server wrote it), at phone and desktop widths; the layout shift counted until
// the fonts have come and been used (the Layout Instability API), with the elements that moved most.
// Uses Debian's Chromium against the running gateway.
//   node --import tsx infra/bench/font-swap.ts [delay ms=2500] [path ...]
// SHOTS_DIR=dir also saves each page at each width in its fallback fonts (halfway through the hold) and in Inter.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const [delayArg, ...pathsArg] = process.argv.slice(2);
const delayMs = Number(delayArg ?? 2_500);
const paths = pathsArg.length ? pathsArg : ['/', '/search?query=london', '/search', '/hotels/1', '/hotels/2'];
const widths = [360, 412, 1280];
const base = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
const shotsDir = process.env.SHOTS_DIR;

const observe = `window.__cls = 0; window.__moved = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__cls += e.value;
    for (const s of e.sources || []) if (s.node) window.__moved.push((s.node.nodeName + ' ' + (s.node.textContent || '').trim().slice(0, 24)).trim());
  }
}).observe({ type: 'layout-shift', buffered: true });`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const lines = [`Layout shift with the fonts held back ${delayMs} ms (scripts held back), ${new Date().toISOString()}`, '', `| page | ${widths.map((w) => `${w} px`).join(' | ')} | moved (the width with the most shift) |`, `|---|${widths.map(() => '---|').join('')}---|`];
try {
  for (const target of paths) {
    const cells: string[] = [];
    let moved: string[] = [];
    let most = -1;
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 823 } });
      const page = await context.newPage();
      await page.route(/\/fonts\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await route.continue();
      });
      await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
      await page.addInitScript(observe);
      // Not until `load`, which waits for the held fonts when the page preloads them.
      await page.goto(`${base}${target}`, { waitUntil: 'domcontentloaded' });
      if (shotsDir) {
        // The page in its fallback fonts, then in the web fonts: the two should look alike, line for line.
        const name = `${target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}`;
        // Through DevTools: Playwright's own screenshot waits for the web fonts, which are what is held back.
        const devtools = await context.newCDPSession(page);
        const shoot = async (file: string) => {
          const { data } = await devtools.send('Page.captureScreenshot', { format: 'png' });
          fs.writeFileSync(path.join(shotsDir, file), Buffer.from(data, 'base64'));
        };
        await page.waitForTimeout(delayMs / 2);
        await shoot(`${name}-fallback.png`);
        await page.waitForTimeout(delayMs / 2 + 1_500);
        await shoot(`${name}-inter.png`);
      } else {
        await page.waitForTimeout(delayMs + 1_500);
      }
      const seen = await page.evaluate<{ cls: number; moved: string[] }>('({ cls: window.__cls, moved: window.__moved })');
      cells.push(seen.cls.toFixed(3));
      if (seen.cls > most) {
        most = seen.cls;
        moved = seen.moved.slice(0, 4);
      }
      await context.close();
    }
    lines.push(`| ${target} | ${cells.join(' | ')} | ${moved.join('; ') || '-'} |`);
  }
} finally {
  await browser.close();
}
process.stdout.write(`${lines.join('\n')}\n`);
