import { createElement, lazy, useState, type ComponentType } from 'react';

const RELOAD_KEY = 'rr_chunk_reload_at';

/** A route screen loaded on first use; `preload()` loads it ahead, after which it renders at once. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy for route screens. When a chunk fails to load (a new build replaced the files this tab
 * was served), the page reloads once to pick up the new build instead of showing an error.
 *
 * Once its module has loaded (`preload()`, or a first render through Suspense), the screen renders
 * directly, with no Suspense round: a page written by the server is hydrated by a first render that
 * shows the same page, not a spinner in its place (main.tsx preloads the address's screens first).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(async () => {
    try {
      const module = await loadOnce();
      sessionStorage.removeItem(RELOAD_KEY);
      return module;
    } catch (error) {
      loading = undefined;
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last > 30_000) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  });
  const Page = (props: P) => {
    // Chosen once per mount: switching from Lazy to the module on a later render would remount the screen.
    const [Screen] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    return createElement(Screen, props);
  };
  return Object.assign(Page, {
    preload: async () => {
      await loadOnce().catch(() => undefined);
    },
  });
}
