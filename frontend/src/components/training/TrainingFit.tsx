import { Check, CircleHelp, Target, X } from 'lucide-react';
import type { FitHotel } from '@reproute/contracts';
import { useWeightUnit } from '@/lib/displayPrefs';
import { useTrainingNeeds } from '@/lib/training';
import { cn } from '@/lib/cn';
import { fitLine, needLabel } from './fitText';
import { TrainingButton } from './TrainingButton';

/** Every need met: green; most: amber; fewer: slate. */
function tone(met: number, total: number): string {
  if (met === total) return 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  if (met * 2 >= total) return 'bg-amber-50 text-amber-900 ring-amber-200';
  return 'bg-slate-100 text-slate-800 ring-slate-200';
}

/** A card's "Fits 5 of 6 · missing: rower" (nothing before the traveller has saved needs). */
export function TrainingFitLine({ hotel, className }: { hotel: FitHotel; className?: string }) {
  const needs = useTrainingNeeds();
  const unit = useWeightUnit();
  const line = fitLine(hotel, needs, unit);
  if (!line) return null;
  return (
    <p className={cn('mt-3 rounded-lg px-2.5 py-1.5 text-sm ring-1', tone(line.fit.met, line.fit.total), className)} data-testid="training-fit">
      <Target aria-hidden className="mr-1 inline h-4 w-4 align-[-3px]" />
      <span className="font-semibold">{line.headline}</span>
      <span className="sr-only"> of your training needs</span>
      {line.missing.length ? <span> · missing: {line.missing.join(', ')}</span> : null}
      {line.unknown.length ? <span className="opacity-80"> · not stated: {line.unknown.join(', ')}</span> : null}
    </p>
  );
}

const stateIcon = {
  met: { Icon: Check, text: 'Has it', className: 'text-emerald-700' },
  missing: { Icon: X, text: 'Missing', className: 'text-rose-700' },
  unknown: { Icon: CircleHelp, text: 'Not stated by the hotel', className: 'text-slate-500' },
} as const;

/** The hotel page's "Your training" panel: each need met, missing or not stated, and the way to edit them. */
export function TrainingFitPanel({ hotel }: { hotel: FitHotel }) {
  const needs = useTrainingNeeds();
  const unit = useWeightUnit();
  const line = fitLine(hotel, needs, unit);
  return (
    <section aria-labelledby="training-fit-title" className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="training-fit-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="training-fit-title" className="text-lg font-bold text-slate-900">
          Your training here
        </h2>
        <TrainingButton label={line ? 'Edit my training' : 'Set up my training'} />
      </div>
      {line && needs ? (
        <>
          <p className={cn('mt-3 inline-block rounded-lg px-2.5 py-1 text-sm font-semibold ring-1', tone(line.fit.met, line.fit.total))} data-testid="training-fit-headline">
            {line.headline}
            {line.missing.length ? ` · missing: ${line.missing.join(', ')}` : ''}
          </p>
          <ul className="mt-3 grid gap-1.5 sm:grid-cols-2">
            {line.fit.needs.map((need) => {
              const { Icon, text, className } = stateIcon[need.state];
              return (
                <li key={`${need.kind}-${need.key}`} className="flex items-start gap-2 text-sm text-slate-800">
                  <Icon aria-hidden className={cn('mt-0.5 h-4 w-4 shrink-0', className)} />
                  <span>
                    <span className="font-medium">{needLabel(need, needs, unit).replace(/^./, (c) => c.toUpperCase())}</span>
                    <span className={cn('ml-1', className)}>— {text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          {line.unknown.length ? <p className="mt-3 text-xs text-slate-600">“Not stated” means the listing says nothing about it: ask the hotel before you book.</p> : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Save what you need from a gym once (a power rack, dumbbells to 40 kg, opening before 06:00…) and every hotel shows how well its gym fits.</p>
      )}
    </section>
  );
}
