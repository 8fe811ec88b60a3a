import { useState } from 'react';
import type { ProviderAnalytics } from '@reproute/contracts';
import { useProviderAnalytics, useProviderHotels, type AnalyticsRange } from '@/api/provider';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Misc';
import { cn } from '@/lib/cn';
import { DailyChart } from './DailyChart';
import { DemandInsights } from './DemandInsights';
import { percent } from './analyticsText';
import { ProofOfValue } from './ProofOfValue';

const ranges: AnalyticsRange[] = [7, 30, 90];
const count = (value: number) => value.toLocaleString('en-US');

/** The dashboard's Analytics tab: daily charts per listing or overall over 7, 30 or 90 days, then demand data. Loaded only when opened. */
export default function AnalyticsPanel() {
  const [range, setRange] = useState<AnalyticsRange>(30);
  const [hotelId, setHotelId] = useState<number | undefined>(undefined);
  const listings = useProviderHotels();
  const analytics = useProviderAnalytics({ range, hotelId });
  const hotels = listings.data ?? [];

  return (
    <div className="space-y-8">
      <section aria-labelledby="performance-heading" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="performance-heading" className="text-xl font-bold text-slate-900">
              Performance
            </h2>
            <p className="text-sm text-slate-600">Page views, referral clicks and leads per day; conversion is the share of clicks that became leads.</p>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Listing
              <select
                className="h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900"
                value={hotelId ?? ''}
                onChange={(event) => setHotelId(event.target.value ? Number(event.target.value) : undefined)}
              >
                <option value="">All listings</option>
                {hotels.map((hotel) => (
                  <option key={hotel.id} value={hotel.id}>
                    {hotel.name}
                  </option>
                ))}
              </select>
            </label>
            <div role="group" aria-label="Date range" className="inline-flex rounded-xl bg-slate-200/70 p-1">
              {ranges.map((days) => (
                <button
                  key={days}
                  type="button"
                  aria-pressed={range === days}
                  onClick={() => setRange(days)}
                  className={cn(
                    'min-h-8 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:text-slate-900',
                    range === days && 'bg-white text-slate-900 shadow-sm',
                  )}
                >
                  {days} days
                </button>
              ))}
            </div>
          </div>
        </div>
        {analytics.isPending ? (
          <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading analytics">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        ) : analytics.isError || !analytics.data ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center" role="alert">
            <p className="font-semibold text-slate-900">Analytics could not be loaded</p>
            <Button className="mt-3" variant="outline" onClick={() => void analytics.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <Figures data={analytics.data} stale={analytics.isPlaceholderData} showListings={hotelId === undefined} />
        )}
      </section>
      <DemandInsights />
      <ProofOfValue />
    </div>
  );
}

function Figures({ data, stale, showListings }: { data: ProviderAnalytics; stale: boolean; showListings: boolean }) {
  // Conversion comes from the analytics service with every figure: converted clicks ÷ clicks, never above 100%.
  const conversion = data.totals.conversion;
  const totals = [
    { label: 'Page views', value: count(data.totals.pageViews) },
    { label: 'Referral clicks', value: count(data.totals.referralClicks) },
    { label: 'Leads', value: count(data.totals.leads) },
    { label: 'Conversion', value: percent(conversion) },
  ];
  return (
    <div className={cn('space-y-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale} data-testid="analytics-figures" data-days={data.days}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {totals.map((item) => (
          <div key={item.label} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">
              {item.label} <span className="sr-only">in the last {data.days} days</span>
            </dt>
            <dd className="mt-1 text-2xl font-extrabold text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        Last {data.days} days, {data.from} to {data.to} (UTC).
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <DailyChart title="Page views" testId="chart-page-views" colour="#0284c7" format={count} totalText={`total ${count(data.totals.pageViews)}`} points={data.daily.map((d) => ({ day: d.day, value: d.pageViews }))} />
        <DailyChart title="Referral clicks" testId="chart-referral-clicks" colour="#c2410c" format={count} totalText={`total ${count(data.totals.referralClicks)}`} points={data.daily.map((d) => ({ day: d.day, value: d.referralClicks }))} />
        <DailyChart title="Leads" testId="chart-leads" colour="#059669" format={count} totalText={`total ${count(data.totals.leads)}`} points={data.daily.map((d) => ({ day: d.day, value: d.leads }))} />
        <DailyChart title="Conversion (clicks → leads)" testId="chart-conversion" colour="#7c3aed" format={(v) => percent(v)} max={1} wholeNumbers={false} totalText={`overall ${percent(conversion)}`} points={data.daily.map((d) => ({ day: d.day, value: d.conversion }))} />
      </div>
      {showListings && data.hotels.length > 0 ? (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[480px] text-left text-sm" data-testid="analytics-by-listing">
            <caption className="px-4 pt-4 text-left font-semibold text-slate-900">By listing, last {data.days} days</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Listing</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Page views</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Clicks</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Leads</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Conversion</th>
              </tr>
            </thead>
            <tbody>
              {data.hotels.map((hotel) => (
                <tr key={hotel.hotelId} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 font-semibold text-slate-900">{hotel.name ?? `Hotel ${hotel.hotelId}`}</th>
                  <td className="px-4 py-2 text-right">{count(hotel.pageViews)}</td>
                  <td className="px-4 py-2 text-right">{count(hotel.referralClicks)}</td>
                  <td className="px-4 py-2 text-right">{count(hotel.leads)}</td>
                  <td className="px-4 py-2 text-right">{percent(hotel.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
