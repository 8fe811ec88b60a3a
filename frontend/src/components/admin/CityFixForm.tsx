import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import type { City } from '@reproute/contracts';
import { useUpdateCity } from '@/api/cityAdmin';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { inputClass, TextField } from '@/components/ui/Field';
import { toast } from '@/store/toast';

const cityLabel = (city: City) => `${city.name}, ${city.country}`;

/** The Cities tab's "Fix a city": rename it, fix its country and coordinates; its listings follow. */
export function CityFixForm({ cities }: { cities: City[] }) {
  const update = useUpdateCity();
  const [cityId, setCityId] = useState('');
  const [fields, setFields] = useState({ name: '', country: '', latitude: '', longitude: '' });
  const [error, setError] = useState<string | null>(null);
  const choose = (id: string) => {
    setCityId(id);
    setError(null);
    const city = cities.find((c) => String(c.id) === id);
    setFields(city ? { name: city.name, country: city.country, latitude: city.latitude?.toString() ?? '', longitude: city.longitude?.toString() ?? '' } : { name: '', country: '', latitude: '', longitude: '' });
  };
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!cityId) return setError('Choose the city to fix.');
    try {
      const city = await update.mutateAsync({ id: Number(cityId), body: { name: fields.name, country: fields.country, latitude: number(fields.latitude), longitude: number(fields.longitude) } });
      toast({ title: 'City Saved', description: `${cityLabel(city)}: ${city.listingCount ?? 0} ${(city.listingCount ?? 0) === 1 ? 'listing follows' : 'listings follow'}.` });
    } catch (err) {
      setError(serverMessageOr(err, 'The city could not be saved. Please try again.'));
    }
  };
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: event.target.value }));
  return (
    <section aria-labelledby="city-fix-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="city-fix">
      <h2 id="city-fix-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Pencil aria-hidden className="h-5 w-5" /> Fix a city
      </h2>
      <p className="mt-1 text-sm text-slate-600">Rename a city, or fix its country or its place on the map. Every listing in it follows. Two cities that are one: merge them above.</p>
      <form onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" noValidate>
        <div className="sm:col-span-2 lg:col-span-3">
          <label htmlFor="city-fix-city" className="mb-1.5 block text-sm font-medium text-slate-800">
            City to fix
          </label>
          <select id="city-fix-city" className={`${inputClass} py-2`} value={cityId} onChange={(e) => choose(e.target.value)}>
            <option value="">Choose a city</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {cityLabel(city)}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Name" value={fields.name} onChange={set('name')} disabled={!cityId} />
        <TextField label="Country" value={fields.country} onChange={set('country')} disabled={!cityId} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Latitude" inputMode="decimal" value={fields.latitude} onChange={set('latitude')} disabled={!cityId} />
          <TextField label="Longitude" inputMode="decimal" value={fields.longitude} onChange={set('longitude')} disabled={!cityId} />
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600 sm:col-span-2 lg:col-span-3">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" disabled={update.isPending || !cityId}>
            {update.isPending ? 'Saving...' : 'Save City'}
          </Button>
        </div>
      </form>
    </section>
  );
}
