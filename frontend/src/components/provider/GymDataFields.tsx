import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { equipmentCategories, equipmentCategoryTitles, equipmentTaxonomy } from '@reproute/contracts';
import { TextField } from '@/components/ui/Field';
import { equipmentLabelText } from '@/lib/hotel';
import type { GymDataFormValues } from './gymDataForm';

type GymField = keyof GymDataFormValues;

export interface GymDataFieldsProps {
  /** Registers one of the gym fields (the caller adds its own prefix). */
  register: (field: GymField) => UseFormRegisterReturn;
  /** The form's errors for these fields (react-hook-form's nested errors object). */
  errors?: Partial<Record<GymField, { message?: string } | undefined>>;
  /** The live value of "Open 24 hours": the times are hidden while it is ticked. */
  open24Hours: boolean;
  /** Makes the ids unique when two forms are on one page. */
  idPrefix: string;
}

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
export function GymDataFields({ register, errors, open24Hours, idPrefix }: GymDataFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <>
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
        error={errors?.extras?.message}
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
              <TextField id={id('opens')} label="Opens at" type="time" error={errors?.opensAt?.message} {...register('opensAt')} />
              <TextField id={id('closes')} label="Closes at" type="time" error={errors?.closesAt?.message} {...register('closesAt')} />
            </div>
            <p className="mt-2 text-xs text-slate-600">Leave the times empty if you do not know them.</p>
          </>
        )}
      </fieldset>

      <TextField
        id={id('size')}
        label="Gym size (m²)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="450"
        error={errors?.sizeSqm?.message}
        {...register('sizeSqm')}
      />
      <TextField
        id={id('dumbbell')}
        label="Heaviest dumbbell (kg)"
        type="number"
        inputMode="decimal"
        min={1}
        max={200}
        step="0.5"
        placeholder="40"
        error={errors?.heaviestDumbbellKg?.message}
        {...register('heaviestDumbbellKg')}
      />

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
