import { useState } from 'react';
import { Building2, ClipboardList, Crown, MessageSquareText, MousePointerClick, Plus, Search, Star } from 'lucide-react';
import type { Hotel } from '@reproute/contracts';
import { useAdminHotels, useDeleteHotel, useHotelRevisions, usePendingHotels } from '@/api/admin';
import { usePendingReviews } from '@/api/reviews';
import { HotelDialog } from '@/components/admin/HotelDialog';
import { HotelsTable } from '@/components/admin/HotelsTable';
import { PendingListings } from '@/components/admin/PendingListings';
import { PendingRevisions } from '@/components/admin/PendingRevisions';
import { ReviewModeration } from '@/components/admin/ReviewModeration';
import { totalClicks } from '@/components/admin/adminHotelForm';
import { ConfirmDialog } from '@/components/provider/ConfirmDialog';
import { PanelTabs } from '@/components/provider/PanelTabs';
import { StatCard } from '@/components/provider/StatCard';
import { Button } from '@/components/ui/Button';
import { inputClass } from '@/components/ui/Field';
import { Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { toast } from '@/store/toast';

/** The most hotels one list call answers (the catalog's limit). */
const HOTEL_LIST_LIMIT = 1000;

/** Rows rendered at first; the catalog may hold thousands of hotels. */
const PAGE_SIZE = 50;

function CountPill({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">{count}</span>;
}

/** /admin (admins only; the route guard shows Access Denied to others). */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const hotels = useAdminHotels();
  const pendingReviews = usePendingReviews();
  const pendingHotels = usePendingHotels();
  const revisions = useHotelRevisions();
  const remove = useDeleteHotel();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Hotel | null>(null);
  const [toDelete, setToDelete] = useState<Hotel | null>(null);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE_SIZE);
  const list = hotels.data ?? [];
  const term = filter.trim().toLowerCase();
  const matching = term ? list.filter((h) => [h.name, h.address, h.city, h.country].some((v) => v?.toLowerCase().includes(term))) : list;

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
        <StatCard testId="stat-hotels" icon={<Building2 aria-hidden className="h-5 w-5" />} label="Total Hotels" value={hotels.isSuccess && list.length >= HOTEL_LIST_LIMIT ? `${HOTEL_LIST_LIMIT.toLocaleString('en-US')}+` : loadingValue(hotels.isSuccess, list.length)} />
        <StatCard testId="stat-reviews" icon={<Star aria-hidden className="h-5 w-5" />} label="Total Reviews" value={loadingValue(pendingReviews.isSuccess, pendingReviews.data?.length ?? 0)} note="Awaiting moderation" />
        <StatCard testId="stat-premium" icon={<Crown aria-hidden className="h-5 w-5" />} label="Premium Hotels" value={loadingValue(hotels.isSuccess, list.filter((h) => h.isPremium).length)} />
        <StatCard testId="stat-clicks" icon={<MousePointerClick aria-hidden className="h-5 w-5" />} label="Total Clicks" value={loadingValue(hotels.isSuccess, totalClicks(list))} />
      </div>

      <PanelTabs
        className="mt-10"
        label="Admin sections"
        defaultValue="hotels"
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
                {hotels.isPending ? (
                  <p className="text-slate-600">Loading hotels...</p>
                ) : hotels.isError ? (
                  <p className="text-red-700">Hotels could not be loaded.</p>
                ) : (
                  <>
                    <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                      <div className="relative w-full sm:w-80">
                        <label htmlFor="hotel-filter" className="sr-only">
                          Filter hotels
                        </label>
                        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
                        <input
                          id="hotel-filter"
                          type="search"
                          value={filter}
                          onChange={(e) => {
                            setFilter(e.target.value);
                            setShown(PAGE_SIZE);
                          }}
                          placeholder="Filter by name, address or city"
                          className={`${inputClass} pl-9`}
                        />
                      </div>
                      <p className="text-sm text-slate-600" aria-live="polite">
                        Showing {Math.min(shown, matching.length).toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')} hotels
                      </p>
                    </div>
                    <HotelsTable hotels={matching.slice(0, shown)} onEdit={openEdit} onDelete={setToDelete} />
                    {matching.length > shown ? (
                      <div className="mt-4 flex justify-center">
                        <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                          Show more hotels
                        </Button>
                      </div>
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
                <ClipboardList aria-hidden className="h-4 w-4" /> Pending Listings <CountPill count={(pendingHotels.data?.length ?? 0) + (revisions.data?.length ?? 0)} />
              </>
            ),
            content: (
              <>
                <PendingRevisions />
                <PendingListings />
              </>
            ),
          },
          {
            value: 'reviews',
            label: (
              <>
                <MessageSquareText aria-hidden className="h-4 w-4" /> Reviews Moderation <CountPill count={pendingReviews.data?.length} />
              </>
            ),
            content: <ReviewModeration />,
          },
        ]}
      />

      <HotelDialog open={dialogOpen} hotel={editing} onOpenChange={setDialogOpen} />
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
