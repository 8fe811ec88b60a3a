import * as Checkbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { equipmentCategories, equipmentCategoryTitles, equipmentTaxonomy, type WeightUnit } from '@reproute/contracts';
import { equipmentLabelInUnit } from '@/lib/hotel';

interface EquipmentFilterProps {
  selected: readonly string[];
  facets: Record<string, number> | undefined;
  onToggle: (label: string) => void;
  /** The traveller's weight unit, for a label with a weight in it ("Dumbbells ≥88 lb"). */
  unit?: WeightUnit;
}


/** The sidebar's four equipment groups, each label with its count from the search facets. */
export function EquipmentFilter({ selected, facets, onToggle, unit = 'kg' }: EquipmentFilterProps) {
  return (
    <div className="space-y-6">
      {equipmentCategories.map((category) => (
        <fieldset key={category}>
          <legend className="mb-2 text-xs font-bold tracking-wider text-slate-600 uppercase">{equipmentCategoryTitles[category]}</legend>
          <ul className="space-y-1">
            {Object.keys(equipmentTaxonomy[category]).map((label) => {
              const id = `eq-${label.replace(/[^a-z0-9]+/gi, '-')}`;
              const checked = selected.includes(label);
              const count = facets?.[label];
              return (
                <li key={label}>
                  <label htmlFor={id} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100">
                    <Checkbox.Root
                      id={id}
                      checked={checked}
                      onCheckedChange={() => onToggle(label)}
                      className="flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-slate-400 bg-white data-[state=checked]:border-brand-500 data-[state=checked]:bg-brand-500"
                    >
                      <Checkbox.Indicator>
                        <Check aria-hidden className="h-3.5 w-3.5 text-white" strokeWidth={3} />
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <span className="flex-1">{equipmentLabelInUnit(label, unit)}</span>
                    {count !== undefined ? (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" aria-label={`${count} hotels`}>
                        {count}
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
