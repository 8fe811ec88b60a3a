import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { BadgeCheck, CheckCircle2, Clock, PenLine } from 'lucide-react';
import type { ReviewPhoto } from '@reproute/contracts';
import { travelTypes, verifiedStayRule } from '@reproute/contracts/review-values';
import { useHotel, useHotels } from '@/api/hotels';
import { serverMessageOr } from '@/api/request';
import { useSubmitReview } from '@/api/reviews';
import { SelectField } from '@/components/provider/FormControls';
import { StarRatingInput } from '@/components/reviews/StarRating';
import { ReviewGymFields, ReviewPhotoUpload } from '@/components/reviews/ReviewGymFields';
import { emptyReviewForm, toReviewRequest, type ReviewFormInput, type ReviewFormOutput } from '@/components/reviews/reviewForm';
import { Button } from '@/components/ui/Button';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Card, Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';
import { ResendVerificationButton, UnverifiedEmailNotice } from '@/components/VerifyEmailNotice';

// The form's schema and resolver (zod, the resolver library) load on demand: fetched right after the first paint
// and awaited by the first validation, so the page's first load does not carry zod (the bundle budget).
let reviewResolverLoad: Promise<Resolver<ReviewFormInput, unknown, ReviewFormOutput>> | undefined;
function loadReviewResolver() {
  reviewResolverLoad ??= import('@/components/reviews/reviewFormSchema').then(
    (module) => module.reviewFormResolver as Resolver<ReviewFormInput, unknown, ReviewFormOutput>,
    (error: unknown) => {
      reviewResolverLoad = undefined; // tried again at the next validation
      throw error;
    },
  );
  return reviewResolverLoad;
}
const reviewFormResolver: Resolver<ReviewFormInput, unknown, ReviewFormOutput> = async (values, context, options) =>
  (await loadReviewResolver())(values, context, options);

const travelTypeLabels: Record<(typeof travelTypes)[number], string> = { business: 'Business', leisure: 'Leisure', fitness: 'Fitness' };

