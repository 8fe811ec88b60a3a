import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Globe2, List, LocateFixed, Map as MapIcon, SearchX, X } from 'lucide-react';
import { accessibilityFeatureLabels, foldText, formatWeight, gymAccessLabels, savedSearchParamsFromUrl, trainingNeedsToParams, type HotelSort } from '@reproute/contracts';
import { useWeightUnit } from '@/lib/displayPrefs';
import { SearchBox } from '@/components/SearchBox';
import { HotelCard, HotelCardSkeleton } from '@/components/HotelCard';
import { SearchFiltersPanel, gymSizeText } from '@/components/search/SearchFilters';
import { entryFilterText, unknownFactNotices } from '@/lib/gymSpecFilters';
import { FilterSheet } from '@/components/search/FilterSheet';
import { SaveSearchButton } from '@/components/search/SaveSearchButton';
import { TrainingButton } from '@/components/training/TrainingButton';
import { useTrainingNeeds } from '@/lib/training';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useHotelSearchPages } from '@/api/hotels';
import { useCities } from '@/api/cities';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { searchPageTitle } from '@/site/titles';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import {
  activeFilterCount,
  clearedFilters,
  readSearchFilters,
  readSearchState,
  readSearchView,
  readStay,
  searchPath,
  withSearchView,
  type SearchFilters,
  type SearchView,
  type Stay,
} from '@/lib/searchParams';
import { analytics } from '@/lib/analytics';
import { equipmentLabelInUnit, equipmentLabelText } from '@/lib/hotel';
import { cn } from '@/lib/cn';
import { HydrateLater } from '@/app/hydrateLater';

/** Phones (under 768 px) get the filter sheet; wider screens the sidebar, which applies at once. */
const wideScreen = '(min-width: 768px)';

// Leaflet and its stylesheet load only when the map is first shown.
const ResultsMap = lazy(() => import('@/components/search/ResultsMap'));

