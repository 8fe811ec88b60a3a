import { useId, useState } from 'react';
import { ChevronDown, Clock, Dumbbell, Gauge, Ruler, Sparkles } from 'lucide-react';
import { weightsInText, type GymHighlight } from '@reproute/contracts';
import { useWeightUnit } from '@/lib/displayPrefs';
import type { Hotel } from '@/api/types';
import { cn } from '@/lib/cn';
import { KeptAsWritten } from '@/app/hydrateLater';
import { confidenceLine } from '@/lib/gymFreshness';

/** The score as shown everywhere: one decimal ("4.0", not "4"). */
export const gymScoreText = (score: number) => score.toFixed(1);

const highlightIcons: Record<GymHighlight['kind'], typeof Clock> = { hours: Clock, size: Ruler, dumbbell: Dumbbell, signature: Sparkles };

/** The card's gym line: the score, then up to three highlights. */
export function GymGlance({ hotel }: { hotel: Hotel }) {
  const unit = useWeightUnit();
  const highlights = (hotel.gymHighlights ?? []).slice(0, 3);
  if (typeof hotel.gymScore !== 'number' && highlights.length === 0) return null;
  return (
    // The server wrote the highlights in kilograms: kept as written only while they still read so.
    <KeptAsWritten until={unit === 'kg' ? hotel : unit}>
      <div className="mt-3 flex flex-wrap items-center gap-1.5" data-testid="gym-glance">
        {typeof hotel.gymScore === 'number' ? (
          <span
            className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="gym-score"
            role="img"
            aria-label={`Gym score ${gymScoreText(hotel.gymScore)} out of 5`}
          >
            <Gauge aria-hidden className="h-3.5 w-3.5" />
            Gym {gymScoreText(hotel.gymScore)}
          </span>
        ) : null}
        {highlights.length > 0 ? (
          <ul aria-label="Gym highlights" className="contents">
            {highlights.map((highlight) => {
              const Icon = highlightIcons[highlight.kind] ?? Sparkles;
              return (
                <li
                  key={`${highlight.kind}-${highlight.label}`}
                  data-testid="gym-highlight"
                  className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700"
                >
                  <Icon aria-hidden className="h-3.5 w-3.5 text-ocean-600" />
                  {weightsInText(highlight.label, unit)}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </KeptAsWritten>
  );
}

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

/**
 * The hotel page's gym score: the figure and a "Why 4.6?" disclosure listing each component with its
 * points out of its maximum and the one-line reason.
 */
export function GymScorePanel({ hotel }: { hotel: Hotel }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const unit = useWeightUnit();
  if (typeof hotel.gymScore !== 'number') return null;
  const score = gymScoreText(hotel.gymScore);
  const breakdown = hotel.gymScoreBreakdown ?? [];
  return (
    <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5" data-testid="gym-score-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-2xl font-extrabold text-white" aria-hidden>
            {score}
          </span>
          <div>
            <p className="text-base font-bold text-slate-900">
              Gym score <span className="sr-only">{score} out of 5</span>
            </p>
            <p className="text-sm text-slate-600">Ours, out of 5: equipment, strength kit, size, hours and reviewers’ gym ratings.</p>
          </div>
        </div>
        {breakdown.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex items-center gap-1 rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
          >
            Why {score}?
            <ChevronDown aria-hidden className={cn('h-4 w-4 transition', open && 'rotate-180')} />
          </button>
        ) : null}
      </div>
      {hotel.gymScoreConfidence ? <GymScoreConfidenceLine confidence={hotel.gymScoreConfidence} /> : null}
      <ul id={listId} hidden={!open} className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label={`Why the gym scores ${score}`}>
        {breakdown.map((component) => (
          <li key={component.key} data-testid="gym-score-component">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="font-semibold text-slate-900">{component.label}</span>
              <span className="shrink-0 font-semibold text-slate-800 tabular-nums">
                {points(component.points)} <span className="font-normal text-slate-600">of {points(component.maxPoints)}</span>
              </span>
            </div>
            <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round((component.points / component.maxPoints) * 100)}%` }} />
            </div>
            <p className="mt-1 text-sm text-slate-600">{weightsInText(component.reason, unit)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

const confidenceTones = { high: 'bg-emerald-50 text-emerald-900 ring-emerald-200', medium: 'bg-amber-50 text-amber-950 ring-amber-200', low: 'bg-red-50 text-red-950 ring-red-200' } as const;

/**
 * How far the score can be trusted (docs/decisions.md, "Gym facts that say how old they are"): old facts and reports of
 * a change not yet answered make it count its facts for less, and the line says by how much and why.
 */
function GymScoreConfidenceLine({ confidence }: { confidence: NonNullable<Hotel['gymScoreConfidence']> }) {
  return (
    <p className={cn('mt-3 rounded-xl px-3 py-2 text-sm ring-1', confidenceTones[confidence.level])} data-testid="gym-score-confidence">
      {confidenceLine(confidence)}
      {confidence.factor < 1 ? <span className="block text-xs opacity-80">Score of the facts alone: {gymScoreText(confidence.factsScore)}</span> : null}
    </p>
  );
}
