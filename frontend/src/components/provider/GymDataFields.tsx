import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  equipmentCategories,
  equipmentCategoryTitles,
  equipmentPieceGroupTitles,
  equipmentPieceItems,
  equipmentPieceKinds,
  equipmentPieceNames,
  equipmentPieceSlots,
  equipmentTaxonomy,
  gymEntryKinds,
  gymEntryLabels,
  guestFeePeriods,
  pieceKey,
  plateKindLabels,
  plateKinds,
  supportedCurrencies,
  weekDayNames,
  weekDays,
  type EquipmentPieceItem,
  type WeightUnit,
} from '@reproute/contracts';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { equipmentLabelText } from '@/lib/hotel';
import { SelectField } from './FormControls';
import { pieceSlotId, weightFieldBounds, type GymDataFormValues, type GymWeightField } from './gymDataForm';

const LocationPicker = lazy(() => import('./LocationPicker'));
const hasKinds = (item: EquipmentPieceItem) => equipmentPieceKinds[item].length > 0;

/** A gym field's path under the form's gym (`entry`, `days.mon`, `pieces.rack_power-rack`). */
type GymField = keyof GymDataFormValues | `days.${string}` | `pieces.${string}`;
type FieldErrors = { message?: string } | undefined;

export interface GymDataFieldsProps {
  /** Registers one of the gym fields (the caller adds its own prefix). */
  register: (field: GymField) => UseFormRegisterReturn;
  /** The form's errors for these fields (react-hook-form's nested errors object). */
  errors?: Partial<Record<keyof GymDataFormValues, FieldErrors | Record<string, FieldErrors>>>;
  /** The gym's pin from the map (sets latitude and longitude). */
  onPickGymPoint?: (latitude: number, longitude: number) => void;
  /** The live coordinates, for the map's pin. */
  gymLatitude?: string;
  gymLongitude?: string;
  /** Some day has hours of its own: the by-day fields start open. */
  daysFilled?: boolean;
  /** The live value of "Open 24 hours": the times are hidden while it is ticked. */
  open24Hours: boolean;
  /** Makes the ids unique when two forms are on one page. */
  idPrefix: string;
  /** The unit the weights are typed in (the form's `weightUnit`): labels and bounds say it. */
  weightUnit?: WeightUnit;
}

/** Example weights, in each unit. */
const weightPlaceholders: Record<WeightUnit, Partial<Record<GymWeightField, string>>> = {
  kg: { heaviestDumbbellKg: '40', lightestDumbbellKg: '2', heaviestKettlebellKg: '32' },
  lb: { heaviestDumbbellKg: '90', lightestDumbbellKg: '5', heaviestKettlebellKg: '70' },
};

const boxClass = 'h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600';

function CheckRow({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
      {children}
      <span>{label}</span>
    </label>
  );
}

/**
 * The gym as travellers filter it: the equipment checklist in the taxonomy's four groups (each a
 * fieldset with its legend), other equipment as text, hours, size, heaviest dumbbell and services.
 */
