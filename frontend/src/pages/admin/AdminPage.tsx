import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Building2, ClipboardList, Crown, Flag, History, MapPin, MessageSquareText, MousePointerClick, Plus, Search, Star, X } from 'lucide-react';
import { hotelStatuses, type AdminHotelSortKey, type Hotel } from '@reproute/contracts';
import { useAdminHotelPage, useAdminHotelStats, useDeleteHotel, useHotelRevisions, usePendingHotelCount } from '@/api/admin';
import { usePendingReviews } from '@/api/reviews';
import { HotelsTable } from '@/components/admin/HotelsTable';
import { adminFilterDelayMs, adminHotelApiQuery, adminHotelStateFrom, adminHotelsPerPage, nextAdminHotelSort } from '@/components/admin/adminHotelQuery';
import { hasReviewFilters } from '@/components/admin/reviewModerationQuery';
import { ConfirmDialog } from '@/components/provider/ConfirmDialog';
import { PanelTabs } from '@/components/provider/PanelTabs';
import { PageSpinner } from '@/components/PageSpinner';
import { WhenOpened } from '@/components/ui/WhenOpened';
import { StatCard } from '@/components/provider/StatCard';
import { Button } from '@/components/ui/Button';
import { Pager } from '@/components/ui/Pager';
import { FilterSelect } from '@/components/provider/FormControls';
import { inputClass } from '@/components/ui/Field';
import { Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useUrlFilterText, useUrlFilters } from '@/hooks/useUrlFilters';
import { toast } from '@/store/toast';

// The other tabs and the hotel form load when first opened; the hotel table shows first.
const AuditLog = lazy(() => import('@/components/admin/AuditLog').then((m) => ({ default: m.AuditLog })));
const CitiesPanel = lazy(() => import('@/components/admin/CitiesPanel').then((m) => ({ default: m.CitiesPanel })));
const HotelDialog = lazy(() => import('@/components/admin/HotelDialog').then((m) => ({ default: m.HotelDialog })));
const PendingListings = lazy(() => import('@/components/admin/PendingListings').then((m) => ({ default: m.PendingListings })));
const PendingRevisions = lazy(() => import('@/components/admin/PendingRevisions').then((m) => ({ default: m.PendingRevisions })));
const ReviewModeration = lazy(() => import('@/components/admin/ReviewModeration').then((m) => ({ default: m.ReviewModeration })));
const GymReportsQueue = lazy(() => import('@/components/admin/GymReportsQueue').then((m) => ({ default: m.GymReportsQueue })));

function LazyPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner label="Loading section" />}>{children}</Suspense>;
}

const statusFilterLabels = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