/** /search: query, equipment, sorting and filters live in the URL, so reload, back and forward replay searches. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { query, eq } = readSearchState(params);
  const filters = readSearchFilters(params);
  const stay = readStay(params);
  const view = readSearchView(params);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const isWide = useMediaQuery(wideScreen);
  // "My training, matched": the saved needs travel with a fit sort (the server orders every page by them).
  const needs = useTrainingNeeds();
  const search = useHotelSearchPages({ query, eq, filters, needParams: needs ? trainingNeedsToParams(needs) : null });
  const pages = search.data?.pages ?? [];
  const data = pages[0];
  const hotels = pages.flatMap((p) => p.items);
  const total = data?.total ?? 0;
  // Nothing matched the text as typed, so the answer is for its closest spelling ("londn" → London).
  const didYouMean = data?.didYouMean ?? null;
  const shownQuery = didYouMean ?? query;
  const heading = query ? `Results for "${shownQuery}" (${total})` : `All Hotels (${total})`;
  useDocumentTitle(searchPageTitle(query));

  const go = (nextQuery: string, nextEq: readonly string[], nextFilters: SearchFilters = filters, nextStay: Stay = stay) =>
    navigate(withSearchView(searchPath(nextQuery, nextEq, nextFilters, nextStay), view));
  const showView = (nextView: SearchView) => navigate(withSearchView(searchPath(query, eq, filters, stay), nextView));
  // Sort by distance from the traveller; on refusal or failure the current sort stays and a message says why.
  const sortNearMe = () => {
    setLocationMessage(null);
    if (!('geolocation' in navigator)) {
      setLocationMessage('This browser cannot share your location, so the results keep their current order.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        apply({ ...filters, sort: 'distance', point: { lat: position.coords.latitude, lng: position.coords.longitude } }, eq);
      },
      (error) => {
        setLocating(false);
        setLocationMessage(
          error.code === error.PERMISSION_DENIED
            ? 'Location access was denied, so the results keep their current order. Allow location for this site to sort by distance from you.'
            : 'We couldn’t find your location, so the results keep their current order. Please try again.',
        );
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  const apply = (nextFilters: SearchFilters, nextEq: readonly string[]) => go(query, nextEq, nextFilters);
  const eqKey = eq.join(',');
  const filterCount = activeFilterCount(filters, eq);
  const otherFilters = filterCount - eq.length;

  useEffect(() => {
    if (!search.isSuccess || search.isPlaceholderData) return;
    if (query || eqKey) analytics().search(query, eqKey ? eqKey.split(',') : [], total);
  }, [query, eqKey, search.isSuccess, search.isPlaceholderData, total]);

  return (
    <div className="bg-slate-50 pb-16">
      <a
        href="#search-results"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-ocean-700 focus:not-sr-only focus:absolute focus:z-[60] focus:mt-2 focus:ml-2 focus:ring-2 focus:ring-ocean-500"
      >
        Skip to results
      </a>
      <HydrateLater>
        <div className="border-b border-slate-200 bg-white">
          <Container className="py-6">
            <SearchBox
              initialQuery={query}
              initialStay={stay}
              onSearch={(q, nextStay) => go(q, eq, q.trim() === query ? filters : forNewQuery(filters), nextStay)}
              className="max-w-2xl"
            />
          </Container>
        </div>
      </HydrateLater>
      <Container className="pt-8">
        <HydrateLater>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="max-w-full min-w-0 text-2xl font-bold break-words text-slate-900 sm:text-3xl" aria-live="polite">
              {search.isPending ? (query ? `Results for "${query}"` : 'All Hotels') : heading}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              {!isWide ? <FilterSheet query={query} filters={filters} eq={eq} onApply={apply} /> : null}
              <SortSelect query={query} filters={filters} onChange={(next) => apply(next, eq)} canFit={Boolean(needs)} />
              <TrainingButton />
              <Button variant="outline" size="sm" onClick={sortNearMe} disabled={locating}>
                <LocateFixed aria-hidden className="h-4 w-4" />
                {locating ? 'Locating…' : 'Near me'}
              </Button>
              <ViewToggle view={view} onChange={showView} />
              <SaveSearchButton params={withoutFitSort(savedSearchParamsFromUrl(params))} suggestedName={suggestedSearchName(query, eq, otherFilters)} />
              {query ? (
                <Button variant="outline" size="sm" onClick={() => go('', eq, forNewQuery(filters))}>
                  <Globe2 aria-hidden className="h-4 w-4" />
                  Browse All Cities
                </Button>
              ) : null}
            </div>
          </div>
        </HydrateLater>

        {locationMessage ? (
          <p role="alert" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="location-message">
            {locationMessage}
          </p>
        ) : null}

        {filters.sort === 'fit' && !needs ? (
          <p className="mt-4 rounded-xl border border-ocean-100 bg-ocean-50 px-4 py-3 text-sm text-ocean-900" data-testid="fit-needs-needs">
            These results are sorted by gym score: save what you need in My training to sort them by how well each gym fits.
          </p>
        ) : null}

        {didYouMean && !search.isPlaceholderData ? (
          <p className="mt-4 rounded-xl border border-ocean-100 bg-ocean-50 px-4 py-3 break-words text-ocean-900" data-testid="did-you-mean">
            No hotels match “{query}”, so these are hotels for {didYouMean}.{' '}
            <span className="font-semibold">
              Did you mean{' '}
              <Link to={withSearchView(searchPath(didYouMean, eq, filters, stay), view)} className="text-ocean-700 underline underline-offset-2 hover:text-ocean-900">
                {didYouMean}
              </Link>
              ?
            </span>
          </p>
        ) : null}

        <ActiveFilterChips filters={filters} eq={eq} onChange={apply} />

        <div className="mt-6 grid gap-8 md:grid-cols-[240px_1fr] lg:grid-cols-[280px_1fr]">
          {isWide ? (
            <HydrateLater>
              <aside id="search-filters" aria-label="Filters" className="self-start rounded-2xl border border-slate-200 bg-white p-5">
                <h2 className="mb-4 text-base font-bold text-slate-900">Filters</h2>
                <SearchFiltersPanel filters={filters} eq={eq} answer={data} onChange={apply} />
              </aside>
            </HydrateLater>
          ) : null}

          <section
            id="search-results"
            tabIndex={-1}
            aria-label="Search results"
            className={cn('min-w-0 scroll-mt-4 focus:outline-none md:col-start-2', search.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {unknownFactNotices(filters, data?.unknownFacts).length > 0 ? (
              // A spec filter never drops a hotel that states nothing for it without saying how many.
              <ul className="mb-4 space-y-1 rounded-xl bg-amber-50 px-4 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="unknown-facts">
                {unknownFactNotices(filters, data?.unknownFacts).map((notice) => (
                  <li key={notice.key}>{notice.text}</li>
                ))}
              </ul>
            ) : null}
            {search.isPending ? (
              <div className="grid gap-6 lg:grid-cols-2">
                {Array.from({ length: 4 }, (_, i) => (
                  <HotelCardSkeleton key={i} />
                ))}
              </div>
            ) : search.isError ? (
              <EmptyState title="Search is unavailable right now" text="We couldn't load hotels. Please try again in a moment.">
                <Button onClick={() => void search.refetch()}>Try Again</Button>
              </EmptyState>
            ) : total === 0 ? (
              eq.length > 0 && otherFilters === 0 ? (
                <EmptyState title="No hotels match the selected equipment" text="Try removing a filter or choosing fewer items.">
                  <Button onClick={() => go(query, [])}>Clear Filters</Button>
                </EmptyState>
              ) : filterCount > 0 ? (
                <EmptyState title="No hotels match these filters" text="Try removing a filter or widening the price range.">
                  <Button onClick={() => go(query, [], clearedFilters(filters))}>Clear Filters</Button>
                </EmptyState>
              ) : query ? (
                <EmptyState title={`No hotels found in '${query}'`} text="Check the spelling or try another city, hotel name or country (short forms such as NYC or UK work too).">
                  <Button variant="outline" onClick={() => go('', [])}>
                    Browse All Cities
                  </Button>
                </EmptyState>
              ) : (
                <EmptyState title="No hotels available" text="Check back later for new listings." />
              )
            ) : (
              <>
                {/* The cards' names are h3: this keeps the heading order when the filters' h2 is absent (phones). */}
                <h2 className="sr-only">Search results</h2>
                {view === 'map' ? (
                  <Suspense fallback={<div className="h-[420px] animate-pulse rounded-2xl bg-slate-200 lg:h-[560px]" aria-label="Loading the map" />}>
                    <ResultsMap hotels={hotels} />
                  </Suspense>
                ) : (
                  <div className="grid gap-6 lg:grid-cols-2" data-testid="results-grid">
                    {hotels.map((hotel, i) => (
                      <HotelCard key={hotel.id} hotel={hotel} priority={i < 2} />
                    ))}
                  </div>
                )}
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

