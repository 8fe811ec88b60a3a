import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Search, X } from 'lucide-react';
import { searchQueryMaxLength, type SearchSuggestion } from '@reproute/contracts';
import { cn } from '@/lib/cn';
import { TextField } from './ui/Field';
import { SearchCombobox } from './SearchCombobox';
import { useSearchSuggestions } from '@/api/search';
import { useDebouncedValue } from '@/hooks/useDebouncedValue';
import { MAX_GUESTS, MIN_GUESTS, defaultFilters, noStay, searchPath, stayErrors, stayQuery, todayIso, type Stay, type StayErrors } from '@/lib/searchParams';

interface SearchBoxProps {
  initialQuery?: string;
  /** The dates and guests to show (from the URL). */
  initialStay?: Stay;
  onSearch: (query: string, stay: Stay) => void;
  size?: 'hero' | 'page';
  className?: string;
}

/** Guests shown when the URL names none: the booking dialog's default. */
const DEFAULT_GUESTS = 2;

interface StayInput {
  checkIn: string;
  checkOut: string;
  adults: string;
}

function stayInput(stay: Stay): StayInput {
  return { checkIn: stay.checkIn ?? '', checkOut: stay.checkOut ?? '', adults: String(stay.adults ?? DEFAULT_GUESTS) };
}

/** The stay a valid form sends on: guests only when dates are chosen or the number differs from the default. */
function stayOf(input: StayInput): Stay {
  const adults = Number(input.adults);
  const dated = Boolean(input.checkIn && input.checkOut);
  return { checkIn: input.checkIn || null, checkOut: input.checkOut || null, adults: dated || adults !== DEFAULT_GUESTS ? adults : null };
}

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_AFTER_MS = 150;
const noSuggestions: SearchSuggestion[] = [];

/**
 * Free-text search for a city, hotel name or country, with suggestions as the traveller types (places, hotels,
 * equipment), a clear button, check-in, check-out and guests. The text is searched as typed unless a suggestion is chosen.
 */
