import { useId } from 'react';
import { displayCurrencies, weightUnits, type SupportedCurrency, type WeightUnit } from '@reproute/contracts';
import { useDisplayCurrency, useWeightUnit } from '@/lib/displayPrefs';
import { chooseDisplay } from '@/lib/displayChoice';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';
import { cn } from '@/lib/cn';

const HOTEL_OWN = 'hotel';

/**
 * The weight unit and currency figures are shown in, chosen once for every screen (docs/decisions.md, "Units and
 * currencies shown"): kept in this browser, and in the profile when signed in.
 */
export function DisplayPicker({ className, layout = 'row' }: { className?: string; layout?: 'row' | 'stack' }) {
  const units = useWeightUnit();
  const currency = useDisplayCurrency();
  const { signedIn } = useSession();
  const id = useId();
  const choose = (change: { units?: WeightUnit; currency?: SupportedCurrency | null }) => {
    chooseDisplay(change, signedIn).catch(() =>
      toast({ title: 'Not saved to your profile', description: 'Your choice holds in this browser; we could not save it to your profile. Please try again.', variant: 'destructive' }),
    );
  };
  const selectClass =
    'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none';
  const labelClass = layout === 'row' ? 'sr-only' : 'text-xs font-bold tracking-wider text-slate-600 uppercase';
  return (
    <div className={cn(layout === 'row' ? 'flex items-center gap-1.5' : 'grid grid-cols-2 gap-3', className)} data-testid="display-picker">
      <div className={layout === 'stack' ? 'flex flex-col gap-1' : undefined}>
        <label htmlFor={`${id}-units`} className={labelClass}>
          Weights in
        </label>
        <select id={`${id}-units`} className={cn(selectClass, layout === 'row' && 'w-16')} value={units} onChange={(e) => choose({ units: e.target.value as WeightUnit })} data-testid="units-select">
          {weightUnits.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </div>
      <div className={layout === 'stack' ? 'flex flex-col gap-1' : undefined}>
        <label htmlFor={`${id}-currency`} className={labelClass}>
          Prices in
        </label>
        <select
          id={`${id}-currency`}
          className={cn(selectClass, layout === 'row' && 'w-[11.5rem]')}
          value={currency ?? HOTEL_OWN}
          onChange={(e) => choose({ currency: e.target.value === HOTEL_OWN ? null : (e.target.value as SupportedCurrency) })}
          data-testid="currency-select"
        >
          <option value={HOTEL_OWN}>Hotel’s currency</option>
          {displayCurrencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
