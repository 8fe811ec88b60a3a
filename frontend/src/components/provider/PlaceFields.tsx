import type { UseFormRegisterReturn } from 'react-hook-form';
import type { City } from '@reproute/contracts';
import { cityLabel } from '@/api/cities';
import { TextField } from '@/components/ui/Field';
import { SelectField } from './FormControls';
import { anotherCity, type PlaceFormValues } from './placeForm';

type PlaceField = keyof PlaceFormValues;

interface PlaceFieldsProps {
  register: (field: PlaceField) => UseFormRegisterReturn;
  errors: Partial<Record<PlaceField, string | undefined>>;
  cities: City[] | undefined;
  loading: boolean;
  /** The live value of the city select: "Another city" reveals the city, country and coordinates. */
  cityId: string;
  placeholder: string;
  idPrefix: string;
}

/** The city choice with "Another city": a place not in the list is created with its country (and coordinates, for the map). */
export function PlaceFields({ register, errors, cities, loading, cityId, placeholder, idPrefix }: PlaceFieldsProps) {
  return (
    <>
      <SelectField id={`${idPrefix}-city`} label="City" aria-required error={errors.cityId} disabled={loading} {...register('cityId')}>
        <option value="">{loading ? 'Loading cities...' : placeholder}</option>
        {(cities ?? []).map((city) => (
          <option key={city.id} value={String(city.id)}>
            {cityLabel(city)}
          </option>
        ))}
        <option value={anotherCity}>Another city…</option>
      </SelectField>
      {cityId === anotherCity ? (
        <div className="grid gap-4 rounded-xl bg-slate-50 p-3 sm:col-span-2 sm:grid-cols-2" data-testid="another-city">
          <TextField id={`${idPrefix}-new-city`} label="City name" aria-required autoComplete="address-level2" error={errors.city} {...register('city')} />
          <TextField id={`${idPrefix}-new-country`} label="Country" aria-required autoComplete="country-name" error={errors.country} {...register('country')} />
          <TextField id={`${idPrefix}-lat`} label="Latitude (optional)" inputMode="decimal" placeholder="47.3769" error={errors.latitude} {...register('latitude')} />
          <TextField id={`${idPrefix}-lng`} label="Longitude (optional)" inputMode="decimal" placeholder="8.5417" error={errors.longitude} {...register('longitude')} />
          <p className="text-xs text-slate-600 sm:col-span-2">
            The city is added for every listing there. Coordinates place the hotel on the search map; copy them from any map app (right-click the hotel’s spot).
          </p>
        </div>
      ) : null}
    </>
  );
}
