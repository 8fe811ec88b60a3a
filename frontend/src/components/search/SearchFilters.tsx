import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  accessibilityFeatureLabels,
  accessibilityFeatureOptions,
  convertAmount,
  formatPrice,
  formatWeight,
  gymAccessLabels,
  gymAccessTypes,
  gymEntryKinds,
  gymSizeBands,
  type GymSizeBand,
  type SupportedCurrency,
} from '@reproute/contracts';
import { useDisplayCurrency, useWeightUnit } from '@/lib/displayPrefs';
import { ratesNote } from '@/lib/prices';
import { entryFilterText, rackThresholds, unknownFactNotices } from '@/lib/gymSpecFilters';
import { EquipmentFilter } from '@/components/EquipmentFilter';
import { inputClass } from '@/components/ui/Field';
import type { HotelSearchAnswer } from '@/api/types';
import { dumbbellThresholdsKg, ratingThresholds, toggleLabel, toggleValue, type SearchFilters } from '@/lib/searchParams';
import { cn } from '@/lib/cn';

export const gymSizeText: Record<GymSizeBand, string> = {
  small: 'Under 400 sqm',
  medium: '400–999 sqm',
  large: '1,000 sqm or more',
};

export const priceRangeMessage = 'Minimum price must not be above the maximum price';

interface SearchFiltersPanelProps {
  filters: SearchFilters;
  eq: readonly string[];
  answer: (Pick<HotelSearchAnswer, 'facets' | 'filterFacets' | 'unknownFacts'> & { items?: readonly { currency?: string | null }[] }) | undefined;
  onChange: (filters: SearchFilters, eq: readonly string[]) => void;
}

