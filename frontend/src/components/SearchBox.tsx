import { useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { cn } from '@/lib/cn';

interface SearchBoxProps {
  initialQuery?: string;
  onSearch: (query: string) => void;
  size?: 'hero' | 'page';
  className?: string;
}

/** Free-text search for a city, hotel name or country, with a clear button. */
export function SearchBox({ initialQuery = '', onSearch, size = 'page', className }: SearchBoxProps) {
  const [value, setValue] = useState(initialQuery);
  const [lastInitial, setLastInitial] = useState(initialQuery);
  if (initialQuery !== lastInitial) {
    // The URL changed (back/forward): show its query.
    setLastInitial(initialQuery);
    setValue(initialQuery);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  const hero = size === 'hero';
  return (
    <form role="search" onSubmit={submit} className={cn('flex w-full gap-2', hero && 'rounded-2xl bg-white p-2 shadow-2xl shadow-slate-900/30', className)}>
      <div className="relative flex-1">
        <Search aria-hidden className={cn('pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-slate-500')} />
        <input
          type="search"
          aria-label="Search by city, hotel name or country"
          placeholder="City, hotel or country"
          value={value}
          onChange={(e) => setValue(e.target.value)}
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
              if (!hero) onSearch('');
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
    </form>
  );
}