/** List or map: two buttons, the current one pressed. */
function ViewToggle({ view, onChange }: { view: SearchView; onChange: (view: SearchView) => void }) {
  const option = (value: SearchView, text: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cn(
        // The ring is drawn inside the button: the group's rounded, clipped border would hide one drawn outside.
        'inline-flex h-9 items-center gap-1.5 px-3 text-sm font-semibold focus-visible:ring-3 focus-visible:ring-ocean-500 focus-visible:outline-none focus-visible:ring-inset',
        view === value ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 hover:bg-slate-100',
      )}
    >
      <Icon aria-hidden className="h-4 w-4" />
      {text}
    </button>
  );
  return (
    <div role="group" aria-label="Show results as" className="inline-flex overflow-hidden rounded-xl border border-slate-300">
      {option('list', 'List', List)}
      {option('map', 'Map', MapIcon)}
    </div>
  );
}

/** What "Save this search" offers as the name: the place or words, the first equipment, how many other filters. */
function suggestedSearchName(query: string, eq: readonly string[], otherFilters: number): string {
  const base = query ? query : 'All hotels';
  const equipment = eq.length > 0 ? ` with ${eq.slice(0, 2).map(equipmentLabelText).join(', ')}${eq.length > 2 ? ` +${eq.length - 2}` : ''}` : '';
  const more = otherFilters > 0 ? ` (${otherFilters} ${otherFilters === 1 ? 'filter' : 'filters'})` : '';
  return `${base}${equipment}${more}`.slice(0, 80);
}

