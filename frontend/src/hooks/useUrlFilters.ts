import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Changes to a screen's URL parameters: a value sets one, null or '' removes it. */
export type UrlFilterChanges<K extends string> = Partial<Record<K, string | null>>;

/**
 * A screen's filters kept in the URL, so a reload, Back and Forward or a shared link show the same view (the
 * lead inbox, the admin hotel table, review moderation). `update` changes only the parameters it names and leaves
 * the page's others alone (a tab, another screen's filters); a change that does not name the page parameter
 * (`pageKey`) starts again at the first page. It adds a history entry unless `replace` is given.
 */
export function useUrlFilters<K extends string>({ pageKey = 'page' }: { pageKey?: string } = {}) {
  const [params, setParams] = useSearchParams();
  const update = (changes: UrlFilterChanges<K>, { replace = false }: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries<string | null | undefined>(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!(pageKey in changes)) next.delete(pageKey);
        return next;
      },
      { replace },
    );
  };
  return { params, update };
}

/**
 * The text of a filter box whose value lives in the URL: what is typed goes to `apply` after `delayMs` without
 * typing (only typing schedules it: a change of the URL never types it again), unless the URL holds that text by
 * then (another filter change took it along); and when the URL changes under the box (Back, Forward, a cleared
 * filter) the box shows the URL's text, unless the box (`inputId`) has the focus.
 */
export function useUrlFilterText(fromUrl: string, apply: (typed: string) => void, { delayMs, inputId }: { delayMs: number; inputId: string }) {
  const [text, setText] = useState(fromUrl);
  const latest = useRef(fromUrl);
  latest.current = fromUrl;
  useEffect(() => {
    const typed = text.trim();
    if (typed === fromUrl) return;
    const timer = setTimeout(() => {
      if (typed !== latest.current) apply(typed);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (document.activeElement?.id !== inputId) setText(fromUrl);
  }, [fromUrl]);
  return [text, setText] as const;
}
