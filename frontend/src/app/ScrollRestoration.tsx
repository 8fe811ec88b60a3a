import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { onPrivateDataCleared } from '@/lib/privateData';

const STORAGE_KEY = 'rr_scroll_positions';

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The positions left on this tab's pages, read from its storage when first needed: the first read of a storage
 * area waits on the browser (2-8 ms of a phone's page load when it was read as this module ran). A page loaded
 * afresh needs none (see firstAddressRevisited), so it reads them at its first scroll.
 */
let positions: Record<string, number> | undefined;
const stored = (): Record<string, number> => (positions ??= readPositions());
// Sign-out empties sessionStorage; the positions kept here must not be written back into it.
onPrivateDataCleared(() => {
  positions = undefined;
});

/**
 * Whether the document was reloaded or reached by back or forward: only then has the address it opened with a
 * place to return to, as a browser restores its own pages. A page opened from a link or the address bar starts at
 * the top even if it was seen before in this tab.
 */
function firstAddressRevisited(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** A page loaded afresh has no history key of its own ("default"): its address stands in. */
const keyOf = (location: { key: string; pathname: string; search: string }) =>
  location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;

/** Frames to keep trying a restore while the page is still too short (data or a lazy section arriving). */
const RESTORE_FRAMES = 40;

/** Jumps without the page's smooth scrolling, which would animate every navigation. */
const jumpTo = (top: number) => window.scrollTo({ top, left: 0, behavior: 'instant' });

/**
 * The router's scroll behaviour: back and forward (and a reload) return to where the page was left,
 * a link to #id scrolls to that element, any other navigation starts at the top.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);
  const current = useRef(key);
  // The location the document opened with (a later visit to the same address is a new location).
  const opening = useRef(location);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded as it happens: by the time a navigation is noticed the next page may already be drawn.
    const record = () => {
      stored()[current.current] = window.scrollY;
    };
    const save = () => {
      if (!positions) return;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Without storage a reload simply starts at the top.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    // The document's first page returns to a place only when the document itself was revisited; a later
    // back or forward (to it too) always does.
    const restoring = navigationType === 'POP' && (location !== opening.current || firstAddressRevisited());
    const saved = restoring ? stored()[key] : undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    let frame = 0;
    if (saved !== undefined) {
      let left = RESTORE_FRAMES;
      const restore = () => {
        jumpTo(saved);
        if (Math.abs(window.scrollY - saved) > 1 && (left -= 1) > 0) frame = window.requestAnimationFrame(restore);
      };
      restore();
    } else if (target) target.scrollIntoView();
    else jumpTo(0);
    return () => window.cancelAnimationFrame(frame);
  }, [key, location.hash, navigationType]);

  return null;
}
