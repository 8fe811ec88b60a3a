import { lazy, type ComponentType } from 'react';

const RELOAD_KEY = 'rr_chunk_reload_at';

/**
 * React.lazy for route screens. When a chunk fails to load (a new build replaced the files this tab
 * was served), the page reloads once to pick up the new build instead of showing an error.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_KEY);
      return module;
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last > 30_000) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  });
}
