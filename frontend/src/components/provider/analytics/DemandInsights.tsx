import { Search } from 'lucide-react';
import { useProviderInsights } from '@/api/provider';
import { Skeleton } from '@/components/ui/Misc';
import { insightSentence } from './analyticsText';

/** Demand data: per city the provider lists in, what travellers searched for there and whether the provider's listings have it. */
export function DemandInsights() {
  const insights = useProviderInsights();
  return (
    <section aria-labelledby="demand-heading" className="space-y-4" data-testid="demand-insights">
      <div>
        <h2 id="demand-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Search aria-hidden className="h-5 w-5 text-brand-600" /> What travellers search for
        </h2>
        <p className="text-sm text-slate-600">Equipment and facilities asked for in searches for your cities over the last 30 days.</p>
      </div>
      {insights.isPending ? (
        <Skeleton className="h-32" />
      ) : insights.isError || !insights.data ? (
        <p role="alert" className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          Search demand could not be loaded. Please try again later.
        </p>
      ) : insights.data.cities.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          Demand data appears for the cities of your listings once a listing is added or next updated.
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {insights.data.cities.map((city) => (
            <article key={city.city} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="demand-city">
              <h3 className="text-lg font-bold text-slate-900">{[city.city, city.country].filter(Boolean).join(', ')}</h3>
              <p className="text-sm text-slate-600">
                {city.searches === 1 ? '1 search' : `${city.searches.toLocaleString('en-US')} searches`} in the last 30 days
              </p>
              {city.labels.length === 0 ? (
                <p className="mt-3 text-sm text-slate-700">No equipment was asked for in searches here yet.</p>
              ) : (
                <ul className="mt-3 space-y-2 text-sm text-slate-800">
                  {city.labels.map((label) => (
                    <li key={label.label} className="flex gap-2">
                      <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-500" aria-hidden />
                      <span>{insightSentence(city.city, label)}.</span>
                    </li>
                  ))}
                </ul>
              )}
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
