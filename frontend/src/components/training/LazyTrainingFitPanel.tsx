import { useEffect, useState } from 'react';
import type { FitHotel } from '@reproute/contracts';
import type { TrainingFitPanel as Panel } from './TrainingFit';

/**
 * The hotel page's "Your training here", loaded once the page runs: it shows nothing the server could write (the
 * needs are the browser's or the account's), so its code stays out of the page's first script; the space it takes is
 * kept meanwhile.
 */
export function LazyTrainingFitPanel({ hotel }: { hotel: FitHotel }) {
  const [Loaded, setLoaded] = useState<typeof Panel | null>(null);
  useEffect(() => {
    let live = true;
    void import('./TrainingFit').then((module) => {
      if (live) setLoaded(() => module.TrainingFitPanel);
    });
    return () => {
      live = false;
    };
  }, []);
  return Loaded ? <Loaded hotel={hotel} /> : <section aria-hidden="true" className="min-h-30 rounded-2xl border border-slate-200 bg-white" data-testid="training-fit-placeholder" />;
}
