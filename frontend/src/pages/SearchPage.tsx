import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Globe2, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { SearchBox } from '@/components/SearchBox';
import { EquipmentFilter } from '@/components/EquipmentFilter';
import { HotelCard, HotelCardSkeleton } from '@/components/HotelCard';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useHotelSearchPages } from '@/api/hotels';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { readSearchState, searchPath, toggleLabel } from '@/lib/searchParams';
import { analytics } from '@/lib/analytics';
import { equipmentLabelText } from '@/lib/hotel';
import { cn } from '@/lib/cn';


/** /search: query and eq live in the URL, so back and forward replay searches. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { query, eq } = readSearchState(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useHotelSearchPages({ query, eq });
  const pages = search.data?.pages ?? [];
  const data = pages[0];
  const hotels = pages.flatMap((p) => p.items);
  const total = data?.total ?? 0;
  const heading = query ? `Results for "${query}" (${total})` : `All Hotels (${total})`;
  useDocumentTitle(query ? `Hotels in ${query}` : 'Search hotels');

  const go = (nextQuery: string, nextEq: readonly string[]) => navigate(searchPath(nextQuery, nextEq));
  const eqKey = eq.join(',');

  useEffect(() => {
    if (!search.isSuccess || search.isPlaceholderData) return;
    if (query || eqKey) analytics().search(query, eqKey ? eqKey.split(',') : [], total);
  }, [query, eqKey, search.isSuccess, search.isPlaceholderData, total]);

  const filterPanel = <EquipmentFilter selected={eq} facets={data?.facets} onToggle={(label) => go(query, toggleLabel(eq, label))} />;

  return (
    <div className="bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <Container className="py-6">
          <SearchBox initialQuery={query} onSearch={(q) => go(q, eq)} className="max-w-2xl" />
        </Container>
      </div>
      <Container className="pt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" aria-live="polite">
            {search.isPending ? (query ? `Results for "${query}"` : 'All Hotels') : heading}
          </h1>
          <div className="flex gap-2">
            {query ? (
              <Button variant="outline" size="sm" onClick={() => go('', eq)}>
                <Globe2 aria-hidden className="h-4 w-4" />
                Browse All Cities
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls="equipment-filters"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden className="h-4 w-4" />
              Filters{eq.length ? ` (${eq.length})` : ''}
            </Button>
          </div>
        </div>

        {eq.length > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Selected equipment">
            {eq.map((label) => (
              <span key={label} className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm font-medium text-brand-700">
                {equipmentLabelText(label)}
                <button
                  type="button"
                  aria-label={`Remove ${label} filter`}
                  onClick={() => go(query, eq.filter((l) => l !== label))}
                  className="rounded-full p-1 hover:bg-brand-200"
                >
                  <X aria-hidden className="h-3.5 w-3.5" />
                </button>
              </span>
            ))}
            <button type="button" onClick={() => go(query, [])} className="text-sm font-semibold text-ocean-700 underline-offset-2 hover:underline">
              Clear All
            </button>
          </div>
        ) : null}

        <div className="mt-6 grid gap-8 lg:grid-cols-[280px_1fr]">
          <aside
            id="equipment-filters"
            aria-label="Equipment filters"
            className={cn('rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24 lg:block lg:self-start', filtersOpen ? 'block' : 'hidden')}
          >
            <h2 className="mb-4 text-base font-bold text-slate-900">Gym equipment</h2>
            {filterPanel}
          </aside>

          <section aria-label="Search results" className={cn(search.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {search.isPending ? (
              <div className="grid gap-6 md:grid-cols-2">
                {Array.from({ length: 4 }, (_, i) => (
                  <HotelCardSkeleton key={i} />
                ))}
              </div>
            ) : search.isError ? (
              <EmptyState title="Search is unavailable right now" text="We couldn't load hotels. Please try again in a moment.">
                <Button onClick={() => void search.refetch()}>Try Again</Button>
              </EmptyState>
            ) : total === 0 ? (
              eq.length > 0 ? (
                <EmptyState title="No hotels match the selected equipment" text="Try removing a filter or choosing fewer items.">
                  <Button onClick={() => go(query, [])}>Clear Filters</Button>
                </EmptyState>
              ) : query ? (
                <EmptyState title={`No hotels found in '${query}'`} text="Check the spelling or try another city, hotel name or country.">
                  <Button variant="outline" onClick={() => go('', [])}>
                    Browse All Cities
                  </Button>
                </EmptyState>
              ) : (
                <EmptyState title="No hotels available" text="Check back later for new listings." />
              )
            ) : (
              <>
                {/* The cards' names are h3: this keeps the heading order when the filters' h2 is hidden (phones). */}
                <h2 className="sr-only">Search results</h2>
                <div className="grid gap-6 md:grid-cols-2" data-testid="results-grid">
                  {hotels.map((hotel, i) => (
                    <HotelCard key={hotel.id} hotel={hotel} priority={i < 2} />
                  ))}
                </div>
                {search.hasNextPage ? (
                  <div className="mt-8 flex flex-col items-center gap-2">
                    <p className="text-sm text-slate-600">
                      Showing {hotels.length} of {total} hotels
                    </p>
                    <Button variant="outline" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
                      {search.isFetchingNextPage ? 'Loading...' : 'Show more hotels'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        </div>
      </Container>
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="empty-state">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX aria-hidden className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
