import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { niceMax, shortDay } from './analyticsText';
import { barChartOptions, chartHeight, daySeconds } from './chartOptions';

export interface ChartPoint {
  day: string;
  /** Null where there is nothing to show (conversion on a day without clicks). */
  value: number | null;
}

/**
 * A daily bar chart drawn by uPlot (a small canvas chart library, in the dashboard's lazily loaded
 * Performance chunk only). The canvas is one image with a spoken summary; the numbers are in a table
 * for screen readers, and the hovered day's value is written under the chart.
 */
export function DailyChart({ title, points, format, colour, testId, max, totalText, wholeNumbers = true }: { title: string; points: ChartPoint[]; format: (value: number) => string; colour: string; testId?: string; max?: number; totalText?: string; wholeNumbers?: boolean }) {
  const titleId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  // The caller passes a new function each render; the chart reads the latest without being rebuilt.
  const formatRef = useRef(format);
  formatRef.current = format;
  const values = points.map((p) => p.value ?? 0);
  const top = max ?? niceMax(Math.max(0, ...values));
  const peak = points.reduce<ChartPoint | null>((best, p) => (p.value !== null && (best === null || p.value > (best.value ?? 0)) ? p : best), null);
  const daysWithData = points.filter((p) => p.value !== null && p.value > 0).length;
  const summary =
    peak && (peak.value ?? 0) > 0
      ? `${title}, ${points.length} days from ${shortDay(points[0]!.day)} to ${shortDay(points.at(-1)!.day)}: highest ${format(peak.value!)} on ${shortDay(peak.day)}`
      : `${title}, ${points.length} days: nothing recorded yet`;
  const dataKey = JSON.stringify(points);

  useEffect(() => {
    const element = plotRef.current;
    if (!element) return;
    const widthOf = () => Math.max(160, Math.floor(element.clientWidth));
    const chart = new uPlot(
      barChartOptions({
        title,
        width: widthOf(),
        top,
        colour,
        format: (value) => formatRef.current(value),
        bars: uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 }),
        onHover: setHovered,
        wholeNumbers,
      }),
      [points.map((p) => daySeconds(p.day)), points.map((p) => p.value)],
      element,
    );
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: widthOf(), height: chartHeight }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [dataKey, top, colour, title, wholeNumbers]);

  const hoveredPoint = hovered === null ? undefined : points[hovered];
  return (
    <figure className="relative min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={titleId} data-testid={testId}>
      <figcaption id={titleId} className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-700">{title}</span>
        {totalText ? (
          <span className="text-xs text-slate-600" aria-hidden>
            {totalText}
          </span>
        ) : null}
      </figcaption>
      <div ref={plotRef} role="img" aria-label={summary} className="mt-3 w-full overflow-hidden" style={{ height: chartHeight }} data-points={points.length} data-days-with-data={daysWithData} />
      <p className="mt-1 h-4 text-xs text-slate-700" aria-hidden data-testid={testId ? `${testId}-hover` : undefined}>
        {hoveredPoint ? `${shortDay(hoveredPoint.day)}: ${hoveredPoint.value === null ? 'no clicks' : format(hoveredPoint.value)}` : ''}
      </p>
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
