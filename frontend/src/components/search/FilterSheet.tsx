import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useHotelSearch } from '@/api/hotels';
import { activeFilterCount, clearedFilters, type SearchFilters } from '@/lib/searchParams';
import { SearchFiltersPanel } from './SearchFilters';

interface FilterSheetProps {
  query: string;
  filters: SearchFilters;
  eq: readonly string[];
  onApply: (filters: SearchFilters, eq: readonly string[]) => void;
}

/** "Show 12 hotels" / "Show 1 hotel". */
export function showHotelsLabel(count: number): string {
  return `Show ${count} ${count === 1 ? 'hotel' : 'hotels'}`;
}

/**
 * Phones: the filters open in a sheet and change nothing until "Show N hotels", so results never
 * change off-screen. N and the counts come from the API for the pending choice.
 */
export function FilterSheet({ query, filters, eq, onApply }: FilterSheetProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState({ filters, eq });
  const preview = useHotelSearch({ query, eq: [...pending.eq], filters: pending.filters, pageSize: 1 }, { enabled: open });
  const count = activeFilterCount(filters, eq);
  // While the count for the latest choice is on its way, the previous one is not shown as its answer.
  const total = preview.isPlaceholderData ? undefined : preview.data?.total;
  const counting = total === undefined;

  const openChange = (next: boolean) => {
    if (next) setPending({ filters, eq });
    setOpen(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <SlidersHorizontal aria-hidden className="h-4 w-4" />
          Filters{count ? ` (${count})` : ''}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <Dialog.Title className="text-lg font-bold text-slate-900">Filters</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" aria-label="Close filters" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100">
                <X aria-hidden className="h-5 w-5" />
              </button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <SearchFiltersPanel filters={pending.filters} eq={pending.eq} answer={preview.data} onChange={(nextFilters, nextEq) => setPending({ filters: nextFilters, eq: nextEq })} />
          </div>
          <div className="flex items-center gap-3 border-t border-slate-200 px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <Button variant="ghost" onClick={() => setPending({ filters: clearedFilters(pending.filters), eq: [] })}>
              Clear all
            </Button>
            <Button
              className="flex-1"
              aria-busy={counting || undefined}
              disabled={total === undefined}
              onClick={() => {
                onApply(pending.filters, pending.eq);
                setOpen(false);
              }}
            >
              {total === undefined ? 'Counting hotels…' : showHotelsLabel(total)}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
