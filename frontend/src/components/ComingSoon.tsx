import { Link } from 'react-router-dom';
import { Hammer } from 'lucide-react';
import { Button } from './ui/Button';

/** A clearly marked placeholder for screens that land in a later issue. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-20" data-testid="coming-soon">
      <div className="max-w-lg text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-ocean-100 text-ocean-600">
          <Hammer aria-hidden className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-bold tracking-wide text-amber-800 uppercase">Coming soon</p>
        {description ? <p className="mt-4 text-slate-600">{description}</p> : null}
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </section>
  );
}
