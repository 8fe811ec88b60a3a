import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BarChart3, Building2, CalendarDays, Clock, LineChart, MessageSquare, Percent, Plug, Plus, Users } from 'lucide-react';
import type { Hotel } from '@reproute/contracts';
import { useDeleteProviderHotel, useProviderAnalytics, useProviderHotels, useProviderLeads } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { ConfirmDialog } from '@/components/provider/ConfirmDialog';
import { LeadInbox } from '@/components/provider/LeadInbox';
import { ListingCard } from '@/components/provider/ListingCard';
import { PanelTabs } from '@/components/provider/PanelTabs';
import { StatCard } from '@/components/provider/StatCard';
import { Button } from '@/components/ui/Button';
import { Container, Skeleton } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';
import { figuresFor, monthStartDay } from './dashboardFigures';
import { percent } from '@/components/provider/analytics/analyticsText';
// The team (members, roles, invitations, the activity log): loaded only when its tab opens.
const TeamPanel = lazy(() => import('@/components/provider/team/TeamPanel'));
// The reviews inbox across the properties: loaded only when its tab opens.
const ReviewsInbox = lazy(() => import('@/components/provider/reviews-inbox/ReviewsInbox'));

// The charts and demand data load only when their tab opens, so the dashboard's first load stays as small as before.
const AnalyticsPanel = lazy(() => import('@/components/provider/analytics/AnalyticsPanel'));
// Webhooks and API keys (owners): loaded only when their tab opens.
const IntegrationsPanel = lazy(() => import('@/components/provider/integrations/IntegrationsPanel'));

