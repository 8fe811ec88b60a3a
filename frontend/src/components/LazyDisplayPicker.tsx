import { Suspense, lazy, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

const DisplayPicker = lazy(() => import('./DisplayPicker').then((module) => ({ default: module.DisplayPicker })));

/**
 * The header's units and currency picker, whose code loads once the page runs (not with every page's first script):
 * the server and the first render give its place at its size, so nothing moves when it arrives.
 */
export function LazyDisplayPicker({ className, layout = 'row' }: { className?: string; layout?: 'row' | 'stack' }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const place = <div aria-hidden className={cn(layout === 'row' ? 'h-9 w-[13.25rem]' : 'h-[3.75rem] w-full', className)} />;
  if (!ready) return place;
  return (
    <Suspense fallback={place}>
      <DisplayPicker className={className} layout={layout} />
    </Suspense>
  );
}