/** Every search filter with its count: price, rating, gym access, the gym facts a lifter asks about, and equipment. */
export function SearchFiltersPanel({ filters, eq, answer, onChange }: SearchFiltersPanelProps) {
  const facets = answer?.filterFacets;
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch }, eq);
  const notices = Object.fromEntries(unknownFactNotices(filters, answer?.unknownFacts).map((n) => [n.key, n.text])) as Partial<Record<string, string>>;
  const unit = useWeightUnit();
  const priceCurrency = priceFilterCurrency(filters, useDisplayCurrency(), answer?.items);
  return (
    <div className="space-y-6">
      <PriceRange
        filters={filters}
        currency={priceCurrency}
        range={facets?.priceRange ?? null}
        onCommit={(minPrice, maxPrice) => set({ minPrice, maxPrice, currency: priceCurrency })}
      />

      <FilterGroup legend="Guest rating">
        <RadioOption name="minRating" label="Any rating" checked={filters.minRating === null} onSelect={() => set({ minRating: null })} />
        {ratingThresholds.map((min) => (
          <RadioOption
            key={min}
            name="minRating"
            label={`${min}+ stars`}
            count={facets?.minRating[String(min)]}
            checked={filters.minRating === min}
            onSelect={() => set({ minRating: min })}
          />
        ))}
      </FilterGroup>

      <FilterGroup legend="Gym access">
        {gymAccessTypes.map((type) => (
          <CheckOption
            key={type}
            label={gymAccessLabels[type]}
            count={facets?.gymAccessType[type]}
            checked={filters.gymAccessType.includes(type)}
            onToggle={() => set({ gymAccessType: toggleValue(filters.gymAccessType, type) })}
          />
        ))}
      </FilterGroup>

      <FilterGroup legend="Accessibility">
        {accessibilityFeatureOptions.map((feature) => (
          <CheckOption
            key={feature}
            label={accessibilityFeatureLabels[feature]}
            count={facets?.accessibilityFeatures?.[feature]}
            checked={filters.accessibilityFeatures.includes(feature)}
            onToggle={() => set({ accessibilityFeatures: toggleValue(filters.accessibilityFeatures, feature) })}
          />
        ))}
      </FilterGroup>

      <FilterGroup legend="The gym">
        <CheckOption label="Open 24 hours" count={facets?.open24h} checked={filters.open24h} onToggle={() => set({ open24h: !filters.open24h })} />
      </FilterGroup>

      <FilterGroup legend="Gym size">
        {gymSizeBands.map((band) => (
          <CheckOption
            key={band}
            label={gymSizeText[band]}
            count={facets?.gymSize[band]}
            checked={filters.gymSize.includes(band)}
            onToggle={() => set({ gymSize: toggleValue(filters.gymSize, band) })}
          />
        ))}
      </FilterGroup>

      <FilterGroup legend="Heaviest dumbbell">
        <RadioOption name="minDumbbellKg" label="Any weight" checked={filters.minDumbbellKg === null} onSelect={() => set({ minDumbbellKg: null })} />
        {dumbbellThresholdsKg.map((min) => (
          <RadioOption
            key={min}
            name="minDumbbellKg"
            label={`${formatWeight(min, unit)} or heavier`}
            count={facets?.minDumbbellKg[String(min)]}
            checked={filters.minDumbbellKg === min}
            onSelect={() => set({ minDumbbellKg: min })}
          />
        ))}
        <NoData notice={notices.minDumbbellKg} />
      </FilterGroup>

      <FilterGroup legend="Racks">
        <RadioOption name="minRacks" label="Any number" checked={filters.minRacks === null} onSelect={() => set({ minRacks: null })} />
        {rackThresholds.map((min) => (
          <RadioOption
            key={min}
            name="minRacks"
            label={min === 1 ? 'At least 1 rack' : `At least ${min} racks`}
            count={facets?.minRacks?.[String(min)]}
            checked={filters.minRacks === min}
            onSelect={() => set({ minRacks: min })}
          />
        ))}
        <NoData notice={notices.minRacks} />
      </FilterGroup>

      <FilterGroup legend="Gym specs and hours">
        <CheckOption label="Adjustable bench" count={facets?.adjustableBench} checked={filters.adjustableBench} onToggle={() => set({ adjustableBench: !filters.adjustableBench })} />
        <NoData notice={notices.adjustableBench} />
        <CheckOption label="Opens before 06:00" count={facets?.openEarly} checked={filters.openEarly} onToggle={() => set({ openEarly: !filters.openEarly })} />
        <NoData notice={notices.openEarly} />
        <CheckOption label="Open after 22:00" count={facets?.openLate} checked={filters.openLate} onToggle={() => set({ openLate: !filters.openLate })} />
        <NoData notice={notices.openLate} />
      </FilterGroup>

      <FilterGroup legend="Getting in">
        {gymEntryKinds.map((kind) => (
          <CheckOption
            key={kind}
            label={entryFilterText[kind]}
            count={facets?.entry?.[kind]}
            checked={filters.entry.includes(kind)}
            onToggle={() => set({ entry: toggleValue(filters.entry, kind) })}
          />
        ))}
        <NoData notice={notices.entry} />
      </FilterGroup>

      <div>
        <h3 className="mb-3 text-base font-bold text-slate-900">Gym equipment</h3>
        {eq.length > 1 ? (
          <div className="mb-4">
            <FilterGroup legend="Chosen equipment">
              <RadioOption name="eqMatch" label="Match all" checked={filters.eqMatch !== 'any'} onSelect={() => set({ eqMatch: 'all' })} />
              <RadioOption name="eqMatch" label="Match any" checked={filters.eqMatch === 'any'} onSelect={() => set({ eqMatch: 'any' })} />
              <li className="px-2 text-xs text-slate-600" data-testid="eq-match-hint">
                {filters.eqMatch === 'any' ? 'Hotels with at least one of the chosen items.' : 'Hotels with a chosen item of each group chosen from (strength, cardio, specialty, recovery).'}
              </li>
            </FilterGroup>
          </div>
        ) : null}
        <EquipmentFilter
          selected={eq}
          facets={answer?.facets}
          unit={unit}
          onToggle={(label) => {
            const next = toggleLabel(eq, label);
            // With fewer than two labels there is nothing to combine: back to the default.
            onChange(next.length > 1 || filters.eqMatch === 'all' ? filters : { ...filters, eqMatch: 'all' }, next);
          }}
        />
      </div>
    </div>
  );
}

/** Under a spec filter in force: the hotels it leaves out only for stating nothing. */
function NoData({ notice }: { notice: string | undefined }) {
  if (!notice) return null;
  return <li className="px-2 text-xs text-slate-600" data-testid="filter-no-data">{notice}</li>;
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-bold tracking-wider text-slate-600 uppercase">{legend}</legend>
      <ul className="space-y-1">{children}</ul>
    </fieldset>
  );
}

function Count({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" aria-label={`${count} ${count === 1 ? 'hotel' : 'hotels'}`}>
      {count}
    </span>
  );
}

const optionClass = 'flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100';
const controlClass = 'h-4 w-4 shrink-0 accent-brand-600';

function CheckOption({ label, count, checked, onToggle }: { label: string; count?: number; checked: boolean; onToggle: () => void }) {
  return (
    <li>
      <label className={optionClass}>
        <input type="checkbox" className={controlClass} checked={checked} onChange={onToggle} />
        <span className="flex-1">{label}</span>
        <Count count={count} />
      </label>
    </li>
  );
}