/** /provider/dashboard: stats, My Listings (with per-listing traffic), Lead Analytics (the inbox) and Performance (charts and demand data). */
export default function ProviderDashboardPage() {
  useDocumentTitle(pageTitles.providerDashboard);
  const { user } = useSession();
  const listings = useProviderHotels();
  // The stat cards need counts only: one lead per page, and the total of every lead / of this month's.
  const leads = useProviderLeads({ limit: 1 });
  const monthLeads = useProviderLeads({ from: monthStartDay(), limit: 1 });
  // The lead email links to ?tab=leads; a filtered inbox link (hotel, status, dates) opens the inbox too.
  const [params] = useSearchParams();
  const openTab =
    params.get('tab') === 'leads' || ['hotel', 'status', 'from', 'to', 'page'].some((key) => params.has(key)) ? 'leads' : params.get('tab') === 'performance' ? 'performance' : params.get('tab') === 'integrations' ? 'integrations' : undefined;
  const analytics = useProviderAnalytics();
  const openTeam = params.get('tab') === 'team';
  const openReviews = params.get('tab') === 'reviews';
  const remove = useDeleteProviderHotel();
  const [toDelete, setToDelete] = useState<Hotel | null>(null);

  const hotels = listings.data ?? [];

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: 'Hotel Deleted', description: 'Hotel listing has been removed successfully.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to delete the listing. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-600">{user?.companyName || 'Provider'}</p>
          <h1 className="mt-1 text-3xl font-extrabold text-slate-900 sm:text-4xl">Provider Dashboard</h1>
          <p className="mt-2 text-slate-600">Manage your listings and follow the travellers they send your way.</p>
        </div>
        <Button asChild size="lg">
          <Link to="/add-hotel">
            <Plus aria-hidden className="h-5 w-5" />
            Add Hotel
          </Link>
        </Button>
      </div>

      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard testId="stat-listings" icon={<Building2 aria-hidden className="h-5 w-5" />} label="Total Listings" value={listings.isPending ? '…' : listings.isError ? '--' : hotels.length} />
        <StatCard testId="stat-leads" icon={<Users aria-hidden className="h-5 w-5" />} label="Total Leads" value={leads.isPending ? '…' : leads.isError ? '--' : (leads.data?.total ?? 0)} />
        <StatCard testId="stat-month" icon={<CalendarDays aria-hidden className="h-5 w-5" />} label="This Month" value={monthLeads.isPending ? '…' : monthLeads.isError ? '--' : (monthLeads.data?.total ?? 0)} note="Leads since the 1st" />
        <StatCard
          testId="stat-conversion"
          icon={<Percent aria-hidden className="h-5 w-5" />}
          label="Conversion Rate"
          value={analytics.isPending ? '…' : analytics.isError || !analytics.data ? '--' : percent(analytics.data.totals.conversion)}
          note="Clicks that became leads, 30 days"
        />
      </div>

      <PanelTabs
        className="mt-10"
        label="Provider dashboard sections"
        defaultValue={openTeam ? 'team' : openReviews ? 'reviews' : openTab}
        tabs={[
          {
            value: 'listings',
            label: (
              <>
                <Building2 aria-hidden className="h-4 w-4" /> My Listings
              </>
            ),
            content: listings.isPending ? (
              <div className="grid gap-4" aria-busy="true" aria-label="Loading listings">
                <Skeleton className="h-48" />
                <Skeleton className="h-48" />
              </div>
            ) : listings.isError ? (
              <EmptyState
                icon={<Building2 aria-hidden className="h-10 w-10" />}
                title="Listings could not be loaded"
                text="The listing service did not answer. Please try again."
                action={<Button variant="outline" onClick={() => void listings.refetch()}>Try Again</Button>}
              />
            ) : hotels.length === 0 ? (
              <EmptyState
                icon={<Building2 aria-hidden className="h-10 w-10" />}
                title="No listings yet"
                text="Add your first hotel. Our team reviews it within 2-3 business days."
                action={
                  <Button asChild>
                    <Link to="/provider/listings/new">
                      <Plus aria-hidden className="h-4 w-4" /> Add Your First Listing
                    </Link>
                  </Button>
                }
              />
            ) : (
              <>
                <ChangesAwaitingReview hotels={hotels} />
                <div className="grid gap-4 xl:grid-cols-2">
                  {hotels.map((hotel) => (
                    <ListingCard key={hotel.id} hotel={hotel} figures={figuresFor(analytics.data, hotel.id)} onDelete={setToDelete} />
                  ))}
                </div>
              </>
            ),
          },
          {
            value: 'leads',
            label: (
              <>
                <BarChart3 aria-hidden className="h-4 w-4" /> Lead Analytics
              </>
            ),
            content: <LeadInbox />,
          },
          {
            value: 'team',
            label: (
              <>
                <Users aria-hidden className="h-4 w-4" /> Team
              </>
            ),
            content: (
              <Suspense fallback={<Skeleton className="h-64" aria-busy="true" aria-label="Loading the team" />}>
                <TeamPanel />
              </Suspense>
            ),
          },
          {
            value: 'reviews',
            label: (
              <>
                <MessageSquare aria-hidden className="h-4 w-4" /> Reviews
              </>
            ),
            content: (
              <Suspense fallback={<Skeleton className="h-64" aria-busy="true" aria-label="Loading reviews" />}>
                <ReviewsInbox />
              </Suspense>
            ),
          },
          {
            value: 'performance',
            label: (
              <>
                <LineChart aria-hidden className="h-4 w-4" /> Performance
              </>
            ),
            content: (
              <Suspense fallback={<Skeleton className="h-64" aria-busy="true" aria-label="Loading analytics" />}>
                <AnalyticsPanel />
              </Suspense>
            ),
          },
          {
            value: 'integrations',
            label: (
              <>
                <Plug aria-hidden className="h-4 w-4" /> Integrations
              </>
            ),
            content: (
              <Suspense fallback={<Skeleton className="h-64" aria-busy="true" aria-label="Loading integrations" />}>
                <IntegrationsPanel />
              </Suspense>
            ),
          },
        ]}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Delete this listing?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{toDelete?.name}</strong> will be removed from RepRoute for good. Leads already received stay in your
            Lead Analytics.
          </>
        }
        confirmLabel="Delete Listing"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}

function EmptyState({ icon, title, text, action }: { icon: React.ReactNode; title: string; text: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="text-slate-400">{icon}</span>
      <h2 className="mt-3 text-xl font-bold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-slate-600">{text}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** Live listings whose latest changes wait for the team: the approved details stay public meanwhile. */
function ChangesAwaitingReview({ hotels }: { hotels: Hotel[] }) {
  const waiting = hotels.filter((hotel) => hotel.pendingRevision);
  if (waiting.length === 0) return null;
  return (
    <div className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="status" data-testid="changes-awaiting-review">
      <p className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="h-4 w-4" /> Changes awaiting review
      </p>
      <p className="mt-1">Travellers see the approved details of these listings until our team approves your changes:</p>
      <ul className="mt-1 list-inside list-disc">
        {waiting.map((hotel) => (
          <li key={hotel.id}>
            <Link to={`/edit-hotel/${hotel.id}`} className="font-semibold underline underline-offset-2">
              {hotel.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
