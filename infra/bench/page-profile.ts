// Which functions a phone's page load spends its longest script tasks in: the page is loaded in Chromium at
// Lighthouse's mobile screen, V8's sampling profiler on (every 50 µs), until the SPA has taken the written page
// over; the longest runs of samples without a pause (a task each) are listed with their heaviest functions, by
// self and by inclusive share, named from the build's source maps (node_modules/… and src/… with the line).
// The served build has no maps: build one beside it with the same sources (its file names are the same),
//   (cd frontend && NODE_ENV=production npx vite build --sourcemap --outDir /tmp/dist-map)
//   SOURCEMAP_DIST=/tmp/dist-map node --import tsx infra/bench/page-profile.ts [path] [loads] [tasks per load]
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumArgs, chromiumPath, phone } from './chromium.ts';

const target = process.argv[2] ?? '/search?query=london';
const loads = Number(process.argv[3] ?? 1);
const shown = Number(process.argv[4] ?? 3);
const base = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`;
const mapsDir = process.env.SOURCEMAP_DIST ? `${process.env.SOURCEMAP_DIST}/assets` : undefined;

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

const maps = new Map<string, SourceMapConsumer | null>();
/** A frame named from its source map when there is one. */
function frameName(frame: CallFrame): string {
  const file = frame.url.split('/').pop() ?? '';
  if (mapsDir && !maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync(`${mapsDir}/${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (map && frame.lineNumber >= 1) {
    // The profile counts lines from 0 and the map from 1, but every script's first line, V8's compile hint, is
    // added after its map is made: the two shifts cancel out.
    const original = map.originalPositionFor({ line: frame.lineNumber, column: frame.columnNumber });
    if (original.source) {
      const source = original.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
      return `${original.name ?? (frame.functionName || '(anonymous)')} ${source}:${original.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}:${frame.columnNumber}`;
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (let load = 0; load < loads; load += 1) {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${target}`, { waitUntil: 'load' });
    // (Written against globalThis: the scripts' typecheck has no DOM types; the page's policy forbids a string.)
    const takenOver = () => !(globalThis as unknown as { document: { getElementById(id: string): { hasAttribute(name: string): boolean } | null } }).document.getElementById('root')?.hasAttribute('data-prerendered');
    await page.waitForFunction(takenOver, undefined, { timeout: 30_000 });
    await page.waitForTimeout(1_000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await context.close();

    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    const times: number[] = [];
    let time = profile.startTime;
    for (const delta of profile.timeDeltas) times.push((time += delta));
    // A run of samples with no idle one between them: one task (or a few back to back).
    const paused = (id: number) => ['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName);
    const runs: { from: number; to: number }[] = [];
    let run: { from: number; to: number } | undefined;
    profile.samples.forEach((id, i) => {
      if (paused(id)) {
        if (run) runs.push(run);
        run = undefined;
      } else if (run) run.to = i;
      else run = { from: i, to: i };
    });
    if (run) runs.push(run);
    const length = (r: { from: number; to: number }) => times[r.to]! - times[r.from]!;
    console.log(`## ${target}, load ${load + 1}`);
    // Every task of the load together first, then the longest ones.
    const busy = runs.reduce((sum, r) => sum + length(r), 0);
    const whole = { from: 0, to: profile.samples.length - 1, label: `all script tasks together, ${(busy / 1000).toFixed(1)} ms` };
    const longest = runs.sort((a, b) => length(b) - length(a)).slice(0, shown).map((r) => ({ ...r, label: `${(length(r) / 1000).toFixed(1)} ms at ${((times[r.from]! - profile.startTime) / 1000).toFixed(0)} ms` }));
    for (const r of [whole, ...longest]) {
      const self = new Map<string, number>();
      const inclusive = new Map<string, number>();
      let samples = 0;
      for (let i = r.from; i <= r.to; i += 1) {
        if (paused(profile.samples[i]!)) continue;
        samples += 1;
        const leaf = byId.get(profile.samples[i]!)!;
        const leafName = frameName(leaf.callFrame);
        self.set(leafName, (self.get(leafName) ?? 0) + 1);
        const seen = new Set<string>();
        for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
          const name = frameName(byId.get(id)!.callFrame);
          if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
          seen.add(name);
        }
      }
      const top = (counts: Map<string, number>, n: number) =>
        [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `${name} ${((count / samples) * 100).toFixed(0)}%`).join(' | ');
      console.log(`\n${r.label} (${samples} samples)`);
      console.log(`  self: ${top(self, 12)}`);
      console.log(`  inclusive: ${top(inclusive, 25)}`);
    }
  }
} finally {
  await browser.close();
}
