import { lazy, Suspense, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MapPin } from 'lucide-react';
import type { City } from '@reproute/contracts';
import { cityLabel } from '@/api/cities';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { SelectField } from './FormControls';
import { anotherCity, type PlaceFormValues } from './placeForm';

type PlaceField = keyof PlaceFormValues;

const LocationPicker = lazy(() => import('./LocationPicker'));

export interface PlaceFieldsProps {
  register: (field: PlaceField) => UseFormRegisterReturn;
  /** The form's errors for these fields (react-hook-form's nested errors object). */
  errors?: Partial<Record<PlaceField, { message?: string } | undefined>>;
  cities: City[] | undefined;
  loading: boolean;
  /** The live value of the city select: "Another city" reveals the city, country and coordinates. */
  cityId: string;
  placeholder: string;
  idPrefix: string;
  /** The coordinates typed so far (text, as the inputs hold them) and how a pin on the map sets them. */
  latitude: string;
  longitude: string;
  onPick: (latitude: number, longitude: number) => void;
}

const coordinate = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null);

/** The city choice with "Another city": a place not in the list is created with its country (and coordinates, for the map). */
export function PlaceFields({ register, errors, cities, loading, cityId, placeholder, idPrefix, latitude, longitude, onPick }: PlaceFieldsProps) {
  const [mapOpen, setMapOpen] = useState(false);
  return (
    <>
      <SelectField id={`${idPrefix}-city`} label="City" aria-required error={errors?.cityId?.message} disabled={loading} {...register('cityId')}>
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
          <TextField id={`${idPrefix}-new-city`} label="City name" aria-required autoComplete="address-level2" error={errors?.city?.message} {...register('city')} />
          <TextField id={`${idPrefix}-new-country`} label="Country" aria-required autoComplete="country-name" error={errors?.country?.message} {...register('country')} />
          <TextField id={`${idPrefix}-lat`} label="Latitude (optional)" inputMode="decimal" placeholder="47.3769" error={errors?.latitude?.message} {...register('latitude')} />
          <TextField id={`${idPrefix}-lng`} label="Longitude (optional)" inputMode="decimal" placeholder="8.5417" error={errors?.longitude?.message} {...register('longitude')} />
          <p className="text-xs text-slate-600 sm:col-span-2">
            The city is added for every listing there. Coordinates place the hotel on the search map: type them, or put a pin on the map.
          </p>
          <div className="sm:col-span-2">
            <Button variant="outline" size="sm" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
              <MapPin aria-hidden className="h-4 w-4" /> {mapOpen ? 'Hide the map' : 'Put a pin on a map'}
            </Button>
            {mapOpen ? (
              <div className="mt-3">
                <Suspense fallback={<p className="text-sm text-slate-600">Loading the map...</p>}>
                  <LocationPicker latitude={coordinate(latitude)} longitude={coordinate(longitude)} onPick={onPick} />
                </Suspense>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
