import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { useCreateProviderHotel } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { emptyListingForm, toCreateListing } from '@/components/provider/listingForm';
import { Card, Container, Skeleton } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { toast } from '@/store/toast';

// The form (react-hook-form with its zod checks) is a chunk of its own, fetched as the page's module runs, as on
// the edit page: the heading and the card are on the screen while it arrives.
const loadListingForm = () => import('@/components/provider/ListingForm');
void loadListingForm().catch(() => undefined);
const ListingForm = lazy(() => loadListingForm().then((m) => ({ default: m.ListingForm })));

export const REVIEW_NOTE = 'New listings are reviewed by our team before they go live. Review takes 2-3 business days, and we email you when it is approved.';

/** /add-hotel and /provider/listings/new: a provider submits a new listing for review. */
export default function AddHotelPage() {
  useDocumentTitle(pageTitles.addListing);
  const navigate = useNavigate();
  const create = useCreateProviderHotel();
  const toDashboard = () => navigate('/provider/dashboard');

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <Link to="/provider/dashboard" className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-600">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">Add a New Listing</h1>
      <p className="mt-2 text-slate-600">Tell travellers about your hotel and its gym. Listing is free.</p>
      <Card className="mt-8 p-5 sm:p-8">
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <ListingForm
          defaultValues={emptyListingForm}
          submitLabel="Submit for Review"
          busyLabel="Submitting..."
          note={REVIEW_NOTE}
          onCancel={toDashboard}
          onSubmit={async (values) => {
            try {
              await create.mutateAsync(toCreateListing(values));
            } catch (error) {
              toast({
                title: 'Failed to Add Hotel',
                description: serverMessageOr(error, 'Something went wrong. Please try again.'),
                variant: 'destructive',
              });
              throw error;
            }
            toast({ title: 'Listing Submitted', description: 'Your listing is pending review. It goes live once our team approves it.' });
            toDashboard();
          }}
        />
        </Suspense>
      </Card>
    </Container>
  );
}
