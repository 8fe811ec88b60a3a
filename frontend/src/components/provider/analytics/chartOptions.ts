import type uPlot from 'uplot';
import { shortDay } from './analyticsText';

/** A UTC day ("2026-11-23") as the seconds uPlot's time scale counts in. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Seconds back to the UTC day they fall on. */
export const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export const chartHeight = 150;
const axisColour = '#475569'; // slate-600: 4.5:1 on white
const gridColour = '#e2e8f0'; // slate-200
const font = '11px "Inter Variable", ui-sans-serif, system-ui, sans-serif';

/**
 * uPlot's options for one daily bar chart: UTC days on the x axis (labelled like the rest of the
 * dashboard), 0 to `top` on the y axis with labelled lines at 0, the half and the top, no legend (the caption names the
 * series) and a cursor whose day is reported through `onHover`.
 */
export function barChartOptions({
  title,
  width,
  top,
  colour,
  format,
  bars,
  onHover,
  wholeNumbers = true,
}: {
  title: string;
  width: number;
  top: number;
  colour: string;
  format: (value: number) => string;
  bars: uPlot.Series.PathBuilder | undefined;
  onHover: (index: number | null) => void;
  /** Counts: no line at a half when half the top is a fraction (2.5 page views). */
  wholeNumbers?: boolean;
}): uPlot.Options {
  const splits = wholeNumbers && !Number.isInteger(top / 2) ? [0, top] : [0, top / 2, top];
  return {
    width,
    height: chartHeight,
    legend: { show: false },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    // Days are UTC days: ticks fall on UTC midnights whatever the viewer's time zone.
    tzDate: (seconds) => new Date(seconds * 1000 + new Date(seconds * 1000).getTimezoneOffset() * 60_000),
    scales: {
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      y: { range: [0, top] },
    },
    axes: [
      {
        stroke: axisColour,
        font,
        grid: { show: false },
        ticks: { show: false },
        size: 24,
        gap: 4,
        space: 56,
        values: (_u, splits) => splits.map((s) => shortDay(dayOfSeconds(Math.round(s / 86_400) * 86_400))),
      },
      {
        stroke: axisColour,
        font,
        size: 48,
        grid: { stroke: gridColour, width: 1 },
        ticks: { show: false },
        splits: () => splits,
        values: (_u, splits) => splits.map((s) => format(s)),
      },
    ],
    series: [{}, { label: title, stroke: colour, fill: colour, width: 0, paths: bars, points: { show: false } }],
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
  };
}