/** A saved search keeps what it finds, not the order: a fit sort needs the traveller's needs, which are not in the URL. */
function withoutFitSort<T extends { sort?: string }>(saved: T): T {
  if (saved.sort !== 'fit') return saved;
  const { sort: _sort, ...rest } = saved;
  return rest as T;
}

/** A new place makes the old point meaningless: distance sorting starts again from rating. */
function forNewQuery(filters: SearchFilters): SearchFilters {
  return filters.sort === 'distance' ? { ...filters, sort: 'rating', point: null } : filters;
}

const sortText: Record<Exclude<HotelSort, 'distance' | 'fit'>, string> = { rating: 'Top rated', gymScore: 'Best gym score', price: 'Lowest price', name: 'Name (A–Z)' };

/**
 * Rating (default), gym score, price or name; distance when a point is known: the one in the URL, or the centre
 * of the city the query names.
 */
function SortSelect({ query, filters, onChange, canFit }: { query: string; filters: SearchFilters; onChange: (filters: SearchFilters) => void; canFit: boolean }) {
  const cities = useCities();
  const wanted = foldText(query.trim());
  const city = wanted ? cities.data?.find((c) => foldText(c.name) === wanted && c.latitude !== null && c.longitude !== null) : undefined;
  const centre = filters.point ?? (city ? { lat: city.latitude!, lng: city.longitude! } : null);
  const distanceText = filters.point ? 'Distance' : city ? 'Distance from centre' : null;
  // A fixed width, wide enough for "Distance from centre": that option arrives with the city list, and a
  // select sized by its options would then widen and push the toolbar onto another line (layout shift).
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <span className="sr-only sm:not-sr-only">Sort by</span>
      <select
        value={filters.sort}
        onChange={(e) => {
          const sort = e.target.value as HotelSort;
          onChange({ ...filters, sort, point: sort === 'distance' ? centre : filters.point });
        }}
        className="h-9 w-47 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
      >
        {(Object.keys(sortText) as (keyof typeof sortText)[]).map((sort) => (
          <option key={sort} value={sort}>
            {sortText[sort]}
          </option>
        ))}
        {distanceText && centre ? <option value="distance">{distanceText}</option> : null}
        {canFit || filters.sort === 'fit' ? <option value="fit">Best fit for me</option> : null}
      </select>
    </label>
  );
}

