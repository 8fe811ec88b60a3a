import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | RepRoute` : 'RepRoute – Hotels with gyms worth training in';
  }, [title]);
}
