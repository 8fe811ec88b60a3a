import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Hotel, ProviderAnalytics, ProviderInsights } from '@reproute/contracts';
import AnalyticsPanel from './AnalyticsPanel';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

// jsdom has no canvas: a stand-in for uPlot records what each chart was given.
const plots = vi.hoisted(() => [] as { title: string; xs: number[]; ys: (number | null)[]; destroyed: boolean }[]);
vi.mock('uplot', () => ({
  default: class {
    static paths = { bars: () => undefined };
    private readonly entry;
    constructor(opts: { series: { label?: string }[] }, data: [number[], (number | null)[]]) {
      this.entry = { title: opts.series[1]!.label!, xs: data[0], ys: data[1], destroyed: false };
      plots.push(this.entry);
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true;
    }
  },
}));
const livePlot = (title: string) => plots.filter((p) => p.title === title && !p.destroyed).at(-1);

const counters = { pageViews: 0, referralClicks: 0, leads: 0, convertedClicks: 0, conversion: null as number | null, favoritesAdded: 0, favoritesRemoved: 0, reviewsSubmitted: 0, reviewsApproved: 0 };
const hotels = [
  { id: 3, name: 'Iron Palace' },
  { id: 4, name: 'Squat Rack Inn' },
] as Hotel[];

function analytics(days: number): ProviderAnalytics {
  const daily = Array.from({ length: days }, (_, i) => ({ day: new Date(Date.UTC(2026, 10, 23 - days + 1 + i)).toISOString().slice(0, 10), ...counters }));
  // Two leads, one of them from a click (the other posted without one): conversion counts the click, 1 of 4.
  daily[days - 1] = { ...daily[days - 1]!, pageViews: 12, referralClicks: 4, leads: 2, convertedClicks: 1, conversion: 0.25 };
  return {
    generatedAt: '2026-11-23T05:00:00.000Z',
    days,
    from: daily[0]!.day,
    to: daily[days - 1]!.day,
    totals: { ...counters, pageViews: 12, referralClicks: 4, leads: 2, convertedClicks: 1, conversion: 0.25 },
    hotels: [{ hotelId: 3, name: 'Iron Palace', ...counters, pageViews: 12, referralClicks: 4, leads: 2, convertedClicks: 1, conversion: 0.25 }],
    daily,
  };
}

const insights: ProviderInsights = {
  generatedAt: '2026-11-23T05:00:00.000Z',
  days: 30,
  from: '2026-10-25',
  cities: [{ city: 'London', country: 'United Kingdom', searches: 50, labels: [{ label: 'squat rack', searches: 21, share: 0.42, hotels: [{ hotelId: 3, name: 'Iron Palace', lists: false }] }] }],
};

function stubApi() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      if (url.startsWith('/api/provider/hotels')) return Promise.resolve(new Response(JSON.stringify(hotels), { status: 200 }));
      if (url.startsWith('/api/provider/insights')) return Promise.resolve(new Response(JSON.stringify(insights), { status: 200 }));
      // The tab's proof of value (funnel and statement) reads its own endpoints: empty here.
      if (url.startsWith('/api/provider/funnel')) return Promise.resolve(new Response(JSON.stringify({ items: [] }), { status: 200 }));
      if (url.startsWith('/api/provider/statement')) return Promise.resolve(new Response(JSON.stringify({ month: '2026-11', rate: 0.12, items: [], totals: [] }), { status: 200 }));
      const range = Number(new URL(url, 'http://x').searchParams.get('range') ?? 30);
      return Promise.resolve(new Response(JSON.stringify(analytics(range)), { status: 200 }));
    }),
  );
  return urls;
}

describe('AnalyticsPanel', () => {
  it('charts 30 days by default, switches range and listing through the API, and shows totals with conversion', async () => {
    const urls = stubApi();
    renderWithApp(<AnalyticsPanel />);
    const figures = await screen.findByTestId('analytics-figures');
    expect(urls).toContain('/api/provider/analytics?range=30');
    expect(figures.getAttribute('data-days')).toBe('30');
    expect(within(figures.querySelector('dl')!).getByText('25%')).toBeTruthy();
    expect(within(screen.getByTestId('chart-page-views')).getByRole('img').getAttribute('aria-label')).toMatch(/^Page views, 30 days from .*: highest 12 on Nov 23$/);
    // uPlot draws each series from the UTC days and their values; conversion has no value on days without clicks.
    await waitFor(() => expect(livePlot('Page views')?.ys).toHaveLength(30));
    expect(livePlot('Page views')!.ys.at(-1)).toBe(12);
    expect(livePlot('Page views')!.xs.at(-1)).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(livePlot('Conversion (clicks → leads)')!.ys.slice(-2)).toEqual([null, 0.25]);

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('analytics-figures').getAttribute('data-days')).toBe('7'));
    await waitFor(() => expect(livePlot('Leads')?.ys).toHaveLength(7));
    expect(within(screen.getByTestId('chart-leads')).getByRole('img').getAttribute('data-points')).toBe('7');
    expect(urls).toContain('/api/provider/analytics?range=7');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

    await screen.findByRole('option', { name: 'Squat Rack Inn' });
    fireEvent.change(screen.getByLabelText('Listing'), { target: { value: '4' } });
    await waitFor(() => expect(urls).toContain('/api/provider/analytics?range=7&hotelId=4'));
  });

  it('lists demand sentences per city', async () => {
    stubApi();
    renderWithApp(<AnalyticsPanel />);
    const city = await screen.findByTestId('demand-city');
    expect(within(city).getByText('London, United Kingdom')).toBeTruthy();
    expect(within(city).getByText("42% of searches in London asked for a squat rack; your listing doesn't list one.")).toBeTruthy();
  });
});