export function SearchBox({ initialQuery = '', initialStay = noStay, onSearch, size = 'page', className }: SearchBoxProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialQuery);
  const [typed, setTyped] = useState(false);
  const suggestions = useSearchSuggestions(useDebouncedValue(typed ? value : '', SUGGEST_AFTER_MS));
  const [lastInitial, setLastInitial] = useState(initialQuery);
  const initialStayKey = stayQuery(initialStay);
  const [stay, setStay] = useState(() => stayInput(initialStay));
  const [lastStayKey, setLastStayKey] = useState(initialStayKey);
  const [checked, setChecked] = useState(false);
  const fields = useRef<Record<keyof StayErrors, HTMLInputElement | null>>({ checkIn: null, checkOut: null, adults: null });
  if (initialQuery !== lastInitial) {
    // The URL changed (back/forward): show its query.
    setLastInitial(initialQuery);
    setValue(initialQuery);
    setTyped(false);
  }
  if (initialStayKey !== lastStayKey) {
    setLastStayKey(initialStayKey);
    setStay(stayInput(initialStay));
    setChecked(false);
  }
  const today = todayIso();
  // Messages appear once the traveller has tried to search, then follow each change.
  const errors: StayErrors = checked ? stayErrors(stay, today) : {};

  /** The stay to send on, or null (its first wrong field focused) when it has a mistake. */
  const validStay = (): Stay | null => {
    const found = stayErrors(stay, today);
    const firstInvalid = (['checkIn', 'checkOut', 'adults'] as const).find((field) => found[field]);
    if (firstInvalid) {
      setChecked(true);
      fields.current[firstInvalid]?.focus();
      return null;
    }
    return stayOf(stay);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = validStay();
    if (chosen) onSearch(value.trim(), chosen);
  };
  // A place searches its name, a hotel opens its page, equipment searches hotels that have it.
  const choose = (suggestion: SearchSuggestion) => {
    if (suggestion.kind === 'hotel' && suggestion.slug) {
      navigate(`/hotels/${suggestion.slug}`);
      return;
    }
    const chosen = validStay();
    if (!chosen) return;
    setTyped(false);
    if (suggestion.kind === 'equipment' && suggestion.equipment) {
      setValue('');
      navigate(searchPath('', [suggestion.equipment], defaultFilters, chosen));
      return;
    }
    const text = suggestion.query ?? suggestion.label;
    setValue(text);
    onSearch(text, chosen);
  };
  const hero = size === 'hero';
  const dayAfter = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return todayIso(new Date(y, m - 1, d + 1));
  };
  return (
    <form
      role="search"
      noValidate
      onSubmit={submit}
      className={cn('flex w-full flex-col gap-3', hero && 'rounded-2xl bg-white p-2 text-slate-900 shadow-2xl shadow-slate-900/30 sm:p-3', className)}
    >
      <div className="flex w-full gap-2">
        <div className="relative flex-1">
          <Search aria-hidden className={cn('pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-500')} />
          <SearchCombobox
            label="Search by city, hotel name or country"
            placeholder="City, hotel or country"
            maxLength={searchQueryMaxLength}
            value={value}
            onChange={(next) => {
              setValue(next);
              setTyped(true);
            }}
            suggestions={typed && value.trim() !== '' ? (suggestions.data?.items ?? noSuggestions) : noSuggestions}
            didYouMean={suggestions.data?.didYouMean ?? null}
            onChoose={choose}
            className={cn(
              'w-full rounded-xl border-0 bg-white pr-10 pl-11 text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-ocean-500/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden',
              hero ? 'h-12 text-base' : 'h-11 border border-slate-300 text-[15px] shadow-sm',
            )}
          />
          {value ? (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setValue('');
                if (!hero) onSearch('', stayErrorsFree(stay, today) ? stayOf(stay) : initialStay);
              }}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <button
          type="submit"
          className={cn(
            'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700',
            hero ? 'h-12' : 'h-11',
          )}
        >
          <Search aria-hidden className="h-4 w-4 sm:hidden" />
          <span className="max-sm:sr-only">Search</span>
        </button>
      </div>
      <fieldset className={cn('grid grid-cols-2 gap-x-2 gap-y-2 sm:grid-cols-[1fr_1fr_7rem]', hero && 'px-1 pb-1')}>
        <legend className="sr-only">Dates and guests</legend>
        <TextField
          ref={(el) => {
            fields.current.checkIn = el;
          }}
          label="Check-in"
          type="date"
          name="checkIn"
          min={today}
          value={stay.checkIn}
          error={errors.checkIn}
          onChange={(e) => setStay((s) => ({ ...s, checkIn: e.target.value }))}
          className="min-w-0"
        />
        <TextField
          ref={(el) => {
            fields.current.checkOut = el;
          }}
          label="Check-out"
          type="date"
          name="checkOut"
          min={stay.checkIn && stay.checkIn >= today ? dayAfter(stay.checkIn) : today}
          value={stay.checkOut}
          error={errors.checkOut}
          onChange={(e) => setStay((s) => ({ ...s, checkOut: e.target.value }))}
          className="min-w-0"
        />
        <TextField
          ref={(el) => {
            fields.current.adults = el;
          }}
          label="Guests"
          type="number"
          name="adults"
          inputMode="numeric"
          min={MIN_GUESTS}
          max={MAX_GUESTS}
          step={1}
          value={stay.adults}
          error={errors.adults}
          onChange={(e) => setStay((s) => ({ ...s, adults: e.target.value }))}
          className="col-span-2 min-w-0 sm:col-span-1"
        />
      </fieldset>
    </form>
  );
}

function stayErrorsFree(stay: StayInput, today: string): boolean {
  return Object.keys(stayErrors(stay, today)).length === 0;
}
