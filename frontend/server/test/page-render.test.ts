import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@reproute/platform';
import { describe, expect, it } from 'vitest';
import { PageRenderer } from '../src/page-render.ts';

// The pages' server render, loaded once per build: a render module in a temporary folder counts how often it
// is loaded (evaluated) and how often it renders.
function renderModule(): { file: string; counts: () => { loads: number; renders: number } } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-render-'));
  const key = `__pageRender_${path.basename(dir).replace(/\W/g, '')}`;
  const file = path.join(dir, 'entry-server.js');
  fs.writeFileSync(
    file,
    `globalThis.${key} ??= { loads: 0, renders: 0 };\n` +
      `globalThis.${key}.loads += 1;\n` +
      `export async function renderPage(url, answers) { globalThis.${key}.renders += 1; return '<main>' + url + ' ' + answers.length + '</main>'; }\n`,
  );
  return { file, counts: () => (globalThis as unknown as Record<string, { loads: number; renders: number }>)[key] ?? { loads: 0, renders: 0 } };
}

const logger = createLogger('page-render-test', 'silent');

describe('PageRenderer.warm', () => {
  it('loads the render module and renders the home page once, so the first page asked for does not load it', async () => {
    const { file, counts } = renderModule();
    const renderer = new PageRenderer(file, logger);
    expect(counts()).toEqual({ loads: 0, renders: 0 });
    expect(await renderer.warm()).toBe(true);
    expect(counts()).toEqual({ loads: 1, renders: 1 });
    expect(await renderer.render('/search', [{ url: '/api/hotels/search', data: { items: [] } }])).toBe('<main>/search 1</main>');
    expect(counts()).toEqual({ loads: 1, renders: 2 });
  });

  it('answers false for a build without a server render', async () => {
    const renderer = new PageRenderer(path.join(os.tmpdir(), 'no-such-build', 'entry-server.js'), logger);
    expect(await renderer.warm()).toBe(false);
  });
});

describe('PageRenderer.render', () => {
  it('keeps a page’s render for the answers it was made with, and renders again when any of them is another', async () => {
    const { file, counts } = renderModule();
    const renderer = new PageRenderer(file, logger);
    const hotel = { id: 7, name: 'The Ritz' };
    const reviews = [{ id: 'a' }];
    const answers = (list: unknown) => [
      { url: '/api/hotels/7', data: hotel },
      { url: '/api/hotels/7/reviews', data: list },
    ];
    expect(await renderer.render('/hotels/7', answers(reviews))).toBe('<main>/hotels/7 2</main>');
    await renderer.render('/hotels/7', answers(reviews));
    expect(counts().renders).toBe(1);
    // The hotel is the same, its reviews changed: rendered again, and that render kept in turn.
    const newer = [{ id: 'b' }, { id: 'a' }];
    await renderer.render('/hotels/7', answers(newer));
    await renderer.render('/hotels/7', answers(newer));
    expect(counts().renders).toBe(2);
    // Without the reviews (engagement did not answer): another page.
    expect(await renderer.render('/hotels/7', [{ url: '/api/hotels/7', data: hotel }])).toBe('<main>/hotels/7 1</main>');
    expect(counts().renders).toBe(3);
  });
});
