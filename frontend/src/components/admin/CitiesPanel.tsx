import { useState } from 'react';
import { GitMerge } from 'lucide-react';
import { useMergeCities } from '@/api/admin';
import { CityFixForm } from '@/components/admin/CityFixForm';
import { cityLabel, useCities } from '@/api/cities';
import { serverMessageOr } from '@/api/request';
import type { City } from '@/api/types';
import { ConfirmDialog } from '@/components/provider/ConfirmDialog';
import { SelectField } from '@/components/provider/FormControls';
import { Button } from '@/components/ui/Button';
import { toast } from '@/store/toast';

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-US');

/**
 * The Cities tab: every city with its live hotels and listings, and the merge of a duplicate city
 * ("Zurich" added by one provider, "Zürich" by another) into the one to keep.
 */
export function CitiesPanel() {
  const cities = useCities();
  const [fromId, setFromId] = useState('');
  const [intoId, setIntoId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeCities();
  const byId = (id: string): City | undefined => cities.data?.find((c) => String(c.id) === id);
  const from = byId(fromId);
  const into = byId(intoId);

  const review = () => {
    if (!fromId || !intoId) return setError('Choose the duplicate city and the city to keep.');
    if (fromId === intoId) return setError('Choose two different cities to merge.');
    setError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (!from || !into) return;
    try {
      const answer = await merge.mutateAsync({ fromCityId: from.id, intoCityId: into.id });
      toast({ title: 'Cities Merged', description: `${cityLabel(from)} is now part of ${cityLabel(into)}; ${answer.movedListings} ${answer.movedListings === 1 ? 'listing' : 'listings'} moved.` });
      setFromId('');
      setIntoId('');
    } catch (failure) {
      toast({ title: 'Error', description: serverMessageOr(failure, 'Failed to merge the cities. Please try again.'), variant: 'destructive' });
    }
    setConfirming(false);
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="merge-cities-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="merge-cities-heading" className="text-xl font-bold text-slate-900">
          Merge duplicate cities
        </h2>
        <p className="mt-1 text-sm text-slate-600">Providers can add a city that is not in the list. When one place is in the list twice, move its listings to the city to keep; the duplicate is removed.</p>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
          noValidate
        >
          <SelectField
            label="Duplicate city (removed)"
            value={fromId}
            onChange={(event) => {
              setFromId(event.target.value);
              setError(null);
            }}
            disabled={cities.isPending}
          >
            <option value="">Choose a city</option>
            {(cities.data ?? []).map((city) => (
              <option key={city.id} value={String(city.id)}>
                {cityLabel(city)} ({count(city.listingCount)} listings)
              </option>
            ))}
          </SelectField>
          <SelectField
            label="City to keep"
            value={intoId}
            onChange={(event) => {
              setIntoId(event.target.value);
              setError(null);
            }}
            disabled={cities.isPending}
          >
            <option value="">Choose a city</option>
            {(cities.data ?? []).map((city) => (
              <option key={city.id} value={String(city.id)}>
                {cityLabel(city)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={merge.isPending}>
            <GitMerge aria-hidden className="h-4 w-4" /> Merge Cities
          </Button>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-600 sm:col-span-3">
              {error}
            </p>
          ) : null}
        </form>
      </section>

      <CityFixForm cities={cities.data ?? []} />

      <section aria-labelledby="cities-heading">
        <h2 id="cities-heading" className="text-xl font-bold text-slate-900">
          Cities
        </h2>
        {cities.isPending ? <p className="mt-3 text-slate-600">Loading cities...</p> : null}
        {cities.isError ? <p className="mt-3 text-red-700">Cities could not be loaded.</p> : null}
        {cities.data ? (
          <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Cities">
            <table className="w-full min-w-[32rem] text-left text-sm" data-testid="cities-table">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">City</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Country</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">Live hotels</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">All listings</th>
                  <th scope="col" className="px-4 py-3 font-semibold">On the map</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {cities.data.map((city) => (
                  <tr key={city.id}>
                    <th scope="row" className="px-4 py-3 font-semibold text-slate-900">{city.name}</th>
                    <td className="px-4 py-3 text-slate-700">{city.country}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{count(city.hotelCount)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{count(city.listingCount)}</td>
                    <td className="px-4 py-3 text-slate-700">{city.latitude !== null && city.longitude !== null ? `${city.latitude.toFixed(3)}, ${city.longitude.toFixed(3)}` : 'No coordinates'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !merge.isPending) setConfirming(false);
        }}
        title="Merge these cities?"
        description={
          <>
            The {count(from?.listingCount)} listings in <strong className="font-semibold text-slate-900">{from ? cityLabel(from) : ''}</strong> move to{' '}
            <strong className="font-semibold text-slate-900">{into ? cityLabel(into) : ''}</strong>, and {from?.name} is removed from the city list.
          </>
        }
        confirmLabel="Merge Cities"
        busyLabel="Merging..."
        busy={merge.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