function RadioOption({ name, label, count, checked, onSelect }: { name: string; label: string; count?: number; checked: boolean; onSelect: () => void }) {
  const id = useId();
  return (
    <li>
      <label className={optionClass} htmlFor={id}>
        <input id={id} type="radio" name={name} className={controlClass} checked={checked} onChange={onSelect} />
        <span className="flex-1">{label}</span>
        <Count count={count} />
      </label>
    </li>
  );
}

/** Parses a price box: '' is no bound, anything else must be a whole or decimal number of 0 or more. */
export function parsePriceInput(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

/**
 * The currency the price filter speaks (docs/decisions.md, "Units and currencies shown"): the one its bounds were
 * given in, when given; else the traveller's chosen currency; else the one every hotel of the result is priced in
 * (a London search in GBP); else US dollars.
 */
export function priceFilterCurrency(
  filters: Pick<SearchFilters, 'minPrice' | 'maxPrice' | 'currency'>,
  chosen: SupportedCurrency | null,
  items: readonly { currency?: string | null }[] | undefined,
): SupportedCurrency {
  if (filters.minPrice !== null || filters.maxPrice !== null) return filters.currency;
  if (chosen) return chosen;
  const codes = new Set((items ?? []).map((item) => (item.currency || 'USD').toUpperCase()));
  const only = codes.size === 1 ? [...codes][0]! : null;
  return only && convertAmount(1, only, 'USD') !== null ? (only as SupportedCurrency) : filters.currency;
}

/** The answer's price range (in the search's currency) in the filter's currency: whole units, outward. */
export function rangeIn(range: { min: number; max: number }, from: SupportedCurrency, to: SupportedCurrency): { min: number; max: number } {
  if (from === to) return range;
  return { min: Math.floor(convertAmount(range.min, from, to) ?? range.min), max: Math.ceil(convertAmount(range.max, from, to) ?? range.max) };
}

/** Min and max nightly price; a change is applied after a short pause in typing, on Enter or on leaving the box. */
function PriceRange({
  filters,
  currency,
  range: answerRange,
  onCommit,
}: {
  filters: SearchFilters;
  currency: SupportedCurrency;
  range: { min: number; max: number } | null;
  onCommit: (min: number | null, max: number | null) => void;
}) {
  // The answer's range is in the search's currency (filters.currency); shown in the filter's.
  const range = answerRange ? rangeIn(answerRange, filters.currency, currency) : null;
  const [minText, setMinText] = useState(filters.minPrice === null ? '' : String(filters.minPrice));
  const [maxText, setMaxText] = useState(filters.maxPrice === null ? '' : String(filters.maxPrice));
  const committed = useRef({ min: filters.minPrice, max: filters.maxPrice });
  // The bounds changed elsewhere (back/forward, Clear All, a chip): show them. Our own commit arriving
  // back must not overwrite what was typed since.
  useEffect(() => {
    if (filters.minPrice === committed.current.min && filters.maxPrice === committed.current.max) return;
    committed.current = { min: filters.minPrice, max: filters.maxPrice };
    setMinText(filters.minPrice === null ? '' : String(filters.minPrice));
    setMaxText(filters.maxPrice === null ? '' : String(filters.maxPrice));
  }, [filters.minPrice, filters.maxPrice]);

  const min = parsePriceInput(minText);
  const max = parsePriceInput(maxText);
  const error = min === 'invalid' || max === 'invalid' ? 'Please enter a price as a number' : min !== null && max !== null && min > max ? priceRangeMessage : null;
  const commit = () => {
    if (error || min === 'invalid' || max === 'invalid') return;
    if (min === committed.current.min && max === committed.current.max) return;
    committed.current = { min, max };
    onCommit(min, max);
  };
  useEffect(() => {
    const timer = window.setTimeout(commit, 700);
    return () => window.clearTimeout(timer);
  });
  const errorId = useId();
  const box = (label: string, value: string, setValue: (v: string) => void, placeholder: string) => (
    <label className="flex-1 text-xs font-medium text-slate-600">
      {label}
      <input
        type="text"
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(inputClass, 'mt-1 h-10')}
      />
    </label>
  );
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-bold tracking-wider text-slate-600 uppercase">Price per night ({currency})</legend>
      <div className="flex gap-3">
        {box('Min', minText, setMinText, 'No min')}
        {box('Max', maxText, setMaxText, 'No max')}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p className="mt-2 text-xs text-slate-500">
          {range ? `From ${formatPrice(range.min, currency)} to ${formatPrice(range.max, currency)} a night here. ` : ''}Other currencies are converted {ratesNote()}.
        </p>
      )}
    </fieldset>
  );
}
