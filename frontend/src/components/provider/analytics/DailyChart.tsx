import { useId } from 'react';
import { niceMax, shortDay } from './analyticsText';

export interface ChartPoint {
  day: string;
  /** Null where there is nothing to show (conversion on a day without clicks). */
  value: number | null;
}

const height = 120;

/**
 * A daily bar chart drawn as plain SVG (no chart library in the bundle): the picture is one image
 * with a spoken summary, and the numbers are in a table for screen readers.
 */
export function DailyChart({ title, points, format, barClassName, testId, max, totalText }: { title: string; points: ChartPoint[]; format: (value: number) => string; barClassName: string; testId?: string; max?: number; totalText?: string }) {
  const titleId = useId();
  const values = points.map((p) => p.value ?? 0);
  const top = max ?? niceMax(Math.max(0, ...values));
  const peak = points.reduce<ChartPoint | null>((best, p) => (p.value !== null && (best === null || p.value > (best.value ?? 0)) ? p : best), null);
  const width = points.length * 10;
  const summary =
    peak && (peak.value ?? 0) > 0
      ? `${title}, ${points.length} days from ${shortDay(points[0]!.day)} to ${shortDay(points.at(-1)!.day)}: highest ${format(peak.value!)} on ${shortDay(peak.day)}`
      : `${title}, ${points.length} days: nothing recorded yet`;
  return (
    <figure className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={titleId} data-testid={testId}>
      <figcaption id={titleId} className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-700">{title}</span>
        <span className="text-xs text-slate-600" aria-hidden>
          max {format(top)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={summary} className="mt-3 h-28 w-full overflow-visible" data-points={points.length}>
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-300" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        <line x1={0} x2={width} y1={height / 2} y2={height / 2} className="stroke-slate-100" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {points.map((point, index) => {
          if (point.value === null || point.value <= 0) return null;
          const barHeight = Math.max(2, (Math.min(point.value, top) / top) * height);
          return (
            <rect key={point.day} x={index * 10 + 1.5} width={7} y={height - barHeight} height={barHeight} rx={1.5} className={barClassName}>
              <title>{`${shortDay(point.day)}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden>
        <span>{points[0] ? shortDay(points[0].day) : ''}</span>
        <span>{points.at(-1) ? shortDay(points.at(-1)!.day) : ''}</span>
      </div>
      {/* A table cannot shrink to the 1 px of sr-only, so a wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{totalText ? `${title} per day (${totalText})` : `${title} per day`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row">{shortDay(point.day)}</th>
                <td>{point.value === null ? 'no clicks' : format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