function CountPill({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">{count}</span>;
}

/** /admin (admins only; the route guard shows Access Denied to others). */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  // The table's state lives in the URL (q, status, sort, page) so a reload or a shared link shows the same page.
  const { params, update } = useUrlFilters<'q' | 'status' | 'sort' | 'page'>();
  const table = adminHotelStateFrom(params);
  const hotels = useAdminHotelPage(adminHotelApiQuery(table));
  const stats = useAdminHotelStats();
  const pendingReviews = usePendingReviews();
  const pendingHotels = usePendingHotelCount();
  const revisions = useHotelRevisions();
  const remove = useDeleteHotel();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Hotel | null>(null);
  const [toDelete, setToDelete] = useState<Hotel | null>(null);
  // Typing replaces the history entry (one per pause would flood Back); other changes push one.
  const [filter, setFilter] = useUrlFilterText(table.q, (typed) => update({ q: typed || null }, { replace: true }), { delayMs: adminFilterDelayMs, inputId: 'hotel-filter' });
  const sortBy = (key: AdminHotelSortKey) => update({ sort: nextAdminHotelSort(table.sort, key) });
  const filtered = Boolean(table.q || table.status);
  const clearFilters = () => {
    setFilter('');
    update({ q: null, status: null });
  };
  const pageAnswer = hotels.data;
  const total = pageAnswer?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / adminHotelsPerPage));
  const first = total === 0 ? 0 : (table.page - 1) * adminHotelsPerPage + 1;
  const last = Math.min(total, table.page * adminHotelsPerPage);

  const openCreate = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (hotel: Hotel) => {
    setEditing(hotel);
    setDialogOpen(true);
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: 'Success', description: 'Hotel deleted!' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete hotel. Please try again.', variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
  };

  const loadingValue = (ready: boolean, value: number) => (ready ? value.toLocaleString('en-US') : '…');

  return (
    <Container className="py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Admin Dashboard</h1>
      <p className="mt-2 text-slate-600">Manage hotels, reviews, and platform content.</p>

      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard testId="stat-hotels" icon={<Building2 aria-hidden className="h-5 w-5" />} label="Total Hotels" value={loadingValue(stats.isSuccess, stats.data?.total ?? 0)} />
        <StatCard testId="stat-reviews" icon={<Star aria-hidden className="h-5 w-5" />} label="Total Reviews" value={loadingValue(pendingReviews.isSuccess, pendingReviews.data?.length ?? 0)} note="Awaiting moderation" />
        <StatCard testId="stat-premium" icon={<Crown aria-hidden className="h-5 w-5" />} label="Premium Hotels" value={loadingValue(stats.isSuccess, stats.data?.premium ?? 0)} />
        <StatCard testId="stat-clicks" icon={<MousePointerClick aria-hidden className="h-5 w-5" />} label="Total Clicks" value={loadingValue(stats.isSuccess, stats.data?.affiliateClicks ?? 0)} />
      </div>

      <PanelTabs
        className="mt-10"
        label="Admin sections"
        // A link or a reload holding the moderation tab's filters (rq, rstatus...) opens that tab.
        defaultValue={hasReviewFilters(params) ? 'reviews' : 'hotels'}
        tabs={[
          {
            value: 'hotels',
            label: (
              <>
                <Building2 aria-hidden className="h-4 w-4" /> Hotels Management
              </>
            ),
            content: (
              <div>
                <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
                  <h2 className="text-xl font-bold text-slate-900">Hotels</h2>
                  <Button onClick={openCreate}>
                    <Plus aria-hidden className="h-4 w-4" /> Add Hotel
                  </Button>
                </div>
                <form
                  className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,24rem)_12rem_auto] sm:items-end"
                  aria-label="Hotel filters"
                  onSubmit={(event) => event.preventDefault()}
                >
                  <div className="relative">
                    <label htmlFor="hotel-filter" className="sr-only">
                      Filter hotels
                    </label>
                    <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
                    <input
                      id="hotel-filter"
                      type="search"
                      value={filter}
                      onChange={(e) => setFilter(e.target.value)}
                      placeholder="Name, city, country or provider email"
                      className={`${inputClass} pl-9`}
                      maxLength={200}
                    />
                  </div>
                  <FilterSelect label="Status" allLabel="All statuses" values={hotelStatuses} labels={statusFilterLabels} value={table.status ?? null} onChange={(status) => update({ status })} />
                  {filtered ? (
                    <Button variant="ghost" onClick={clearFilters} className="justify-self-start">
                      <X aria-hidden className="h-4 w-4" /> Clear filters
                    </Button>
                  ) : null}
                </form>
                {hotels.isPending ? (
                  <p className="text-slate-600">Loading hotels...</p>
                ) : hotels.isError ? (
                  <p className="text-red-700">Hotels could not be loaded.</p>
                ) : (
                  <>
                    <p className="mb-3 text-sm text-slate-600" aria-live="polite" data-testid="hotel-count">
                      {total === 0 ? (filtered ? 'No hotels match these filters' : 'No hotels yet') : `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'hotel' : 'hotels'}`}
                    </p>
                    <HotelsTable hotels={pageAnswer?.items ?? []} sort={table.sort} onSort={sortBy} onEdit={openEdit} onDelete={setToDelete} />
                    {total > adminHotelsPerPage ? (
                      <Pager
                        label="Hotel pages"
                        page={table.page}
                        pageCount={pageCount}
                        onPage={(next) => update({ page: next > 1 ? String(next) : null })}
                        format={(n) => n.toLocaleString('en-US')}
                        testId="hotel-page"
                      />
                    ) : null}
                  </>
                )}
              </div>
            ),
          },
          {
            value: 'listings',
            label: (
              <>
                <ClipboardList aria-hidden className="h-4 w-4" /> Pending Listings <CountPill count={(pendingHotels.data ?? 0) + (revisions.data?.length ?? 0)} />
              </>
            ),
            content: (
              <LazyPanel>
                <PendingRevisions />
                <PendingListings />
              </LazyPanel>
            ),
          },
          {
            value: 'reviews',
            label: (
              <>
                <MessageSquareText aria-hidden className="h-4 w-4" /> Reviews Moderation <CountPill count={pendingReviews.data?.length} />
              </>
            ),
            content: (
              <LazyPanel>
                <ReviewModeration />
              </LazyPanel>
            ),
          },
          {
            value: 'audit',
            label: (
              <>
                <History aria-hidden className="h-4 w-4" /> Audit Log
              </>
            ),
            content: (
              <LazyPanel>
                <AuditLog />
              </LazyPanel>
            ),
          },
          {
            value: 'cities',
            label: (
              <>
                <MapPin aria-hidden className="h-4 w-4" /> Cities
              </>
            ),
            content: (
              <LazyPanel>
                <CitiesPanel />
              </LazyPanel>
            ),
          },
          {
            value: 'gym-reports',
            label: (
              <>
                <Flag aria-hidden className="h-4 w-4" /> Gym Reports
              </>
            ),
            content: (
              <LazyPanel>
                <GymReportsQueue />
              </LazyPanel>
            ),
          },
        ]}
      />

      <WhenOpened open={dialogOpen}>
        <HotelDialog open={dialogOpen} hotel={editing} onOpenChange={setDialogOpen} />
      </WhenOpened>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Delete this hotel?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{toDelete?.name}</strong> will be removed from RepRoute for everyone.
          </>
        }
        confirmLabel="Delete Hotel"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}
