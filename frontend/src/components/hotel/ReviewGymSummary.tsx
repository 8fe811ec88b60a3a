import { gymSubScoreHints, gymSubScoreLabels, summariseGymReviews, subScoreMinReviews, trainingTimeBandLabels, trainingTimeBandShortLabels, type ReviewAnswer } from '@reproute/contracts';
import { crowdingChartText } from '@/lib/reviewGym';

/**
 * The hotel page's summary of its approved reviews' gym details: each sub-score's average (once two reviews give
 * it) and the crowding by time of day (once three reviews give a crowding score and when they trained; the
 * threshold is in docs/decisions.md). The chart's bars are drawn for the eye only: the same figures are a table
 * under it, and a sentence says which time is quietest and which busiest.
 */
export function ReviewGymSummary({ reviews }: { reviews: readonly ReviewAnswer[] }) {
  const summary = summariseGymReviews(reviews);
  const scored = summary.subScores.filter((s) => s.count > 0);
  if (scored.length === 0 && summary.crowdingReviews === 0) return null;
  return (
    <div className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 md:grid-cols-2" data-testid="review-gym-summary">
      <section aria-labelledby="gym-subscores-heading">
        <h3 id="gym-subscores-heading" className="text-lg font-bold text-slate-900">
          The gym, as reviewers score it
        </h3>
        <dl className="mt-3 space-y-2.5">
          {summary.subScores.map((s) => (
            <div key={s.key} data-testid={`subscore-${s.key}`}>
              <dt className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold text-slate-800">{gymSubScoreLabels[s.key]}</span>
                <span className="text-xs text-slate-600">{gymSubScoreHints[s.key]}</span>
              </dt>
              <dd className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-ocean-600" style={{ width: `${((s.average ?? 0) / 5) * 100}%` }} />
                </span>
                <span className="w-40 shrink-0 text-right">
                  {s.average !== null ? (
                    <>
                      <strong className="font-semibold text-slate-900">{s.average.toFixed(1)}</strong>/5 · {s.count} reviews
                    </>
                  ) : (
                    `Not enough yet (${s.count} of ${subScoreMinReviews})`
                  )}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="gym-crowding-heading" data-testid="crowding-chart">
        <h3 id="gym-crowding-heading" className="text-lg font-bold text-slate-900">
          How crowded, by time of day
        </h3>
        <p className="mt-1 text-sm text-slate-700" data-testid="crowding-summary">
          {crowdingChartText(summary)}
        </p>
        {summary.crowdingByBand ? (
          <>
            <div aria-hidden className="mt-3 flex h-32 items-end gap-1.5 border-b border-slate-300" data-testid="crowding-bars">
              {summary.crowdingByBand.map((b) => (
                <div key={b.band} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
                  <span className="text-xs font-semibold text-slate-800">{b.average !== null ? b.average.toFixed(1) : '–'}</span>
                  <span className={b.average !== null ? 'w-full rounded-t bg-emerald-500' : 'w-full'} style={{ height: `${((b.average ?? 0) / 5) * 80}%` }} />
                </div>
              ))}
            </div>
            <div aria-hidden className="mt-1 flex gap-1.5">
              {summary.crowdingByBand.map((b) => (
                <span key={b.band} className="flex-1 text-center text-[11px] text-slate-600">
                  {trainingTimeBandShortLabels[b.band]}
                </span>
              ))}
            </div>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-ocean-800">Crowding as a table</summary>
              <table className="mt-2 w-full text-left text-sm" data-testid="crowding-table">
                <caption className="sr-only">Average crowding score (5 is quiet, 1 is packed) by the time reviewers trained</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-1 font-semibold">Time of day</th>
                    <th scope="col" className="py-1 font-semibold">Crowding (5 = quiet)</th>
                    <th scope="col" className="py-1 font-semibold">Reviews</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.crowdingByBand.map((b) => (
                    <tr key={b.band} className="border-b border-slate-100">
                      <th scope="row" className="py-1 font-normal">{trainingTimeBandLabels[b.band]}</th>
                      <td className="py-1">{b.average !== null ? `${b.average.toFixed(1)}/5` : 'No reviews'}</td>
                      <td className="py-1">{b.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        ) : null}
      </section>
    </div>
  );
}
