import { lazy, Suspense, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, Clock, XCircle } from 'lucide-react';
import type { Hotel } from '@reproute/contracts';
import { useCities } from '@/api/cities';
import { useDiscardRejectedChange, useProviderHotels, useUpdateProviderHotel } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { listingFormFromHotel, toUpdateListing, type ListingFormInput } from '@/components/provider/listingForm';
import { Button } from '@/components/ui/Button';
import { Card, Container, Skeleton } from '@/components/ui/Misc';
import { ListingStatusBadge } from '@/components/provider/ListingStatusBadge';
import { revisionFieldLabels } from '@/components/admin/revisionText';
import { RevisionValue } from '@/components/admin/RevisionValue';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { toast } from '@/store/toast';

// The form and the photo manager are chunks of their own, fetched while the listing loads (the page
// can show nothing of them before it arrives).
const loadListingForm = () => import('@/components/provider/ListingForm');
const loadPhotoManager = () => import('@/components/provider/PhotoManager');
void Promise.all([loadListingForm(), loadPhotoManager()]).catch(() => undefined);
const ListingForm = lazy(() => loadListingForm().then((m) => ({ default: m.ListingForm })));
const PhotoManager = lazy(() => loadPhotoManager().then((m) => ({ default: m.PhotoManager })));
const GymFactsProviderPanel = lazy(() => import('@/components/provider/GymFactsProviderPanel').then((m) => ({ default: m.GymFactsProviderPanel })));

/** The listing as the provider last submitted it: the approved values overlaid with those awaiting review. */
function withPendingValues(hotel: Hotel): Hotel {
  const changes = hotel.pendingRevision?.changes ?? [];
  return { ...hotel, ...Object.fromEntries(changes.map((change) => [change.field, change.to])) } as Hotel;
}

const reviewedNote =
  'Changes to the name, address, city, booking URL, email for leads, photos or gym equipment and facilities of a live listing are reviewed before travellers see them (2-3 business days); other changes apply at once.';