export function GymDataFields({ register, errors, open24Hours, idPrefix, onPickGymPoint, gymLatitude = '', gymLongitude = '', daysFilled = false, weightUnit = 'kg' }: GymDataFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name.replace(/[^a-z0-9]+/gi, '-')}`;
  const message = (field: keyof GymDataFormValues) => (errors?.[field] as FieldErrors)?.message;
  const nested = (field: 'days' | 'pieces', key: string) => (errors?.[field] as Record<string, FieldErrors> | undefined)?.[key]?.message;
  const [mapOpen, setMapOpen] = useState(false);
  const [daysOpen, setDaysOpen] = useState(daysFilled);
  // A listing's stored week arrives after the first render on the edit page.
  useEffect(() => {
    if (daysFilled) setDaysOpen(true);
  }, [daysFilled]);
  const dayError = weekDays.some((d) => nested('days', d));
  const coordinate = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));
  /** A weight's input props in the form's unit: its bounds and step, an example, its message. */
  const weight = (field: GymWeightField) => {
    const { min, max, step } = weightFieldBounds(field, weightUnit);
    return { type: 'number', inputMode: 'decimal', min, max, step: String(step), placeholder: weightPlaceholders[weightUnit][field], error: message(field), ...register(field) } as const;
  };
  return (
    <>
      <TextField id={id('gym-name')} label="What the gym is called" placeholder="Riverside Health Club" error={message('name')} {...register('name')} />
      <SelectField id={id('entry')} label="How guests get in" error={message('entry')} {...register('entry')}>
        <option value="">Not stated</option>
        {gymEntryKinds.map((kind) => (
          <option key={kind} value={kind}>
            {gymEntryLabels[kind]}
          </option>
        ))}
      </SelectField>
      <TextAreaField id={id('gym-description')} label="About the gym" className="sm:col-span-2" rows={3} placeholder="What a guest finds, and anything they should know before going" error={message('description')} {...register('description')} />

      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Guest fee</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField id={id('fee')} label="Amount (0 if free)" type="number" inputMode="decimal" min={0} step="0.01" error={message('feeAmount')} {...register('feeAmount')} />
          <SelectField id={id('fee-currency')} label="Fee charged in" {...register('feeCurrency')}>
            {supportedCurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <SelectField id={id('fee-per')} label="Charged per" {...register('feePer')}>
            {guestFeePeriods.map((p) => (
              <option key={p} value={p}>
                Per {p}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="mt-2 px-1 text-xs text-slate-600">Leave the amount empty if you do not know it.</p>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Where the gym is (partner or nearby gyms)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id={id('gym-address')} label="Gym location (street, town)" className="sm:col-span-2" placeholder="1 Westferry Circus, London E14 4HD" error={message('address')} {...register('address')} />
          <TextField id={id('distance')} label="Distance from the hotel (m)" type="number" inputMode="numeric" min={0} step={1} error={message('distanceMetres')} {...register('distanceMetres')} />
          <TextField id={id('walk')} label="Walking time (minutes)" type="number" inputMode="numeric" min={0} step={1} error={message('walkingMinutes')} {...register('walkingMinutes')} />
          <TextField id={id('gym-lat')} label="Gym latitude" inputMode="decimal" error={message('latitude')} {...register('latitude')} />
          <TextField id={id('gym-lng')} label="Gym longitude" inputMode="decimal" error={message('longitude')} {...register('longitude')} />
        </div>
        {onPickGymPoint ? (
          <div className="mt-3">
            <button type="button" className="text-sm font-semibold text-brand-700 underline underline-offset-2" aria-expanded={mapOpen} onClick={() => setMapOpen((open) => !open)}>
              {mapOpen ? 'Hide the map' : 'Set the gym on a map'}
            </button>
            {mapOpen ? (
              <div className="mt-2">
                <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-slate-100" />}>
                  <LocationPicker latitude={coordinate(gymLatitude)} longitude={coordinate(gymLongitude)} onPick={onPickGymPoint} subject="the gym" />
                </Suspense>
              </div>
            ) : null}
          </div>
        ) : null}
        <p className="mt-2 px-1 text-xs text-slate-600">Leave these empty for a gym in the hotel.</p>
      </fieldset>

      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        {equipmentCategories.map((category) => (
          <fieldset key={category} className="rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{equipmentCategoryTitles[category]}</legend>
            <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-1 lg:grid-cols-2">
              {Object.keys(equipmentTaxonomy[category]).map((label) => (
                <CheckRow key={label} id={id(`eq-${label}`)} label={equipmentLabelText(label)}>
                  <input id={id(`eq-${label}`)} type="checkbox" value={label} className={boxClass} {...register('equipment')} />
                </CheckRow>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <TextField
        label="Other equipment"
        className="sm:col-span-2"
        placeholder="Sled lane, Climbing wall"
        hint={<p className="mt-1.5 text-xs text-slate-600">Anything not in the lists above, separated by commas. Travellers can search for these words.</p>}
        error={message('extras')}
        {...register('extras')}
      />

      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Opening hours</legend>
        <CheckRow id={id('open24')} label="Open 24 hours">
          <input id={id('open24')} type="checkbox" className={boxClass} {...register('open24Hours')} />
        </CheckRow>
        {open24Hours ? null : (
          <>
            <div className="mt-2 grid grid-cols-2 gap-3">
              <TextField id={id('opens')} label="Opens at" type="time" error={message('opensAt')} {...register('opensAt')} />
              <TextField id={id('closes')} label="Closes at" type="time" error={message('closesAt')} {...register('closesAt')} />
            </div>
            <p className="mt-2 text-xs text-slate-600">Leave the times empty if you do not know them.</p>
          </>
        )}
        <details className="mt-3 rounded-lg bg-slate-50 p-2" open={daysOpen || dayError} onToggle={(event) => setDaysOpen(event.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">Hours that differ by day</summary>
          <p className="mt-1 text-xs text-slate-600">Only the days that differ: 06:00-20:00, 24h or closed. An empty day has the hours above.</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {weekDays.map((day) => (
              <TextField key={day} id={id(`day-${day}`)} label={weekDayNames[day]} placeholder="06:00-22:00" error={nested('days', day)} {...register(`days.${day}`)} />
            ))}
          </div>
        </details>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">How many of each</legend>
        <p className="px-1 text-xs text-slate-600">Leave a count empty if you do not know it; 0 means none.</p>
        <div className="mt-2 grid grid-cols-2 items-end gap-x-3 gap-y-2 lg:grid-cols-3">
          {[...equipmentPieceItems.filter(hasKinds), null].map((item) => (
            <div key={item ?? 'other'} role="group" aria-labelledby={id(`pieces-${item ?? 'other'}`)} className="contents">
              <p id={id(`pieces-${item ?? 'other'}`)} className="col-span-2 pt-2 text-sm font-semibold text-slate-800 lg:col-span-3">
                {item ? equipmentPieceGroupTitles[item] : 'Platforms and cardio'}
              </p>
              {equipmentPieceSlots
                .filter((slot) => (item ? slot.item === item : !hasKinds(slot.item)))
                .map((slot) => {
                  const slotId = pieceSlotId(slot.item, slot.kind);
                  const name = equipmentPieceNames[pieceKey(slot.item, slot.kind)]![1];
                  return (
                    <TextField
                      key={slotId}
                      id={id(`count-${slotId}`)}
                      label={name.charAt(0).toUpperCase() + name.slice(1)}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      step={1}
                      error={nested('pieces', slotId)}
                      {...register(`pieces.${slotId}`)}
                    />
                  );
                })}
            </div>
          ))}
        </div>
      </fieldset>

      <TextField
        id={id('size')}
        label="Gym size (m²)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="450"
        error={message('sizeSqm')}
        {...register('sizeSqm')}
      />
      <TextField id={id('dumbbell')} label={`Heaviest dumbbell (${weightUnit})`} {...weight('heaviestDumbbellKg')} />
      <TextField id={id('lightest')} label={`Lightest dumbbell (${weightUnit})`} {...weight('lightestDumbbellKg')} />
      <TextField id={id('kettlebell')} label={`Heaviest kettlebell (${weightUnit})`} {...weight('heaviestKettlebellKg')} />
      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Plates</legend>
        <div className="grid gap-x-2 sm:grid-cols-3">
          {plateKinds.map((kind) => (
            <CheckRow key={kind} id={id(`plates-${kind}`)} label={`${plateKindLabels[kind].charAt(0).toUpperCase()}${plateKindLabels[kind].slice(1)} plates`}>
              <input id={id(`plates-${kind}`)} type="checkbox" value={kind} className={boxClass} {...register('plateKinds')} />
            </CheckRow>
          ))}
        </div>
        <TextField id={id('plates-total')} label={`Total plate weight (${weightUnit})`} className="mt-2 sm:max-w-xs" {...weight('platesTotalKg')} />
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Services</legend>
        <div className="grid gap-x-2 sm:grid-cols-2">
          <CheckRow id={id('trainer')} label="Personal trainer">
            <input id={id('trainer')} type="checkbox" className={boxClass} {...register('hasPersonalTrainer')} />
          </CheckRow>
          <CheckRow id={id('classes')} label="Fitness classes">
            <input id={id('classes')} type="checkbox" className={boxClass} {...register('hasFitnessClasses')} />
          </CheckRow>
        </div>
        <p className="mt-1 px-2 text-xs text-slate-600">Pool and sauna are in Recovery &amp; Wellness above.</p>
      </fieldset>
    </>
  );
}
