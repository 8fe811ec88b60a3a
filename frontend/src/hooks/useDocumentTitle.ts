import { useEffect } from 'react';
import { documentTitle } from '@/site/titles';

/** Sets the document title for a page's own title (site/titles.ts: a fixed page's comes from the page table). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
