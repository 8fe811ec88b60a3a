import { PAGE_MODULES_ID, PRERENDERED_ATTRIBUTE } from '@reproute/contracts/page-values';

/**
 * The one inline script of every page the server rendered, the same bytes on every page (the page policy
 * allows it by its SHA-256 and no other inline script runs). It is built on its own into the front end's
 * build (build/pageScript.ts: `.vite/page-script.js`), which the pages' server inlines and hashes; what
 * differs from page to page it reads from the page's JSON data block (PAGE_MODULES_ID), which no browser runs.
 */

/** What the pages' server writes into a page's data block: the entry's module scripts, then the modules it and the page's screen import. */
export interface PageModules {
  scripts: string[];
  preloads: string[];
}

/** Module preloads named per task after the first paint. */
export const preloadsPerTask = 4;

/**
 * What a visitor does before the SPA has taken a server-rendered page over is kept, not lost: a click or a
 * form's submit inside the root is held until the SPA removes the root's `data-prerendered` (main.tsx, once
 * hydrated), then the last one is given again to the hydrated page; text typed meanwhile is announced to it
 * (an `input` event) so its state holds what the field shows. It replaces an `inert` root, whose removal
 * restyled every element of the page (about 640 on the home page) in one task right after hydration.
 */
export function holdEarlyInput(doc: Document): void {
  const root = doc.getElementById('root');
  if (!root) return;
  let held: { type: string; target: EventTarget | null } | null = null;
  const hold = (event: Event) => {
    if (!root.hasAttribute(PRERENDERED_ATTRIBUTE) || !root.contains(event.target as Node | null)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { type: event.type, target: event.target };
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', hold, true);
  new MutationObserver((_changes, observer) => {
    if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
    observer.disconnect();
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('submit', hold, true);
    root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input,textarea').forEach((field) => {
      if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const last = held;
    held = null;
    // After the task the text's state updates render in, so the held action sees them.
    if (last)
      setTimeout(() => {
        const target = last.target as (HTMLElement & Partial<HTMLFormElement>) | null;
        if (!target?.isConnected) return;
        if (last.type === 'click') target.click();
        else target.requestSubmit?.();
      }, 0);
  }).observe(root, { attributes: true, attributeFilter: [PRERENDERED_ATTRIBUTE] });
}

/**
 * The SPA's modules are asked for only after the page's first paint, so on a slow link the HTML's own CSS,
 * fonts and pictures are not kept waiting behind 40 scripts the first paint does not need. The entry goes
 * first (the browser fetches its own imports with it); then the other modules the entry and the page's screen
 * import, named a few per task, since each `modulepreload` costs the main thread about a millisecond (40 at
 * once were one 25-50 ms task, 100-200 ms on a throttled phone). Hidden tabs (no frames) load at once; a page
 * that has not painted within a second loads then.
 */
export function loadModulesAfterPaint(doc: Document, win: Pick<Window, 'requestAnimationFrame'>): void {
  const data = doc.getElementById(PAGE_MODULES_ID);
  if (!data) return;
  const modules = JSON.parse(data.textContent ?? '') as PageModules;
  const preloads = modules.preloads;
  let done = false;
  const more = () => {
    doc.head.insertAdjacentHTML('beforeend', preloads.splice(0, preloadsPerTask).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join(''));
    if (preloads.length) setTimeout(more, 0);
  };
  const load = () => {
    if (done) return;
    done = true;
    for (const src of modules.scripts) {
      const script = doc.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      doc.head.appendChild(script);
    }
    setTimeout(more, 0);
  };
  if (doc.visibilityState === 'hidden') load();
  else win.requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
}
