import { useEffect } from 'react';

/** The path the page was loaded at: the gateway's head tags (data-server-head) describe that page only. */
const loadedPath = typeof window === 'undefined' ? '' : window.location.pathname;

/** Removes the head tags the gateway wrote for the page first loaded (canonical, description, share tags, JSON-LD). */
export function removeServerHead(): void {
  for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove();
}

/** Once the SPA moves to another path, the first page's head tags no longer describe what is shown. */
export function useServerHeadCleanup(pathname: string): void {
  useEffect(() => {
    if (pathname !== loadedPath) removeServerHead();
  }, [pathname]);
}