/** A removable chip for every filter in force, and Clear All. */
function ActiveFilterChips({ filters, eq, onChange }: { filters: SearchFilters; eq: readonly string[]; onChange: (filters: SearchFilters, eq: readonly string[]) => void }) {
  const unit = useWeightUnit();
  const chips: { key: string; text: string; removeLabel: string; remove: () => void }[] = [];
  const price = (n: number) => `${n.toLocaleString('en-US')} ${filters.currency}`;
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    const text =
      filters.minPrice !== null && filters.maxPrice !== null
        ? `${price(filters.minPrice)} – ${price(filters.maxPrice)}`
        : filters.minPrice !== null
          ? `From ${price(filters.minPrice)}`
          : `Up to ${price(filters.maxPrice!)}`;
    chips.push({ key: 'price', text, removeLabel: 'Remove price filter', remove: () => onChange({ ...filters, minPrice: null, maxPrice: null }, eq) });
  }
  if (filters.minRating !== null)
    chips.push({ key: 'rating', text: `${filters.minRating}+ stars`, removeLabel: 'Remove rating filter', remove: () => onChange({ ...filters, minRating: null }, eq) });
  for (const type of filters.gymAccessType)
    chips.push({
      key: `access-${type}`,
      text: gymAccessLabels[type],
      removeLabel: `Remove ${gymAccessLabels[type]} filter`,
      remove: () => onChange({ ...filters, gymAccessType: filters.gymAccessType.filter((t) => t !== type) }, eq),
    });
  for (const feature of filters.accessibilityFeatures)
    chips.push({
      key: `feature-${feature}`,
      text: accessibilityFeatureLabels[feature],
      removeLabel: `Remove ${accessibilityFeatureLabels[feature]} filter`,
      remove: () => onChange({ ...filters, accessibilityFeatures: filters.accessibilityFeatures.filter((f) => f !== feature) }, eq),
    });
  if (filters.open24h) chips.push({ key: '24h', text: 'Open 24 hours', removeLabel: 'Remove Open 24 hours filter', remove: () => onChange({ ...filters, open24h: false }, eq) });
  for (const band of filters.gymSize)
    chips.push({
      key: `size-${band}`,
      text: `Gym ${gymSizeText[band]}`,
      removeLabel: `Remove gym size ${gymSizeText[band]} filter`,
      remove: () => onChange({ ...filters, gymSize: filters.gymSize.filter((b) => b !== band) }, eq),
    });
  if (filters.minDumbbellKg !== null)
    chips.push({
      key: 'dumbbell',
      text: `Dumbbells ${formatWeight(filters.minDumbbellKg, unit)}+`,
      removeLabel: 'Remove heaviest dumbbell filter',
      remove: () => onChange({ ...filters, minDumbbellKg: null }, eq),
    });
  if (filters.minRacks !== null)
    chips.push({ key: 'racks', text: `${filters.minRacks}+ ${filters.minRacks === 1 ? 'rack' : 'racks'}`, removeLabel: 'Remove racks filter', remove: () => onChange({ ...filters, minRacks: null }, eq) });
  if (filters.adjustableBench) chips.push({ key: 'bench', text: 'Adjustable bench', removeLabel: 'Remove adjustable bench filter', remove: () => onChange({ ...filters, adjustableBench: false }, eq) });
  if (filters.openEarly) chips.push({ key: 'early', text: 'Opens before 06:00', removeLabel: 'Remove opens before 06:00 filter', remove: () => onChange({ ...filters, openEarly: false }, eq) });
  if (filters.openLate) chips.push({ key: 'late', text: 'Open after 22:00', removeLabel: 'Remove open after 22:00 filter', remove: () => onChange({ ...filters, openLate: false }, eq) });
  for (const kind of filters.entry)
    chips.push({ key: `entry-${kind}`, text: entryFilterText[kind], removeLabel: `Remove ${entryFilterText[kind]} filter`, remove: () => onChange({ ...filters, entry: filters.entry.filter((k) => k !== kind) }, eq) });
  for (const label of eq)
    chips.push({ key: `eq-${label}`, text: equipmentLabelInUnit(label, unit), removeLabel: `Remove ${label} filter`, remove: () => onChange(filters, eq.filter((l) => l !== label)) });
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Selected filters">
      {chips.map((chip) => (
        <span key={chip.key} className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm font-medium text-brand-700">
          {chip.text}
          <button type="button" aria-label={chip.removeLabel} onClick={chip.remove} className="rounded-full p-1 hover:bg-brand-200">
            <X aria-hidden className="h-3.5 w-3.5" />
          </button>
        </span>
      ))}
      <button type="button" onClick={() => onChange(clearedFilters(filters), [])} className="text-sm font-semibold text-ocean-700 underline-offset-2 hover:underline">
        Clear All
      </button>
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="empty-state">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX aria-hidden className="h-7 w-7" />
      </span>
      <h2 className="mt-4 max-w-full text-xl font-bold break-words text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
