// Two front-end builds side by side: what a phone's main thread does to load each written page. Each round
// restarts the gateway on one build then the other (the order turned every round, so a slow spell of the
// machine falls on both alike), and loads each page in Chromium at a phone's viewport with the CPU slowed 4x
// (Lighthouse's mobile factor). Per load: the main thread's task time and script time (the DevTools
// Performance domain), when the SPA took the written page over (its root loses `data-prerendered`), and the
// blocking time after the first paint (the Long Tasks API: each task's time over 50 ms). Medians per build.
// Lighthouse's score moves with the machine's speed of the minute; these are the parts that move with the build.
//   node --import tsx infra/bench/page-load.ts DIST_BEFORE DIST_AFTER [rounds=3] [loads=3] [path ...]
// (a build: a copy of frontend/dist. The gateway is left on frontend/dist.) Writes .data/bench/page-load.md.
// BEFORE and AFTER may instead be the addresses of two running gateways (http://127.0.0.1:8090 and :8080: two
// checkouts, each on its own build, against the same services), loaded in the same turns without restarts:
//   node --import tsx infra/bench/page-load.ts http://127.0.0.1:8090 http://127.0.0.1:8080 3 3
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { median } from './stats.ts';
import { chromiumArgs, chromiumPath, phone } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [before, after, roundsArg, loadsArg, ...pathsArg] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: page-load.ts DIST_BEFORE DIST_AFTER [rounds] [loads] [path ...]');
/** A build folder (the gateway restarted on it), or the address of a running gateway. */
const isAddress = (value: string) => /^https?:\/\//.test(value);
const builds = [before, after].map((build) => (isAddress(build) ? build.replace(/\/+$/, '') : path.resolve(build)));
const addresses = builds.every(isAddress);
if (!addresses && builds.some(isAddress)) throw new Error('page-load.ts: give two build folders or two gateway addresses');
const rounds = Number(roundsArg ?? 3);
const loads = Number(loadsArg ?? 3);
const paths = pathsArg.length ? pathsArg : ['/', '/search?query=london', '/hotels/1'];
const gateway = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
/** Where the pages of the build being measured are asked for. */
let base = gateway;

interface Load {
  task: number;
  script: number;
  takenOver: number;
  blocking: number;
}

/** The gateway on this build (undefined: frontend/dist), answering, with each page asked for once. */
async function serve(dist: string | undefined): Promise<void> {
  if (dist && isAddress(dist)) {
    base = dist;
    for (const target of paths) await fetch(`${base}${target}`).then((res) => res.arrayBuffer());
    return;
  }
  base = gateway;
  const env = { ...process.env };
  if (dist) env.FRONTEND_DIST = dist;
  else delete env.FRONTEND_DIST;
  execFileSync(path.join(root, 'infra/scripts/services.sh'), ['restart', 'gateway'], { env, stdio: 'ignore' });
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(`${base}/`).then((res) => res.ok, () => false);
    if (ok) break;
    if (tries > 120) throw new Error('the gateway did not answer after its restart');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const target of paths) await fetch(`${base}${target}`).then((res) => res.arrayBuffer());
}

/** Watches for the page's long tasks and for the moment the SPA takes the written page over (run in the page). */
const watch = `(() => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && !root.hasAttribute('data-prerendered') && window.__takenOver === undefined) window.__takenOver = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-prerendered'] });
})()`;
const read = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  return { takenOver: window.__takenOver, blocking: window.__long.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0) };
})()`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
async function load(target: string): Promise<Load> {
  const context = await browser.newContext({ ...phone, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await page.addInitScript(watch);
    await page.goto(`${base}${target}`, { waitUntil: 'load' });
    // Polled from here: the page's CSP refuses the string function waitForFunction would run in it.
    for (const started = Date.now(); !(await page.evaluate<boolean>('window.__takenOver !== undefined')); ) {
      if (Date.now() - started > 30_000) throw new Error(`${target}: not taken over in 30 s`);
      await page.waitForTimeout(50);
    }
    // What the page does after it is taken over (its effects, the later pieces) counts too.
    await page.waitForTimeout(1_500);
    const seen = await page.evaluate<{ takenOver: number; blocking: number }>(read);
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    return { task: (metrics.TaskDuration ?? 0) * 1000, script: (metrics.ScriptDuration ?? 0) * 1000, ...seen };
  } finally {
    await context.close();
  }
}

const results = builds.map(() => new Map<string, Load[]>(paths.map((target) => [target, []])));
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const index of round % 2 ? [1, 0] : [0, 1]) {
      await serve(builds[index]);
      for (const target of paths) {
        for (let i = 0; i < loads; i += 1) results[index]!.get(target)!.push(await load(target));
      }
    }
  }
} finally {
  await browser.close();
  if (!addresses) await serve(undefined);
}

const fields: [keyof Load, string][] = [
  ['task', 'main-thread tasks'],
  ['script', 'script'],
  ['takenOver', 'taken over at'],
  ['blocking', 'blocking after first paint'],
];
const lines = [
  `Page loads at a phone's viewport, CPU 4x slower, ${rounds} rounds of ${loads} loads per build (medians, ms), ${new Date().toISOString()}`,
  `before: ${builds[0]}, after: ${builds[1]}`,
  '',
  `| page | ${fields.map(([, label]) => `${label} before → after`).join(' | ')} |`,
  `|---|${fields.map(() => '---|').join('')}`,
];
for (const target of [...paths, 'all']) {
  const of = (index: number) => (target === 'all' ? [...results[index]!.values()].flat() : results[index]!.get(target)!);
  const cells = fields.map(([field]) => {
    const [b, a] = [0, 1].map((index) => median(of(index).map((l) => l[field])));
    return `${Math.round(b!)} → ${Math.round(a!)} (${b ? `${a! >= b ? '+' : ''}${Math.round(((a! - b) / b) * 100)}%` : 'n/a'})`;
  });
  lines.push(`| ${target} | ${cells.join(' | ')} |`);
}
const out = path.join(root, '.data/bench');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'page-load.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
