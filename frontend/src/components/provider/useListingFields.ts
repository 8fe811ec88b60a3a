import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { WeightUnit } from '@reproute/contracts';
import { citiesKey, useCities } from '@/api/cities';
import { useWeightUnit } from '@/lib/displayPrefs';
import type { GymDataFieldsProps } from './GymDataFields';
import type { PlaceFieldsProps } from './PlaceFields';
import { gymWeightFields, gymWeightsIn, type GymDataFormValues } from './gymDataForm';
import { anotherCity, type PlaceFormValues } from './placeForm';

// The wiring of the gym and place fields that the admin's hotel dialog and the provider's listing form share:
// each form holds the gym under `gymData`, and the place at its top level (the dialog) or under `place` (the
// listing form). These hooks give GymDataFields and PlaceFields their props.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- forms differ in what their resolver outputs
type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, any>;
type Errors<F extends string> = Partial<Record<F, { message?: string } | undefined>>;

/**
 * The gym fields of a form: registered under `gymData.`, the times hidden while "Open 24 hours" is ticked, the
 * other equipment checked again whenever the boxes change (ticking the box it names clears its message), and the
 * weights in the unit the person reads figures in: the forms start in kilograms (as stored) and are shown in
 * pounds here when pounds are chosen, then again in the other unit whenever the choice changes.
 */
export function useGymDataFields<T extends FieldValues & { gymData: GymDataFormValues }>(form: AnyForm<T>, idPrefix: string): GymDataFieldsProps {
  const path = (field: string) => `gymData.${field}` as Path<T>;
  const errors = form.formState.errors.gymData as GymDataFieldsProps['errors'];
  const open24Hours = form.watch(path('open24Hours'));
  const ticked = form.watch(path('equipment'));
  const extrasError = Boolean(errors?.extras);
  const unit = useWeightUnit();
  const formUnit = (form.watch(path('weightUnit')) as WeightUnit | undefined) ?? 'kg';

  useEffect(() => {
    if (extrasError) void form.trigger(path('extras'));
  }, [ticked, extrasError, form]);

  // After every render, not only when the unit changes: a reset (a hotel's values arriving, the dialog opened
  // again) brings kilograms back, maybe in the same commit as a conversion, so the unit rendered is no guide.
  useEffect(() => {
    if (((form.getValues(path('weightUnit')) as WeightUnit | undefined) ?? 'kg') === unit) return;
    const converted = gymWeightsIn(form.getValues('gymData' as Path<T>) as GymDataFormValues, unit);
    for (const [field, value] of Object.entries(converted)) form.setValue(path(field), value as PathValue<T, Path<T>>);
    // A message shown under a weight names the unit: it is given again in the new one.
    const shown = gymWeightFields.filter((field) => form.getFieldState(path(field)).error);
    if (shown.length) void form.trigger(shown.map(path));
  });

  const coordinate = (field: 'latitude' | 'longitude', value: number) =>
    form.setValue(path(field), String(value) as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
  return {
    idPrefix,
    register: (field) => form.register(path(field)),
    errors,
    open24Hours: Boolean(open24Hours),
    weightUnit: formUnit,
    gymLatitude: form.watch(path('latitude')) ?? '',
    gymLongitude: form.watch(path('longitude')) ?? '',
    daysFilled: Object.values((form.getValues(path('days')) as Record<string, string> | undefined) ?? {}).some((v) => v.trim() !== ''),
    onPickGymPoint: (latitude, longitude) => {
      coordinate('latitude', latitude);
      coordinate('longitude', longitude);
    },
  };
}

/**
 * The place fields of a form, at its top level (`prefix` '') or under `place.`: the cities to choose from, the
 * chosen city re-applied once the list arrives (a select keeps "" when its value comes before its options; only
 * while `active`, the dialog being open), and a pin on the map setting the coordinates. `saved` is called after
 * a save with the city chosen, so a city added with "Another city" is in the list from then on.
 */
export function usePlaceFields<T extends FieldValues & (PlaceFormValues | { place: PlaceFormValues })>(
  form: AnyForm<T>,
  options: { prefix: '' | 'place.'; idPrefix: string; placeholder: string; active?: boolean },
): { fields: PlaceFieldsProps; saved: (cityId: string) => void } {
  const { prefix, idPrefix, placeholder, active = true } = options;
  const cities = useCities();
  const queryClient = useQueryClient();
  const path = (field: keyof PlaceFormValues) => `${prefix}${field}` as Path<T>;
  const allErrors = form.formState.errors;
  const errors = (prefix === '' ? allErrors : allErrors.place) as Errors<keyof PlaceFormValues> | undefined;
  const coordinate = (field: 'latitude' | 'longitude', value: number) =>
    form.setValue(path(field), String(value) as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });

  useEffect(() => {
    if (cities.data && active) form.setValue(path('cityId'), form.getValues(path('cityId')));
  }, [cities.data, active, form]);

  return {
    fields: {
      idPrefix,
      placeholder,
      register: (field) => form.register(path(field)),
      errors,
      cities: cities.data,
      loading: cities.isPending,
      cityId: form.watch(path('cityId')) ?? '',
      latitude: form.watch(path('latitude')) ?? '',
      longitude: form.watch(path('longitude')) ?? '',
      onPick: (latitude, longitude) => {
        coordinate('latitude', latitude);
        coordinate('longitude', longitude);
      },
    },
    saved: (cityId) => {
      if (cityId === anotherCity) void queryClient.invalidateQueries({ queryKey: citiesKey });
    },
  };
}