/** /edit-hotel/{id} (ruling 4): a provider edits one of their own listings. */
export default function EditHotelPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const listings = useProviderHotels();
  const update = useUpdateProviderHotel();
  const discard = useDiscardRejectedChange();
  const cities = useCities();
  const hotel = listings.data?.find((h) => String(h.id) === id);
  useDocumentTitle(hotel ? `Edit ${hotel.name}` : pageTitles.editListing);
  const toDashboard = () => navigate('/provider/dashboard');
  // The values the form opened with, kept per form instance: photo changes made meanwhile must not be
  // undone by the form sending back the main image it showed when it opened.
  const formKey = hotel ? `${hotel.id}:${hotel.pendingRevision?.submittedAt ?? ''}:${hotel.pendingRevision?.status ?? ''}` : '';
  const rejectedChange = hotel?.pendingRevision?.status === 'rejected' ? hotel.pendingRevision : null;
  const discardChange = async () => {
    if (!hotel) return;
    try {
      await discard.mutateAsync(hotel.id);
      toast({ title: 'Changes Discarded', description: 'Your listing keeps its approved details.' });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  };
  const opened = useRef<{ key: string; values: ListingFormInput } | null>(null);
  if (hotel && opened.current?.key !== formKey) opened.current = { key: formKey, values: listingFormFromHotel(withPendingValues(hotel)) };

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <Link to="/provider/dashboard" className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-600">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Dashboard
      </Link>
      {listings.isPending ? (
        <div className="mt-6 space-y-4" aria-busy="true" aria-label="Loading listing">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : !hotel ? (
        <div className="mt-10 rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <h1 className="text-2xl font-bold text-slate-900">Listing Not Found</h1>
          <p className="mt-2 text-slate-600">
            {listings.isError ? 'Your listings could not be loaded. Please try again.' : 'This listing does not exist or belongs to another provider.'}
          </p>
          <Button className="mt-6" onClick={toDashboard}>
            Back to Dashboard
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Edit Listing</h1>
            <ListingStatusBadge hotel={hotel} />
          </div>
          <p className="mt-2 text-slate-600">{hotel.name}</p>
          {hotel.status === 'rejected' ? (
            <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-950" role="status" data-testid="rejected-listing-notice">
              <p className="flex items-center gap-2 font-semibold">
                <XCircle aria-hidden className="h-4 w-4" /> This listing was not approved yet
              </p>
              {hotel.rejectionReason ? (
                <p className="mt-1 [overflow-wrap:anywhere]">
                  <span className="font-semibold">Reason from our team:</span> {hotel.rejectionReason}
                </p>
              ) : null}
              <p className="mt-1">Fix what the reason asks below and save: the listing goes back for review.</p>
            </div>
          ) : null}
          {rejectedChange ? (
            <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-950" role="status" data-testid="rejected-changes-notice">
              <p className="flex items-center gap-2 font-semibold">
                <XCircle aria-hidden className="h-4 w-4" /> Your changes were not approved
              </p>
              <p className="mt-1 [overflow-wrap:anywhere]">
                <span className="font-semibold">Reason from our team:</span> {rejectedChange.rejectionReason}
              </p>
              <p className="mt-1">Travellers still see the approved details. The form below keeps your proposed values: fix them and save to send them for review again, or discard them.</p>
              <ul className="mt-2 space-y-1">
                {rejectedChange.changes.map((change) => (
                  <li key={change.field} className="[overflow-wrap:anywhere]">
                    <span className="font-semibold">{revisionFieldLabels[change.field]}:</span> <RevisionValue field={change.field} value={change.from} cities={cities.data} /> → <RevisionValue field={change.field} value={change.to} cities={cities.data} />
                  </li>
                ))}
              </ul>
              <Button type="button" size="sm" variant="outline" className="mt-3 bg-white" disabled={discard.isPending} onClick={() => void discardChange()}>
                {discard.isPending ? 'Discarding...' : 'Discard these changes'}
              </Button>
            </div>
          ) : null}
          {hotel.pendingRevision && !rejectedChange ? (
            <div className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="status" data-testid="pending-changes-notice">
              <p className="flex items-center gap-2 font-semibold">
                <Clock aria-hidden className="h-4 w-4" /> Your changes are awaiting review
              </p>
              <p className="mt-1">Travellers see the approved details until our team approves these changes. The form below shows your submitted values.</p>
              <ul className="mt-2 space-y-1">
                {hotel.pendingRevision.changes.map((change) => (
                  <li key={change.field} className="[overflow-wrap:anywhere]">
                    <span className="font-semibold">{revisionFieldLabels[change.field]}:</span> <RevisionValue field={change.field} value={change.from} cities={cities.data} /> → <RevisionValue field={change.field} value={change.to} cities={cities.data} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {hotel.status === 'approved' ? (
            <Suspense fallback={<Skeleton className="mt-8 h-40 w-full" />}>
              <GymFactsProviderPanel hotelId={hotel.id} />
            </Suspense>
          ) : null}
          <Card className="mt-8 p-5 sm:p-8">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <PhotoManager hotelId={hotel.id} hotelName={hotel.name} status={hotel.status} />
            </Suspense>
          </Card>
          <Card className="mt-8 p-5 sm:p-8">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <ListingForm
                key={formKey}
                defaultValues={opened.current!.values}
                busyLabel="Saving..."
                submitLabel="Save Changes"
                note={
                  hotel.status === 'rejected'
                    ? 'Saving sends this listing back for review, which takes 2-3 business days.'
                    : rejectedChange
                      ? `Saving sends your changes for review again. ${reviewedNote}`
                      : hotel.status === 'approved'
                        ? reviewedNote
                        : undefined
                }
                onCancel={toDashboard}
                onSubmit={async (values) => {
                  let saved: Hotel;
                  try {
                    const body = toUpdateListing(values, opened.current?.values);
                    if ((values.imageUrl ?? '') === (opened.current?.values.imageUrl ?? '')) delete body.imageUrl;
                    saved = await update.mutateAsync({ id: hotel.id, body });
                  } catch (error) {
                    toast({
                      title: 'Failed to Update Hotel',
                      description: serverMessageOr(error, 'Something went wrong. Please try again.'),
                      variant: 'destructive',
                    });
                    throw error;
                  }
                  if (saved.pendingRevision) {
                    toast({ title: 'Changes Submitted for Review', description: 'Your listing stays live with its approved details until our team approves the changes.' });
                  } else {
                    toast({ title: 'Listing Updated', description: 'Your changes have been saved.' });
                  }
                  toDashboard();
                }}
              />
            </Suspense>
          </Card>
        </>
      )}
    </Container>
  );
}
