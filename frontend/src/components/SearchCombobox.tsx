import { useId, useState, type KeyboardEvent } from 'react';
import { Building2, Dumbbell, Globe2, MapPin } from 'lucide-react';
import type { SearchSuggestion } from '@reproute/contracts';
import { cn } from '@/lib/cn';
import { equipmentLabelText } from '@/lib/hotel';

const kindText: Record<SearchSuggestion['kind'], string> = { city: 'City', country: 'Country', hotel: 'Hotel', equipment: 'Equipment' };
const kindIcon = { city: MapPin, country: Globe2, hotel: Building2, equipment: Dumbbell } as const;

const suggestionKey = (s: SearchSuggestion) => `${s.kind}-${s.slug ?? s.equipment ?? s.label}-${s.detail ?? ''}`;

/** What an option shows and a screen reader reads: "London, United Kingdom", "Sauna". */
export function suggestionLabel(suggestion: SearchSuggestion): string {
  const label = suggestion.kind === 'equipment' ? equipmentLabelText(suggestion.label) : suggestion.label;
  return suggestion.detail ? `${label}, ${suggestion.detail}` : label;
}

interface SearchComboboxProps {
  value: string;
  onChange: (value: string) => void;
  /** Suggestions for the text typed (already fetched); empty hides the list. */
  suggestions: readonly SearchSuggestion[];
  /** The spelling the suggestions are for when the text matched nothing ("London" for "londn"). */
  didYouMean?: string | null;
  onChoose: (suggestion: SearchSuggestion) => void;
  maxLength: number;
  label: string;
  placeholder: string;
  className?: string;
}

/**
 * The search text with suggestions, as the WAI-ARIA combobox pattern (list autocomplete, no automatic selection):
 * typing opens the list; Down and Up move through it (wrapping) and the option in focus is announced through
 * aria-activedescendant while focus stays in the text; Enter chooses it, or with no option in focus submits the
 * text as typed; Escape closes the list; a click chooses too. A status line tells screen readers how many there are.
 */
export function SearchCombobox({ value, onChange, suggestions, didYouMean, onChoose, maxLength, label, placeholder, className }: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lastSuggestions, setLastSuggestions] = useState(suggestions);
  if (suggestions !== lastSuggestions) {
    // New suggestions (the answer for a later keystroke): the option in focus keeps it if it is still there.
    const kept = active >= 0 && lastSuggestions[active] ? suggestions.findIndex((s) => suggestionKey(s) === suggestionKey(lastSuggestions[active]!)) : -1;
    setLastSuggestions(suggestions);
    setActive(kept);
  }
  const shown = open && value.trim() !== '' && suggestions.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (suggestion: SearchSuggestion) => {
    close();
    onChoose(suggestion);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0 || value.trim() === '') return;
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (shown && active >= 0 && suggestions[active]) {
        event.preventDefault();
        choose(suggestions[active]);
      } else {
        close();
      }
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const status = shown
    ? `${didYouMean ? `Nothing starts with “${value.trim()}”. Suggestions for ${didYouMean}: ` : ''}${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'}, use the up and down arrows to choose, Enter to go.`
    : '';

  return (
    <>
      <input
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={className}
      />
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-slate-900 shadow-xl shadow-slate-900/15',
          !shown && 'hidden',
        )}
      >
        {shown && didYouMean ? (
          <p className="border-b border-slate-100 px-4 py-2 text-xs font-medium text-slate-600" aria-hidden>
            Suggestions for {didYouMean}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Search suggestions" className="max-h-80 overflow-y-auto py-1">
          {shown
            ? suggestions.map((suggestion, i) => {
                const Icon = kindIcon[suggestion.kind];
                return (
                  <li
                    key={suggestionKey(suggestion)}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // Keeps focus in the text box, so the click chooses instead of closing the list first.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(suggestion)}
                    onMouseMove={() => setActive(i)}
                    className={cn('flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm', i === active ? 'bg-ocean-50 text-ocean-900 outline-2 -outline-offset-2 outline-ocean-500' : 'hover:bg-slate-50')}
                  >
                    <Icon aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
                    <span className="min-w-0 flex-1 truncate">
                      <span className="font-semibold">{suggestion.kind === 'equipment' ? equipmentLabelText(suggestion.label) : suggestion.label}</span>
                      {suggestion.detail ? <span className="text-slate-600">, {suggestion.detail}</span> : null}
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {kindText[suggestion.kind]}
                      {suggestion.hotelCount !== null ? ` · ${suggestion.hotelCount} hotel${suggestion.hotelCount === 1 ? '' : 's'}` : ''}
                    </span>
                  </li>
                );
              })
            : null}
        </ul>
      </div>
      <div role="status" className="sr-only" data-testid="suggestions-status">
        {status}
      </div>
    </>
  );
}
