import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'rr_scroll_positions';

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const positions = readPositions();

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

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded as it happens: by the time a navigation is noticed the next page may already be drawn.
    const record = () => {
      positions[current.current] = window.scrollY;
    };
    const save = () => {
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
    const saved = positions[key];
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    let frame = 0;
    if (navigationType === 'POP' && saved !== undefined) {
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
