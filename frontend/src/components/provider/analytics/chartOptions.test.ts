import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { barChartOptions, dayOfSeconds, daySeconds } from './chartOptions';

const options = (top: number, format = (v: number) => String(v), wholeNumbers = true) =>
  barChartOptions({ title: 'Leads', width: 400, top, colour: '#059669', format, bars: undefined, onHover: () => undefined, wholeNumbers });
const fakePlot = {} as uPlot;

describe('daily chart options', () => {
  it('counts UTC days in seconds both ways', () => {
    expect(daySeconds('2026-11-23')).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(dayOfSeconds(daySeconds('2026-03-29'))).toBe('2026-03-29');
  });

  it('labels the x axis with UTC days and the y axis with 0, half and the top, formatted', () => {
    const opts = options(1, (v) => `${Math.round(v * 100)}%`, false);
    const [x, y] = opts.axes!;
    const xLabels = (x!.values as (u: uPlot, splits: number[]) => string[])(fakePlot, [daySeconds('2026-11-01'), daySeconds('2026-11-08')]);
    expect(xLabels).toEqual(['Nov 1', 'Nov 8']);
    const splits = (y!.splits as (u: uPlot) => number[])(fakePlot);
    expect(splits).toEqual([0, 0.5, 1]);
    expect((y!.values as (u: uPlot, splits: number[]) => string[])(fakePlot, splits)).toEqual(['0%', '50%', '100%']);
    expect(opts.scales!.y!.range).toEqual([0, 1]);
  });

  it('draws no line at a fractional half for counts', () => {
    const splitsOf = (opts: uPlot.Options) => (opts.axes![1]!.splits as (u: uPlot) => number[])(fakePlot);
    expect(splitsOf(options(5))).toEqual([0, 5]);
    expect(splitsOf(options(10))).toEqual([0, 5, 10]);
    expect(splitsOf(barChartOptions({ title: 'Conversion', width: 400, top: 1, colour: '#000', format: String, bars: undefined, onHover: () => undefined, wholeNumbers: false }))).toEqual([0, 0.5, 1]);
  });

  it('pads the day range by half a day so the first and last bars are whole, and names the series', () => {
    const opts = options(10);
    const range = opts.scales!.x!.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range(fakePlot, 1000, 2000)).toEqual([1000 - 43_200, 2000 + 43_200]);
    expect(opts.series[1]).toMatchObject({ label: 'Leads', fill: '#059669' });
    expect(opts.legend!.show).toBe(false);
  });

  it('reports the hovered day', () => {
    const seen: (number | null)[] = [];
    const opts = barChartOptions({ title: 'Leads', width: 400, top: 1, colour: '#000', format: String, bars: undefined, onHover: (i) => seen.push(i) });
    opts.hooks!.setCursor![0]!({ cursor: { idx: 4 } } as uPlot);
    opts.hooks!.setCursor![0]!({ cursor: { idx: null } } as uPlot);
    expect(seen).toEqual([4, null]);
  });
});
