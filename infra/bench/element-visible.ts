// When a part of a page is there on a phone: the page loaded in Chromium at a phone's screen with 4x CPU, and the
// time from the navigation's start until `selector` is in the document (a written page: as the HTML is parsed;
// otherwise once the SPA has rendered it), with how many requests of each load match `count` (a regular
// expression, for an API read the page should or should not make). Medians of `loads` fresh loads.
//   node --import tsx infra/bench/element-visible.ts [path] [selector] [loads] [count]
//   node --import tsx infra/bench/element-visible.ts /hotels/1 '[data-testid="hotel-reviews"] > ul > li' 5 '/api/hotels/1/reviews'
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath, phone } from './chromium.ts';

const [target = '/hotels/1', selector = '[data-testid="hotel-reviews"] > ul > li', loadsArg = '5', countArg] = process.argv.slice(2);
const loads = Number(loadsArg);
const counted = countArg ? new RegExp(countArg) : undefined;
const base = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const times: number[] = [];
const requests: number[] = [];
for (let i = 0; i < loads; i++) {
  const context = await browser.newContext({ ...phone });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let matching = 0;
  page.on('request', (request) => {
    if (counted?.test(request.url())) matching += 1;
  });
  // The moment the element is added, taken in the page itself (a MutationObserver set before any of it is parsed).
  // A string, not a function: tsx would put its helpers for function names into it, which the page lacks.
  await page.addInitScript(
    `new MutationObserver((_, observer) => {
      if (document.querySelector(${JSON.stringify(selector)})) { window.seenAt = performance.now(); observer.disconnect(); }
    }).observe(document, { childList: true, subtree: true });`,
  );
  await page.goto(`${base}${target}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as unknown as { seenAt?: number }).seenAt !== undefined, undefined, { timeout: 30_000 });
  times.push(Math.round(await page.evaluate(() => (globalThis as unknown as { seenAt: number }).seenAt)));
  // Until the SPA has taken the page over and its first reads are done, so every request of the load is counted.
  await page.waitForLoadState('networkidle');
  requests.push(matching);
  await context.close();
}
await browser.close();
const sorted = [...times].sort((a, b) => a - b);
console.log(`${target} ${selector}: in the document at ${times.join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]}), 4x CPU${counted ? `; requests matching ${counted.source}: ${requests.join(', ')}` : ''}`);
