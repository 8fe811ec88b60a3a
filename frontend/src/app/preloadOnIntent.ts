import type { RouteObject } from 'react-router-dom';
import { preloadScreens } from './preloadScreens';
import { siteLinkOf } from './siteLink';

/**
 * Loads the screens of an in-app link as soon as the visitor shows the intent to follow it: the pointer
 * resting on it, a finger touching it, the keyboard focusing it. The build does not preload a screen's
 * own imports when its chunk is asked for (Vite's `modulePreload` is off: on a phone, the links it adds
 * cost the first page one long task), so a screen's first load takes one round trip after another;
 * started on intent, that happens while the finger is still down. Returns what stops listening.
 */
export function preloadOnIntent(routes: RouteObject[], target: Document = document): () => void {
  let last: string | undefined;
  const onIntent = (event: Event) => {
    const link = siteLinkOf(event.target);
    if (!link || link.pathname === last) return;
    last = link.pathname;
    void preloadScreens(routes, link.pathname);
  };
  const options = { capture: true, passive: true } as const;
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of events) target.addEventListener(type, onIntent, options);
  return () => {
    for (const type of events) target.removeEventListener(type, onIntent, options);
  };
}