/** /write-review and /write-review/{hotelId}: signed-in travellers review a hotel and its gym. */
export default function WriteReviewPage() {
  useDocumentTitle(pageTitles.writeReview);
  const { user } = useSession();
  const warned = useRef(false);

  useEffect(() => {
    if (!user && !warned.current) {
      warned.current = true;
      toast({ title: 'Authentication Required', description: 'Please log in to write a review.', variant: 'destructive' });
    }
  }, [user]);

  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(window.location.pathname)}`} replace />;
  return <ReviewForm />;
}

function ReviewForm() {
  const { user } = useSession();
  const unverified = Boolean(user && !user.emailVerified);
  const { hotelId } = useParams();
  const navigate = useNavigate();
  const hotels = useHotels();
  const routeHotelId = hotelId && /^\d+$/.test(hotelId) ? hotelId : undefined;
  // The list holds the top hotels only; the hotel named in the route is fetched on its own.
  const routeHotel = useHotel(routeHotelId);
  const submitReview = useSubmitReview();
  const [submitted, setSubmitted] = useState<{ hotelId: number; hotelName: string } | null>(null);
  const [photos, setPhotos] = useState<ReviewPhoto[]>([]);
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver: reviewFormResolver,
    defaultValues: emptyReviewForm(routeHotelId ?? ''),
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    void loadReviewResolver().catch(() => undefined);
  }, []);
  const contentLength = (form.watch('content') ?? '').length;
  const listed = hotels.data ?? [];
  const choices = routeHotel.data && !listed.some((h) => h.id === routeHotel.data.id) ? [routeHotel.data, ...listed] : listed;
  const sortedHotels = [...choices].sort((a, b) => a.name.localeCompare(b.name));
  const hotelChoicesReady = Boolean(hotels.data) && (!routeHotelId || !routeHotel.isPending);

  useEffect(() => {
    // Re-apply the route's hotel once the options exist, so the select shows it.
    if (hotelChoicesReady && routeHotelId && sortedHotels.some((h) => String(h.id) === routeHotelId)) form.setValue('hotelId', routeHotelId);
    // sortedHotels is derived from the two queries above.
  }, [hotelChoicesReady, routeHotelId, routeHotel.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submitReview.mutateAsync(toReviewRequest(values, photos.map((p) => p.id)));
    } catch (error) {
      toast({
        title: 'Submission Failed',
        description: serverMessageOr(error, 'Your review could not be submitted. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    const hotel = choices.find((h) => h.id === values.hotelId);
    setSubmitted({ hotelId: values.hotelId, hotelName: hotel?.name ?? 'the hotel' });
    toast({ title: 'Review Submitted', description: 'Thank you! Your review will be published after moderation.' });
    window.scrollTo({ top: 0 });
  });

  if (submitted) {
    return (
      <Container className="max-w-2xl py-14 sm:py-20">
        <Card className="p-8 text-center" data-testid="review-success">
          <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-emerald-500" />
          <h1 className="mt-4 text-3xl font-extrabold text-slate-900">Thank you for your review!</h1>
          <p className="mt-3 text-slate-600">
            Your review of <strong className="font-semibold text-slate-900">{submitted.hotelName}</strong> has been submitted. It will be published after moderation within 24-48 hours.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={`/hotels/${submitted.hotelId}`}>Back to Hotel</Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                form.reset(emptyReviewForm());
                setPhotos([]);
                setSubmitted(null);
              }}
            >
              Write Another Review
            </Button>
          </div>
        </Card>
      </Container>
    );
  }

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <span className="bg-brand-gradient flex h-12 w-12 items-center justify-center rounded-xl text-white">
        <PenLine aria-hidden className="h-6 w-6" />
      </span>
      <h1 className="mt-5 text-3xl font-extrabold text-slate-900 sm:text-4xl">Write a Review</h1>
      <p className="mt-2 text-slate-600">Tell other travellers how the hotel and its gym measured up.</p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <p className="flex items-start gap-2 rounded-xl bg-ocean-50 p-4 text-sm text-ocean-900">
          <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          Reviews are published after moderation within 24-48 hours.
        </p>
        <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
          <BadgeCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {verifiedStayRule}
        </p>
      </div>

      {unverified ? (
        <UnverifiedEmailNotice className="mt-6" testId="review-verify-notice">
          <p>
            Reviews are published only from accounts with a verified email address. Open the link we sent to <strong className="font-semibold break-all">{user?.email}</strong>, then
            submit your review. You can write it now: it stays on this page.
          </p>
          <ResendVerificationButton />
        </UnverifiedEmailNotice>
      ) : null}

      <Card className="mt-8 p-5 sm:p-8">
        <form onSubmit={onSubmit} noValidate className="grid gap-6 sm:grid-cols-2" aria-label="Your review">
          <SelectField label="Hotel" className="sm:col-span-2" error={errors.hotelId?.message} disabled={!hotelChoicesReady} {...form.register('hotelId')}>
            <option value="">{hotelChoicesReady ? 'Select a hotel' : 'Loading hotels...'}</option>
            {sortedHotels.map((hotel) => (
              <option key={hotel.id} value={String(hotel.id)}>
                {hotel.name}
                {hotel.city ? ` (${hotel.city})` : ''}
              </option>
            ))}
          </SelectField>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => <StarRatingInput label="Overall rating" name="rating" value={Number(field.value) || 0} onChange={field.onChange} onBlur={field.onBlur} error={errors.rating?.message} />}
          />
          <Controller
            control={form.control}
            name="gymRating"
            render={({ field }) => <StarRatingInput label="Gym rating" name="gymRating" value={Number(field.value) || 0} onChange={field.onChange} onBlur={field.onBlur} error={errors.gymRating?.message} />}
          />
          <TextField label="Title" className="sm:col-span-2" placeholder="Sum up your stay" maxLength={120} error={errors.title?.message} {...form.register('title')} />
          <div className="sm:col-span-2">
            <TextAreaField
              label="Review"
              rows={6}
              placeholder="How was the gym? Equipment, space, hours, cleanliness..."
              error={errors.content?.message}
              {...form.register('content')}
            />
            <p className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
              {contentLength}/1000
            </p>
          </div>
          <SelectField label="Travel type" error={errors.travelType?.message} {...form.register('travelType')}>
            <option value="">Select travel type</option>
            {travelTypes.map((type) => (
              <option key={type} value={type}>
                {travelTypeLabels[type]}
              </option>
            ))}
          </SelectField>
          <TextField label="Room type (optional)" placeholder="e.g. Deluxe King" error={errors.roomType?.message} {...form.register('roomType')} />
          <TextField label="Stay date" type="month" max={new Date().toISOString().slice(0, 7)} error={errors.stayDate?.message} {...form.register('stayDate')} />
          <div className="hidden sm:block" />
          <TextField
            label="Pros (optional)"
            placeholder="Squat rack, 24h access, sauna"
            hint={<p className="mt-1.5 text-xs text-slate-600">Separate with commas.</p>}
            error={errors.pros?.message}
            {...form.register('pros')}
          />
          <TextField
            label="Cons (optional)"
            placeholder="Small cardio area"
            hint={<p className="mt-1.5 text-xs text-slate-600">Separate with commas.</p>}
            error={errors.cons?.message}
            {...form.register('cons')}
          />
          <ReviewGymFields control={form.control} register={form.register} hourChosen={(form.watch('trainedHour') ?? '') !== ''} />
          <ReviewPhotoUpload photos={photos} onChange={setPhotos} disabled={unverified} />
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => navigate('/')}>
              Cancel
            </Button>
            <Button type="submit" size="lg" disabled={isSubmitting || unverified} aria-describedby={unverified ? 'review-verify-reason' : undefined}>
              {isSubmitting ? 'Submitting...' : 'Submit Review'}
            </Button>
            {unverified ? (
              <p id="review-verify-reason" className="text-sm text-slate-700 sm:order-first sm:mr-auto sm:self-center">
                Verify your email address to submit.
              </p>
            ) : null}
          </div>
        </form>
      </Card>
    </Container>
  );
}
